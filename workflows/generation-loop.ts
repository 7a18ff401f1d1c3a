import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  condition,
  isCancellation,
  proxyActivities,
  type ActivityOptions,
} from '@temporalio/workflow';
import type { GenerationActivities } from '../activities/contract.js';
import type { RequiredAction } from '../contracts/schemas/index.js';
import { updateRejection } from './definitions.js';
import { resolveStepControls, toolsForStep, type SubmittedControls } from './loop/controls.js';
import {
  MAX_LENGTH_CONTINUATIONS,
  classifyCalls,
  executionBatches,
  isDoomLoop,
  matchStopCondition,
  type ClassifiedCall,
} from './loop/stop-rules.js';
import type {
  FinishInput,
  GenerationInput,
  GenerationPhase,
  GenerationStateView,
  ModelCallResult,
  StopReason,
  SubmitToolOutputsInput,
  SubmitToolOutputsResult,
  Usage,
} from './types.js';

type Outcome = Pick<FinishInput, 'status' | 'stopReason' | 'output' | 'error'>;
type PendingCall = SubmitToolOutputsResult['pending'][number] & { seq: number };

const bookkeeping: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 ms', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 20 },
};

/** The state and decisions of one generation; every side effect goes through an activity. */
export class GenerationLoop {
  private phase: GenerationPhase = 'running';
  private step = 0;
  private stateVersion = 0;
  private seq: number;
  private readonly usage: Usage = { promptTokens: 0, completionTokens: 0 };
  private readonly toolsUsed = new Set<string>();
  private readonly recentCalls: Array<{ name: string; argumentsHash: string }> = [];
  private readonly submitted: SubmittedControls = { stepRules: [] };
  private readonly pending = new Map<string, PendingCall>();
  private readonly received = new Map<string, unknown>();
  private pendingChanged = false;

  private readonly db = proxyActivities<GenerationActivities>(bookkeeping);
  private readonly model: GenerationActivities;

  constructor(private readonly input: GenerationInput) {
    this.seq = input.firstMessageSeq;
    const retry = input.plan.modelRetry;
    this.model = proxyActivities<GenerationActivities>({
      startToCloseTimeout: `${retry.startToCloseSeconds} seconds`,
      heartbeatTimeout: '15 seconds',
      retry: {
        initialInterval: '1 second',
        backoffCoefficient: 2,
        maximumInterval: '30 seconds',
        maximumAttempts: retry.maximumAttempts,
      },
    });
  }

  view(): GenerationStateView {
    return {
      phase: this.phase,
      step: this.step,
      stateVersion: this.stateVersion,
      pendingToolCalls: this.pendingList(),
    };
  }

  async run(): Promise<void> {
    await this.db.writeStatus(this.statusWrite('running', null));
    let outcome: Outcome | null = null;
    try {
      while (!outcome && this.step < this.input.plan.maxSteps) {
        this.step += 1;
        outcome = await this.runStep();
      }
    } catch (err) {
      if (!(err instanceof ActivityFailure) || isCancellation(err)) throw err;
      outcome = { status: 'failed', stopReason: 'error', output: null, error: describeActivityFailure(err) };
    }
    await this.finish(outcome ?? { status: 'completed', stopReason: 'max_steps', output: null, error: null });
  }

  async finishCancelled(): Promise<void> {
    await CancellationScope.nonCancellable(() =>
      this.finish({ status: 'cancelled', stopReason: 'cancelled', output: null, error: null }),
    );
  }

  // ---- one step -------------------------------------------------------------------------------

  private async runStep(): Promise<Outcome | null> {
    const { plan } = this.input;
    const controls = resolveStepControls(this.step, plan, this.submitted);
    const offer = toolsForStep(this.step, plan, controls);
    const result = await this.callModelWithContinuations(offer.tools.map((t) => t.name), offer.toolChoice);

    if (result.toolCalls.length === 0) {
      // With toolChoice "required" a text-only reply does not end the run (SPEC §4.2 rule 1).
      if (offer.toolChoice === 'required' && this.step < plan.maxSteps) return null;
      return { status: 'completed', stopReason: offer.withheld ? 'max_steps' : 'final_answer', output: null, error: null };
    }

    const calls = result.toolCalls;
    const stopCall = matchStopCondition(calls, plan.stopConditions);
    if (stopCall) {
      this.toolsUsed.add(stopCall.name);
      return { status: 'completed', stopReason: 'stop_condition', output: stopCall.arguments, error: null };
    }
    for (const c of calls) this.recentCalls.push({ name: c.name, argumentsHash: c.argumentsHash });
    if (isDoomLoop(this.recentCalls)) {
      const last = calls[calls.length - 1]!;
      return {
        status: 'failed',
        stopReason: 'doom_loop',
        output: null,
        error: { code: 'doom_loop', message: `${last.name} was called 3 times in a row with identical arguments` },
      };
    }

    const offered = new Set(offer.tools.map((t) => t.name));
    const classified = classifyCalls(calls, plan.tools, offered);
    const doneCall = classified.find((c) => c.kind === 'no_executor');
    if (doneCall) {
      this.toolsUsed.add(doneCall.call.name);
      return { status: 'completed', stopReason: 'done_tool', output: doneCall.call.arguments, error: null };
    }

    const seqs = new Map<string, number>(classified.map((c) => [c.call.id, this.seq++]));
    const serverSide = classified.filter((c) => c.kind === 'execute' || c.kind === 'unknown');
    for (const batch of executionBatches(serverSide)) {
      await Promise.all(batch.map((c) => this.runServerCall(c, seqs.get(c.call.id)!)));
    }
    const clientCalls = classified.filter((c) => c.kind === 'client');
    if (clientCalls.length > 0) await this.waitForClientOutputs(clientCalls, seqs);
    return null;
  }

  private async callModelWithContinuations(toolNames: string[], toolChoice: ReturnType<typeof toolsForStep>['toolChoice']): Promise<ModelCallResult> {
    let result: ModelCallResult | null = null;
    for (let part = 0; part <= MAX_LENGTH_CONTINUATIONS; part++) {
      const continuation = part > 0;
      result = await this.model.callModel({
        generationId: this.input.generationId,
        step: this.step,
        seq: this.seq,
        toolNames,
        toolChoice,
        continuation,
        usageSoFar: { ...this.usage },
      });
      // A continuation stores the "continue" prompt at seq and the reply at seq + 1.
      this.seq += continuation ? 2 : 1;
      this.usage.promptTokens += result.usage.promptTokens;
      this.usage.completionTokens += result.usage.completionTokens;
      if (result.finishReason !== 'length' || result.toolCalls.length > 0) break;
    }
    return result!;
  }

  private async runServerCall(c: ClassifiedCall, seq: number): Promise<void> {
    this.toolsUsed.add(c.call.name);
    const base = {
      generationId: this.input.generationId,
      step: this.step,
      seq,
      toolCallId: c.call.id,
      toolName: c.call.name,
      arguments: c.call.arguments,
    };
    if (c.kind === 'unknown' || !c.tool) {
      await this.db.recordToolResult({
        ...base,
        status: 'error',
        result: { error: `Tool "${c.call.name}" is not available on this step` },
      });
      return;
    }
    const tools = proxyActivities<GenerationActivities>({
      // The tool's own timeout is enforced inside the activity (a timeout result, not a retry).
      startToCloseTimeout: `${c.tool.timeoutSeconds + 15} seconds`,
      heartbeatTimeout: '10 seconds',
      retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '20 seconds', maximumAttempts: 10 },
    });
    await tools.executeTool(base);
  }

  // ---- client tools ---------------------------------------------------------------------------

  private async waitForClientOutputs(calls: ClassifiedCall[], seqs: Map<string, number>): Promise<void> {
    this.pending.clear();
    this.received.clear();
    for (const c of calls) {
      this.pending.set(c.call.id, { toolCallId: c.call.id, toolName: c.call.name, arguments: c.call.arguments, seq: seqs.get(c.call.id)! });
      this.toolsUsed.add(c.call.name);
    }
    const answered = [...this.pending.values()];
    this.phase = 'requires_action';
    await this.db.writeStatus(this.statusWrite('requires_action', this.requiredAction()));
    for (;;) {
      await condition(() => this.pending.size === 0 || this.pendingChanged);
      this.pendingChanged = false;
      if (this.pending.size === 0) break;
      await this.db.writeStatus(this.statusWrite('requires_action', this.requiredAction()));
    }
    this.phase = 'running';
    await this.db.recordClientOutputs({
      generationId: this.input.generationId,
      step: this.step,
      outputs: answered.map((p) => ({ ...p, output: this.received.get(p.toolCallId) })),
      status: this.statusWrite('running', null),
    });
    this.received.clear();
  }

  validateToolOutputs(submission: SubmitToolOutputsInput): void {
    if (this.phase !== 'requires_action' || this.pending.size === 0) {
      throw ApplicationFailure.create({ type: updateRejection.notWaiting, message: 'The generation is not waiting for tool outputs', nonRetryable: true });
    }
    const seen = new Set<string>();
    for (const o of submission.toolOutputs) {
      if (seen.has(o.toolCallId)) {
        throw ApplicationFailure.create({ type: updateRejection.invalid, message: `toolCallId ${o.toolCallId} appears twice`, nonRetryable: true });
      }
      seen.add(o.toolCallId);
      if (this.received.has(o.toolCallId)) {
        throw ApplicationFailure.create({ type: updateRejection.alreadyAnswered, message: `toolCallId ${o.toolCallId} was already answered`, nonRetryable: true });
      }
      if (!this.pending.has(o.toolCallId)) {
        throw ApplicationFailure.create({ type: updateRejection.unknownToolCall, message: `toolCallId ${o.toolCallId} is not a pending tool call`, nonRetryable: true });
      }
    }
  }

  acceptToolOutputs(submission: SubmitToolOutputsInput): SubmitToolOutputsResult {
    for (const o of submission.toolOutputs) {
      this.received.set(o.toolCallId, o.output);
      this.pending.delete(o.toolCallId);
    }
    if (submission.next && (submission.next.toolChoice !== undefined || submission.next.activeToolIds !== undefined)) {
      this.submitted.next = { step: this.step + 1, ...submission.next };
    }
    for (const rule of submission.stepRules ?? []) {
      this.submitted.stepRules = [...this.submitted.stepRules.filter((r) => r.step !== rule.step), rule];
    }
    if (submission.defaults) this.submitted.defaults = { ...this.submitted.defaults, ...submission.defaults };
    this.pendingChanged = true;
    return { pending: this.pendingList(), stateVersion: this.stateVersion };
  }

  // ---- helpers --------------------------------------------------------------------------------

  private pendingList(): SubmitToolOutputsResult['pending'] {
    return [...this.pending.values()].map(({ toolCallId, toolName, arguments: args }) => ({ toolCallId, toolName, arguments: args }));
  }

  private requiredAction(): RequiredAction {
    return { type: 'submit_tool_outputs', toolCalls: this.pendingList() };
  }

  private statusWrite(status: 'running' | 'requires_action', requiredAction: RequiredAction | null) {
    this.stateVersion += 1;
    return { generationId: this.input.generationId, stateVersion: this.stateVersion, status, requiredAction, iterationCount: this.step };
  }

  private async finish(outcome: Outcome): Promise<void> {
    this.phase = outcome.status;
    this.pending.clear();
    this.stateVersion += 1;
    await this.db.finishGeneration({
      ...outcome,
      stopReason: outcome.stopReason as StopReason,
      generationId: this.input.generationId,
      stateVersion: this.stateVersion,
      usage: { ...this.usage },
      iterationCount: this.step,
      toolsUsed: [...this.toolsUsed],
    });
  }
}

function describeActivityFailure(err: ActivityFailure): { code: string; message: string } {
  let cause: unknown = err.cause;
  while (cause instanceof ActivityFailure) cause = cause.cause;
  if (cause instanceof ApplicationFailure) {
    return { code: cause.type === 'ProviderRejected' ? 'model_rejected' : 'activity_failed', message: cause.message };
  }
  return { code: 'activity_failed', message: cause instanceof Error ? cause.message : String(err.message) };
}
