import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  TimeoutFailure,
  isCancellation,
} from '@temporalio/workflow';
import type {
  ApprovalDecisionInput,
  ApprovalDecisionResult,
  ClarificationAnswerInput,
  FinishInReply,
  ClarificationAnswerResult,
  GenerationInput,
  GenerationStateView,
  ClaimedToolOutputsInput,
  SubmitToolOutputsInput,
  SubmitToolOutputsResult,
  PlannedTool,
  ToolCallInput,
  ToolCallOutcome,
  ToolOutcomeInReply,
  ToolResultStatus,
  ToolsInReply,
} from '../contracts/generation/index.js';
import type { ToolChoice } from '../contracts/schemas/index.js';
import {
  discoverMcpTools,
  executeTool,
  executeToolLocally,
  localStore,
  localToolOptions,
  store,
  toolOptions,
} from './activity-proxies.js';
import { ApprovalGate } from './approval-gate.js';
import { ChildAgents } from './child-agents.js';
import { ClientPauses } from './client-pauses.js';
import { ModelCalls } from './model-calls.js';
import { PauseWritesInModelCall } from './pause-writes.js';
import { afterCancelRequest } from './cancel-requests.js';
import { GenerationState } from './generation-state.js';
import { HookRunner } from './hook-runner.js';
import type { RunPatches } from './release.js';
import { startsChild } from './loop/child-calls.js';
import { toolsRunInReply } from './loop/tools-in-reply.js';
import { startWriteInModelCall } from './loop/start-write.js';
import { finishWriteInModelCall } from './loop/finish-write.js';
import { resolveStepControls, toolsForStep } from './loop/controls.js';
import {
  activityFailed,
  cancelled,
  completed,
  failed,
  finish,
  runAgain,
  type NextStep,
  type Outcome,
} from './loop/outcomes.js';
import {
  DOOM_LOOP_THRESHOLD,
  classifyCalls,
  executionBatches,
  isDoomLoop,
  matchStopCondition,
  type ClassifiedCall,
} from './loop/stop-rules.js';

/**
 * One generation's ReAct loop: think (model call) → act (tool calls, hooks, approvals, pauses) →
 * observe (results stored) until a stop rule ends it. The decisions are pure functions in loop/;
 * every side effect is an activity.
 */
export class GenerationLoop {
  private readonly state: GenerationState;
  private readonly hooks: HookRunner;
  private readonly approvals: ApprovalGate;
  private readonly client: ClientPauses;
  readonly children: ChildAgents;
  /** The next free message sequence number. */
  private seq: number;
  private readonly model: ModelCalls;
  private readonly pauseWrites: PauseWritesInModelCall;
  private readonly toolsUsed = new Set<string>();
  private readonly recentCalls: Array<{ name: string; argumentsHash: string }> = [];
  /** The input plan, with MCP servers replaced by the tools discovered on them. */
  private plan: GenerationInput['plan'];
  /** This step's tool calls the model-call activity already ran, by call id (docs/adr/0031). */
  private ranInReply = new Map<string, ToolOutcomeInReply>();
  /** Whether the run's final state is stored. */
  private finalWritten = false;

  constructor(
    private readonly input: GenerationInput,
    private readonly patches: RunPatches,
  ) {
    this.seq = input.firstMessageSeq;
    this.plan = input.plan;
    this.model = new ModelCalls(input.generationId, input.plan.modelRetry, patches);
    this.state = new GenerationState(input.generationId, input.plan.webhooks, patches);
    this.hooks = new HookRunner(input.generationId, input.plan.hooks);
    this.approvals = new ApprovalGate(this.state, this.hooks, input.plan);
    const run = {
      generationId: input.generationId,
      isChild: input.parent !== undefined,
      plan: () => this.plan,
      recentCalls: this.recentCalls,
    };
    this.pauseWrites = new PauseWritesInModelCall(run, this.state, this.model, patches);
    this.client = new ClientPauses(
      this.state,
      (write) => this.pauseWrites.carryLeave(write),
      (write) => this.pauseWrites.madeInReply(write),
    );
    this.children = new ChildAgents(this.state, input);
    if (input.parent) this.state.reportPausesTo(input.parent.generationId);
  }

  view(): GenerationStateView {
    const { phase, step, stateVersion } = this.state;
    return { phase, step, stateVersion, pendingToolCalls: this.client.pendingToolCalls() };
  }

  async run(): Promise<void> {
    const started = this.state.statusWrite('running', null);
    if (startWriteInModelCall(this.plan) && this.patches.has('start-write-in-model-call'))
      this.model.startWrite = started;
    else await (this.patches.has('local-start-and-finish-writes') ? localStore : store).writeStatus(started);
    let outcome: Outcome;
    let finalText: string | null | undefined;
    try {
      outcome = await this.loop();
      const reviewed = outcome.stopReason === 'final_answer' || outcome.stopReason === 'max_steps';
      if (this.plan.reviewFinalText && outcome.status === 'completed' && reviewed) {
        const { generationId } = this.input;
        const review = await store.reviewFinalText({
          generationId,
          step: this.state.step,
          hookIds: this.hooks.preResponseIds(),
        });
        finalText = review.text;
        if (review.blocked)
          outcome = { ...outcome, stopReason: review.blocked === 'guardrail' ? 'guardrail_blocked' : 'hook_blocked' };
      }
    } catch (err) {
      const callFailed =
        err instanceof ActivityFailure || err instanceof ApplicationFailure || err instanceof TimeoutFailure;
      if (!callFailed || isCancellation(err)) throw err;
      outcome = activityFailed(err);
    }
    await this.finish(outcome, finalText);
  }

  async finishCancelled(): Promise<void> {
    // A cancel heard after the final write (webhooks, OnRunComplete hooks) leaves the stored end as it is.
    if (this.finalWritten && this.patches.has('finish-write-in-model-call')) return;
    await CancellationScope.nonCancellable(() => this.finish(cancelled));
  }

  private async loop(): Promise<Outcome> {
    const denied = await this.hooks.onRunStart();
    if (denied !== null) return failed('hook_blocked', 'blocked_by_hook', denied);
    const collision = await this.discoverMcpTools();
    if (collision !== null) return failed('error', 'tool_name_collision', collision);
    while (this.state.step < this.plan.maxSteps) {
      this.state.step += 1;
      const next = await this.runStep();
      if (next.type === 'finish') return next.outcome;
    }
    return completed('max_steps');
  }

  /** MCP tools are discovered once, at start; their summaries enter history once. */
  private async discoverMcpTools(): Promise<string | null> {
    if (!this.plan.tools.some((t) => t.type === 'mcp')) return null;
    const discovery = await discoverMcpTools({ generationId: this.input.generationId });
    if (discovery.collision) return discovery.collision;
    this.plan = { ...this.plan, tools: [...this.plan.tools.filter((t) => t.type !== 'mcp'), ...discovery.tools] };
    return null;
  }

  private async runStep(): Promise<NextStep> {
    const { plan } = this;
    const { step } = this.state;
    const offer = toolsForStep(step, plan, resolveStepControls(step, plan, this.client.submitted));
    // Guardrail requireToolFor: the model may not answer before it has called a tool.
    const mustUseTool =
      plan.requireToolUse && this.toolsUsed.size === 0 && offer.toolChoice === 'auto' && offer.tools.length > 0;
    const toolChoice: ToolChoice = mustUseTool ? 'required' : offer.toolChoice;
    const answered = completed(offer.withheld ? 'max_steps' : 'final_answer');
    const finishing =
      finishWriteInModelCall(plan, step, toolChoice) && this.patches.has('finish-write-in-model-call')
        ? this.finishInput(answered, this.state.stateVersion + 1)
        : undefined;
    const { reply, nextSeq } = await this.model.think({
      step,
      seq: this.seq,
      toolNames: offer.tools.map((t) => t.name),
      toolChoice,
      runTools: this.toolsInReply(offer.tools),
      finishWrite: finishing,
      pauseWrite: this.pauseWrites.forNextCall(offer.tools),
    });
    this.seq = nextSeq;
    this.pauseWrites.replied(reply.pauseWritten);
    const calls = reply.toolCalls;
    this.ranInReply = new Map((reply.toolOutcomes ?? []).map((o) => [o.toolCallId, o]));

    if (calls.length === 0) {
      // With toolChoice "required" a text-only reply does not end the run.
      if (toolChoice === 'required' && step < plan.maxSteps) {
        this.state.showUnshownRunning();
        return runAgain;
      }
      return finish(answered);
    }
    const stopCall = matchStopCondition(calls, plan.stopConditions);
    if (stopCall) {
      this.toolsUsed.add(stopCall.name);
      return finish(completed('stop_condition', stopCall.arguments));
    }
    for (const c of calls) this.recentCalls.push({ name: c.name, argumentsHash: c.argumentsHash });
    if (isDoomLoop(this.recentCalls)) {
      const last = calls[calls.length - 1]!;
      return finish(
        failed('doom_loop', 'doom_loop', `${last.name} was called 3 times in a row with identical arguments`),
      );
    }
    const classified = classifyCalls(calls, plan.tools, new Set(offer.tools.map((t) => t.name)));
    const doneCall = classified.find((c) => c.kind === 'no_executor');
    if (doneCall) {
      this.toolsUsed.add(doneCall.call.name);
      return finish(completed('done_tool', doneCall.call.arguments));
    }

    this.state.showUnshownRunning();
    const seqs = new Map<string, number>(classified.map((c) => [c.call.id, this.seq++]));
    for (const c of classified) this.toolsUsed.add(c.call.name);
    const record = (c: ClassifiedCall, status: ToolResultStatus, result: unknown) =>
      store.recordToolResult({ ...this.callInput(c, seqs.get(c.call.id)!), status, result });
    const allowed = await this.preToolUse(classified, record);
    const approved = await this.approvals.review(allowed, record);
    await this.act(approved, seqs);
    return runAgain;
  }

  /** What the model call may run itself (docs/adr/0031), for runs that take that path. */
  private toolsInReply(offered: PlannedTool[]): ToolsInReply | undefined {
    const tools = toolsRunInReply(offered, this.plan);
    if (tools.length === 0 || !this.patches.has('local-model-and-tool-calls')) return undefined;
    if (!this.patches.has('tool-calls-in-model-call')) return undefined;
    return { tools, recentCalls: this.recentCalls.slice(-(DOOM_LOOP_THRESHOLD - 1)) };
  }

  /** Unknown calls and calls denied by a PreToolUse hook get their result recorded; the rest go on. */
  private async preToolUse(
    classified: ClassifiedCall[],
    record: (c: ClassifiedCall, status: ToolResultStatus, result: unknown) => Promise<void>,
  ): Promise<ClassifiedCall[]> {
    const allowed: ClassifiedCall[] = [];
    for (const [index, c] of classified.entries()) {
      if (c.kind === 'unknown') {
        await record(c, 'error', { error: `Tool "${c.call.name}" is not available on this step` });
        continue;
      }
      const denial = await this.hooks.preToolUse(this.state.step, c, index);
      if (denial.denied) {
        await record(c, 'denied', { error: 'The tool call was blocked by a policy hook', reason: denial.reason });
        continue;
      }
      allowed.push(c);
    }
    return allowed;
  }

  /** Server-side calls run (consecutive read-only ones in parallel), then the step's pauses. */
  private async act(calls: ClassifiedCall[], seqs: Map<string, number>): Promise<void> {
    for (const batch of executionBatches(calls.filter((c) => c.kind === 'execute'))) {
      await Promise.all(batch.map((c) => this.runServerCall(c, seqs.get(c.call.id)!)));
    }
    for (const c of calls.filter((x) => x.kind === 'clarify')) await this.client.clarify(c, seqs.get(c.call.id)!);
    const clientCalls = calls.filter((c) => c.kind === 'client');
    if (clientCalls.length > 0) await this.client.awaitToolOutputs(clientCalls, seqs);
  }

  private async runServerCall(c: ClassifiedCall, seq: number): Promise<void> {
    if (startsChild(c.tool)) return this.children.run(this.callInput(c, seq));
    // Awaited here, once, as before the change: histories recorded before it resolve in the same order.
    const ran = this.ranInReply.get(c.call.id);
    const timeoutSeconds = c.tool?.timeoutSeconds ?? 30;
    const outcome: ToolCallOutcome =
      ran?.seq === seq
        ? ran
        : await afterCancelRequest(
            this.patches.has('local-model-and-tool-calls')
              ? executeToolLocally.executeWithOptions(localToolOptions(timeoutSeconds), [this.callInput(c, seq)])
              : executeTool.executeWithOptions(toolOptions(timeoutSeconds), [this.callInput(c, seq)]),
          );
    // Model calls a builtin made (summarize, generate_text) count in the generation's usage.
    if (outcome.usage) this.model.count(outcome.usage);
    // A result found already recorded comes from an attempt that ended before the workflow saw it,
    // so its PostToolUse hooks (a redaction, say) never ran: they run now. Histories from before
    // this rule skipped them, hence the patch.
    if (!outcome.replayed || this.patches.has('post-tool-use-after-replayed-result'))
      await this.hooks.postToolUse(this.state.step, c, seq);
  }

  private callInput(c: ClassifiedCall, seq: number): ToolCallInput {
    const { id: toolCallId, name: toolName, arguments: args } = c.call;
    return { generationId: this.input.generationId, step: this.state.step, seq, toolCallId, toolName, arguments: args };
  }

  // ---- updates (validators run before anything enters history) ---------------------------------

  validateToolOutputs(submission: SubmitToolOutputsInput): void {
    this.state.checkRecorded(submission);
    this.client.validateToolOutputs(submission);
  }

  acceptToolOutputs(submission: SubmitToolOutputsInput): SubmitToolOutputsResult {
    return this.client.acceptToolOutputs(submission);
  }

  receiveClaimedToolOutputs(input: ClaimedToolOutputsInput): void {
    this.client.receiveClaimedToolOutputs(input);
  }

  validateApproval(input: ApprovalDecisionInput): void {
    this.state.checkRecorded(input);
    this.approvals.validate(input);
  }

  acceptApproval(input: ApprovalDecisionInput): ApprovalDecisionResult {
    return this.approvals.accept(input);
  }

  validateClarification(input: ClarificationAnswerInput): void {
    this.state.checkRecorded(input);
    this.client.validateClarification(input);
  }

  acceptClarification(input: ClarificationAnswerInput): ClarificationAnswerResult {
    return this.client.acceptClarification(input);
  }

  /** The final write of `outcome` at `stateVersion`, but for the usage (the model call adds its own). */
  private finishInput(outcome: Outcome, stateVersion: number): FinishInReply {
    const { generationId } = this.input;
    const { step: iterationCount } = this.state;
    return {
      ...outcome,
      generationId,
      stateVersion,
      iterationCount,
      toolsUsed: [...this.toolsUsed],
      ...this.state.lastAnswer(),
    };
  }

  private async finish(outcome: Outcome, text?: string | null): Promise<void> {
    const { state } = this;
    // A leave-write no model call took (a cancel came first): the answers are stored all the same.
    const leave = this.model.leaveWrite;
    this.model.leaveWrite = undefined;
    if (leave) await localStore.recordClientOutputs(leave);
    state.phase = outcome.status;
    // Past the version a model call may still write its final state at (docs/adr/0033), or wrote a
    // pause at that the run did not take (docs/adr/0039): this write wins.
    state.stateVersion += this.model.finishUnconfirmed || this.pauseWrites.untaken ? 2 : 1;
    state.show(outcome.status, null);
    // The last model call made this very write when its reply ended the run (docs/adr/0033).
    if (!this.model.finishedInCall)
      await (this.patches.has('local-start-and-finish-writes') ? localStore : store).finishGeneration({
        ...this.finishInput(outcome, state.stateVersion),
        ...(text === undefined ? {} : { text }),
        usage: { ...this.model.usage },
      });
    this.finalWritten = true;
    const tell = async () => {
      if (outcome.status !== 'cancelled')
        await state.notifyWebhooks(outcome.status === 'completed' ? 'generation.completed' : 'generation.failed');
      await this.hooks.onRunComplete(state.step, outcome.status);
    };
    // The end is stored: a cancel heard now must not leave its webhooks prepared but never sent.
    if (this.patches.has('finish-write-in-model-call')) await CancellationScope.nonCancellable(tell);
    else await tell();
  }
}
