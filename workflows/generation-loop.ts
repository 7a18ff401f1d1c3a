import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  TimeoutFailure,
  isCancellation,
} from '@temporalio/workflow';
import {
  cancelled,
  DOOM_LOOP_THRESHOLD,
  executionBatches,
  failed,
  fingerprint,
  stepContext,
  stepsRanOut,
  workInModelCall,
  type CallFingerprint,
  type ClaimedAnswer,
  type GenerationInput,
  type GenerationStateView,
  type ModelCallResult,
  type ReplyDecision,
  type RunOutcome,
  type ToolCallInput,
  type ToolCallOutcome,
  type ToolResultStatus,
} from '../contracts/generation/index.js';
import {
  discoverMcpTools,
  executeTool,
  executeToolOnQueue,
  localStore,
  store,
  toolOptions,
  toolQueueOptions,
} from './activity-proxies.js';
import { ApprovalGate } from './approval-gate.js';
import { afterCancelRequest } from './cancel-requests.js';
import { ChildAgents } from './child-agents.js';
import { ClientPauses } from './client-pauses.js';
import { GenerationState } from './generation-state.js';
import { HookRunner } from './hook-runner.js';
import { actCalls, type ActCall } from './loop/act-calls.js';
import { startsChild } from './loop/child-calls.js';
import { resolveStepControls, toolsForStep } from './loop/controls.js';
import { activityFailed } from './loop/outcomes.js';
import { ModelCalls } from './model-calls.js';
import { AnswerInbox } from './pause-lifecycle.js';
import { WriteQueue } from './pending-writes.js';

/** How the loop ended: the outcome, whether its final text is reviewed, whether a model call stored it. */
interface LoopEnd {
  outcome: RunOutcome;
  reviewText: boolean;
  writtenInCall: boolean;
}

/**
 * One generation's ReAct loop: think (model call) → act (tool calls, hooks, approvals, pauses) →
 * observe (results stored) until a stop rule ends it. Each reply gets one decision
 * (`decideReply`, contracts/generation/decide-reply.ts); every side effect is an activity, and the
 * writes of the run ride on them (`WriteQueue`).
 */
export class GenerationLoop {
  private readonly writes: WriteQueue;
  private readonly state: GenerationState;
  private readonly inbox: AnswerInbox;
  private readonly hooks: HookRunner;
  private readonly approvals: ApprovalGate;
  private readonly client: ClientPauses;
  readonly children: ChildAgents;
  private readonly model: ModelCalls;
  /** The next free message sequence number. */
  private seq: number;
  private readonly toolsUsed = new Set<string>();
  private recentCalls: CallFingerprint[] = [];
  /** The input plan, with MCP servers replaced by the tools discovered on them. */
  private plan: GenerationInput['plan'];
  /** How the run ended, once its final state is stored. */
  private outcome: RunOutcome | null = null;

  constructor(private readonly input: GenerationInput) {
    this.seq = input.firstMessageSeq;
    this.plan = input.plan;
    this.writes = new WriteQueue(input.generationId);
    this.state = new GenerationState(input.generationId, input.plan.webhooks, this.writes);
    this.inbox = new AnswerInbox(this.state);
    this.model = new ModelCalls(input.generationId, input.plan.modelRetry, this.state);
    this.hooks = new HookRunner(input.generationId, input.plan.hooks, this.writes);
    this.approvals = new ApprovalGate(this.state, this.inbox, this.hooks, input.plan);
    this.client = new ClientPauses(this.state, this.inbox);
    this.children = new ChildAgents(this.state, input);
    if (input.parent) this.state.reportPausesTo(input.parent.generationId);
    // A fork's steps up to fromStep are already in its conversation and trace (docs/fork.md).
    if (input.plan.fork) {
      this.state.step = input.plan.fork.fromStep;
      for (const name of input.plan.fork.toolsUsed) this.toolsUsed.add(name);
    }
  }

  view(): GenerationStateView {
    const { phase, step, stateVersion } = this.state;
    return {
      phase,
      step,
      stateVersion,
      pendingToolCalls: this.client.pendingToolCalls(),
      toolsUsed: [...this.toolsUsed],
      usage: { ...this.model.usage },
      outcome: this.outcome,
    };
  }

  receiveAnswer(answer: ClaimedAnswer): void {
    this.inbox.receive(answer);
  }

  async run(): Promise<void> {
    // The start write rides on the run's first activity: an OnRunStart hook, MCP discovery or the first model call.
    this.writes.queue({ kind: 'status', write: this.state.statusWrite('running', null) });
    let end: LoopEnd;
    let finalText: string | null | undefined;
    try {
      end = await this.loop();
      if (end.reviewText && end.outcome.status === 'completed') {
        const { generationId } = this.input;
        const hookIds = this.hooks.preResponseIds();
        const review = await store.reviewFinalText(this.writes.carry({ generationId, step: this.state.step, hookIds }));
        finalText = review.text;
        if (review.blocked)
          end = {
            ...end,
            outcome: {
              ...end.outcome,
              stopReason: review.blocked === 'guardrail' ? 'guardrail_blocked' : 'hook_blocked',
            },
          };
      }
    } catch (err) {
      const callFailed =
        err instanceof ActivityFailure || err instanceof ApplicationFailure || err instanceof TimeoutFailure;
      if (!callFailed || isCancellation(err)) throw err;
      end = { outcome: activityFailed(err), reviewText: false, writtenInCall: false };
    }
    await this.finish(end.outcome, end.writtenInCall, finalText);
  }

  async finishCancelled(): Promise<void> {
    // A cancel heard after the final write (webhooks, OnRunComplete hooks) leaves the stored end as it is.
    if (this.outcome !== null) return;
    await CancellationScope.nonCancellable(() => this.finish(cancelled, false));
  }

  private async loop(): Promise<LoopEnd> {
    const stop = (outcome: RunOutcome): LoopEnd => ({ outcome, reviewText: false, writtenInCall: false });
    const denied = await this.hooks.onRunStart();
    if (denied !== null) return stop(failed('hook_blocked', 'blocked_by_hook', denied));
    const collision = await this.discoverMcpTools();
    if (collision !== null) return stop(failed('error', 'tool_name_collision', collision));
    while (this.state.step < this.plan.maxSteps) {
      this.state.step += 1;
      const end = await this.runStep();
      if (end) return end;
    }
    return { ...stepsRanOut(this.plan), writtenInCall: false };
  }

  /** MCP tools are discovered once, at start; their summaries enter history once. */
  private async discoverMcpTools(): Promise<string | null> {
    if (!this.plan.tools.some((t) => t.type === 'mcp')) return null;
    const discovery = await discoverMcpTools(this.writes.carry({ generationId: this.input.generationId }));
    if (discovery.collision) return discovery.collision;
    this.plan = { ...this.plan, tools: [...this.plan.tools.filter((t) => t.type !== 'mcp'), ...discovery.tools] };
    return null;
  }

  /** One step: the model call and its decision; the loop's end when the decision ends it. */
  private async runStep(): Promise<LoopEnd | null> {
    const { plan } = this;
    const { step } = this.state;
    const offer = toolsForStep(step, plan, resolveStepControls(step, plan, this.client.submitted));
    // Guardrail requireToolFor: the model may not answer before it has called a tool.
    const mustUseTool =
      plan.requireToolUse && this.toolsUsed.size === 0 && offer.toolChoice === 'auto' && offer.tools.length > 0;
    const toolChoice = mustUseTool ? 'required' : offer.toolChoice;
    const context = stepContext(plan, { step, offered: offer.tools, toolChoice, recentCalls: this.recentCalls });
    const { reply, decision, nextSeq } = await this.model.think({
      context,
      seq: this.seq,
      onReply: { iterationCount: step, toolsUsed: [...this.toolsUsed] },
    });
    this.seq = nextSeq;
    switch (decision.kind) {
      case 'finish':
        if (decision.usedTool) this.toolsUsed.add(decision.usedTool);
        return {
          outcome: decision.outcome,
          reviewText: decision.reviewText,
          writtenInCall: workInModelCall(decision) === 'finish',
        };
      case 'continue':
      case 'nextStep':
        this.state.showUnshownRunning();
        return null;
      default:
        await this.act(decision, reply);
        return null;
    }
  }

  /** The reply's calls: PreToolUse hooks, approvals, server calls, then the step's pauses. */
  private async act(decision: Extract<ReplyDecision, { calls: unknown }>, reply: ModelCallResult): Promise<void> {
    const calls = actCalls(decision.calls, this.plan.tools);
    this.recentCalls = [...this.recentCalls, ...calls.map((c) => fingerprint(c.call))].slice(-DOOM_LOOP_THRESHOLD);
    this.seq += calls.length;
    this.state.showUnshownRunning();
    for (const c of calls) this.toolsUsed.add(c.call.name);
    const allowed = await this.preToolUse(calls);
    const approved = await this.approvals.review(allowed, (c, status, result) => this.record(c, status, result));
    // Calls the model call ran itself (decision `runTools`); a call it left is run here.
    const ranInCall = new Map((reply.toolOutcomes ?? []).map((o) => [o.toolCallId, o]));
    for (const batch of executionBatches(approved.filter((c) => c.handling === 'server'))) {
      // Parallel calls each record a result: the queued writes come first, in order.
      if (batch.length > 1) await this.writes.flushNow();
      await Promise.all(batch.map((c) => this.runServerCall(c, ranInCall.get(c.call.id))));
    }
    for (const c of approved.filter((x) => x.handling === 'clarify')) await this.client.clarify(c);
    const clientCalls = approved.filter((c) => c.handling === 'client');
    if (clientCalls.length > 0)
      await this.client.awaitToolOutputs(
        clientCalls,
        workInModelCall(decision) === 'pause' ? 'inModelCall' : 'ownWrite',
      );
  }

  /** Unknown calls and calls denied by a PreToolUse hook get their result recorded; the rest go on. */
  private async preToolUse(calls: ActCall[]): Promise<ActCall[]> {
    const allowed: ActCall[] = [];
    for (const [index, c] of calls.entries()) {
      if (c.handling === 'unknown') {
        await this.record(c, 'error', { error: `Tool "${c.call.name}" is not available on this step` });
        continue;
      }
      const denial = await this.hooks.preToolUse(this.state.step, c, index);
      if (denial.denied) {
        await this.record(c, 'denied', { error: 'The tool call was blocked by a policy hook', reason: denial.reason });
        continue;
      }
      allowed.push(c);
    }
    return allowed;
  }

  private record(c: ActCall, status: ToolResultStatus, result: unknown): Promise<void> {
    return store.recordToolResult(this.writes.carry({ ...this.callInput(c), status, result }));
  }

  private async runServerCall(c: ActCall, ranInCall: ToolCallOutcome | undefined): Promise<void> {
    if (startsChild(c.planned)) return this.children.run(this.callInput(c));
    const outcome = ranInCall ?? (await afterCancelRequest(this.executeTool(c)));
    // Model calls a builtin made (summarize, generate_text) count in the generation's usage.
    if (outcome.usage) this.model.count(outcome.usage);
    // Also for a result an earlier attempt recorded: its hooks (a redaction, say) may never have run.
    await this.hooks.postToolUse(this.state.step, c);
  }

  /** A tool call: on the tool task queue when the plan names one, else a local activity here. */
  private executeTool(c: ActCall): Promise<ToolCallOutcome> {
    const timeoutSeconds = c.planned?.timeoutSeconds ?? 30;
    const input = this.writes.carry(this.callInput(c));
    const queue = this.input.plan.toolTaskQueue;
    if (queue) return executeToolOnQueue.executeWithOptions(toolQueueOptions(timeoutSeconds, queue), [input]);
    return executeTool.executeWithOptions(toolOptions(timeoutSeconds), [input]);
  }

  private callInput(c: ActCall): ToolCallInput {
    const { id: toolCallId, name: toolName, arguments: args } = c.call;
    const { generationId } = this.input;
    return { generationId, step: this.state.step, seq: c.seq, toolCallId, toolName, arguments: args };
  }

  private async finish(outcome: RunOutcome, writtenInCall: boolean, text?: string | null): Promise<void> {
    const { state } = this;
    state.phase = outcome.status;
    // The last model call made this very write when its reply ended the run (`workInModelCall`).
    if (!writtenInCall) {
      state.stateVersion += 1;
      await localStore.finishGeneration(
        this.writes.carry({
          ...outcome,
          generationId: this.input.generationId,
          stateVersion: state.stateVersion,
          iterationCount: state.step,
          toolsUsed: [...this.toolsUsed],
          usage: { ...this.model.usage },
          ...(text === undefined ? {} : { text }),
        }),
      );
    }
    state.show(outcome.status, null);
    this.outcome = outcome;
    // The end is stored: a cancel heard now must not leave its webhooks prepared but never sent.
    await CancellationScope.nonCancellable(async () => {
      if (outcome.status !== 'cancelled')
        await state.notifyWebhooks(outcome.status === 'completed' ? 'generation.completed' : 'generation.failed');
      await this.hooks.onRunComplete(state.step, outcome.status);
    });
  }
}
