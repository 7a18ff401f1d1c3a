import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  ParentClosePolicy,
  condition,
  isCancellation,
  proxyActivities,
  startChild,
  uuid4,
  type ActivityOptions,
} from '@temporalio/workflow';
import type { GenerationActivities, WebhookEvent } from '../activities/contract.js';
import { webhookDeliveryWorkflow } from './webhook-delivery.js';
import type { RequiredAction, ToolChoice } from '../contracts/schemas/index.js';
import { workflowNow } from './clock.js';
import { resolveStepControls, toolsForStep, type SubmittedControls } from './loop/controls.js';
import { stableHash } from './loop/hash.js';
import { evaluateRules, hooksFor } from './loop/hooks.js';
import {
  MAX_LENGTH_CONTINUATIONS,
  classifyCalls,
  executionBatches,
  isDoomLoop,
  matchStopCondition,
  type ClassifiedCall,
} from './loop/stop-rules.js';
import { PendingApprovals, PendingClarification, PendingToolOutputs } from './pauses.js';
import type {
  ApprovalDecisionInput,
  ApprovalDecisionResult,
  ApprovalOutcome,
  ClarificationAnswerInput,
  FinishInput,
  GenerationInput,
  GenerationPhase,
  GenerationStateView,
  ModelCallResult,
  StatusWrite,
  SubmitToolOutputsInput,
  SubmitToolOutputsResult,
  ToolCallInput,
  Usage,
} from './types.js';

type Outcome = Pick<FinishInput, 'status' | 'stopReason' | 'output' | 'error'>;

const bookkeeping: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 ms', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 20 },
};

/** Hooks are fail-open: their activity retries briefly and never fails the run. */
const hookOptions = (timeoutSeconds: number): ActivityOptions => ({
  startToCloseTimeout: `${timeoutSeconds + 10} seconds`,
  retry: { initialInterval: '500 ms', maximumAttempts: 3 },
});

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
  private readonly toolOutputs = new PendingToolOutputs();
  private readonly approvals = new PendingApprovals();
  private readonly clarification = new PendingClarification();

  /** The input plan, with MCP servers replaced by the tools discovered on them. */
  private plan: GenerationInput['plan'];
  private readonly db = proxyActivities<GenerationActivities>(bookkeeping);
  private readonly model: GenerationActivities;

  constructor(private readonly input: GenerationInput) {
    this.seq = input.firstMessageSeq;
    this.plan = input.plan;
    const retry = input.plan.modelRetry;
    this.model = proxyActivities<GenerationActivities>({
      startToCloseTimeout: `${retry.startToCloseSeconds} seconds`,
      heartbeatTimeout: '15 seconds',
      retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: retry.maximumAttempts },
    });
  }

  view(): GenerationStateView {
    return { phase: this.phase, step: this.step, stateVersion: this.stateVersion, pendingToolCalls: this.toolOutputs.list() };
  }

  async run(): Promise<void> {
    await this.db.writeStatus(this.statusWrite('running', null));
    let outcome: Outcome | null;
    let finalText: string | null | undefined;
    try {
      outcome = (await this.onRunStart()) ?? (await this.discoverMcpTools());
      while (!outcome && this.step < this.plan.maxSteps) {
        this.step += 1;
        outcome = await this.runStep();
      }
      outcome ??= { status: 'completed', stopReason: 'max_steps', output: null, error: null };
      if (outcome.status === 'completed' && (outcome.stopReason === 'final_answer' || outcome.stopReason === 'max_steps') && this.plan.reviewFinalText) {
        const review = await this.db.reviewFinalText({
          generationId: this.input.generationId,
          step: this.step,
          hookIds: hooksFor(this.plan.hooks, 'PreResponse').map((h) => h.id),
        });
        finalText = review.text;
        if (review.blocked) outcome = { ...outcome, stopReason: review.blocked === 'guardrail' ? 'guardrail_blocked' : 'hook_blocked' };
      }
    } catch (err) {
      if (!(err instanceof ActivityFailure) || isCancellation(err)) throw err;
      outcome = { status: 'failed', stopReason: 'error', output: null, error: describeActivityFailure(err) };
    }
    await this.finish(outcome, finalText);
  }

  async finishCancelled(): Promise<void> {
    await CancellationScope.nonCancellable(() => this.finish({ status: 'cancelled', stopReason: 'cancelled', output: null, error: null }));
  }

  // ---- one step -------------------------------------------------------------------------------

  private async runStep(): Promise<Outcome | null> {
    const { plan } = this;
    const controls = resolveStepControls(this.step, plan, this.submitted);
    const offer = toolsForStep(this.step, plan, controls);
    // Guardrail requireToolFor: the model may not answer before it has called a tool.
    const toolChoice: ToolChoice =
      plan.requireToolUse && this.toolsUsed.size === 0 && offer.toolChoice === 'auto' && offer.tools.length > 0 ? 'required' : offer.toolChoice;
    const result = await this.callModelWithContinuations(offer.tools.map((t) => t.name), toolChoice);

    if (result.toolCalls.length === 0) {
      // With toolChoice "required" a text-only reply does not end the run (SPEC §4.2 rule 1).
      if (toolChoice === 'required' && this.step < plan.maxSteps) return null;
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
      return { status: 'failed', stopReason: 'doom_loop', output: null, error: { code: 'doom_loop', message: `${last.name} was called 3 times in a row with identical arguments` } };
    }

    const classified = classifyCalls(calls, plan.tools, new Set(offer.tools.map((t) => t.name)));
    const doneCall = classified.find((c) => c.kind === 'no_executor');
    if (doneCall) {
      this.toolsUsed.add(doneCall.call.name);
      return { status: 'completed', stopReason: 'done_tool', output: doneCall.call.arguments, error: null };
    }

    const seqs = new Map<string, number>(classified.map((c) => [c.call.id, this.seq++]));
    for (const c of classified) this.toolsUsed.add(c.call.name);
    const allowed = await this.preToolUse(classified, seqs);
    const approved = await this.approveIfRequired(allowed, seqs);

    const serverSide = approved.filter((c) => c.kind === 'execute');
    for (const batch of executionBatches(serverSide)) {
      await Promise.all(batch.map((c) => this.runServerCall(c, seqs.get(c.call.id)!)));
    }
    for (const c of approved.filter((x) => x.kind === 'clarify')) await this.waitForClarification(c, seqs.get(c.call.id)!);
    const clientCalls = approved.filter((c) => c.kind === 'client');
    if (clientCalls.length > 0) await this.waitForClientOutputs(clientCalls, seqs);
    return null;
  }

  private async callModelWithContinuations(toolNames: string[], toolChoice: ToolChoice): Promise<ModelCallResult> {
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

  private callInput(c: ClassifiedCall, seq: number): ToolCallInput {
    return { generationId: this.input.generationId, step: this.step, seq, toolCallId: c.call.id, toolName: c.call.name, arguments: c.call.arguments };
  }

  /** MCP tools are discovered once, at start; their definitions enter history once. */
  private async discoverMcpTools(): Promise<Outcome | null> {
    if (!this.plan.tools.some((t) => t.type === 'mcp')) return null;
    const discovery = await proxyActivities<GenerationActivities>({
      startToCloseTimeout: '10 minutes',
      heartbeatTimeout: '30 seconds',
      retry: { initialInterval: '1 second', maximumAttempts: 3 },
    }).discoverMcpTools({ generationId: this.input.generationId });
    if (discovery.collision) {
      return { status: 'failed', stopReason: 'error', output: null, error: { code: 'tool_name_collision', message: discovery.collision } };
    }
    this.plan = { ...this.plan, tools: [...this.plan.tools.filter((t) => t.type !== 'mcp'), ...discovery.tools] };
    return null;
  }

  // ---- hooks ----------------------------------------------------------------------------------

  private async onRunStart(): Promise<Outcome | null> {
    for (const hook of hooksFor(this.plan.hooks, 'OnRunStart')) {
      if (hook.type !== 'http') continue;
      const decision = await proxyActivities<GenerationActivities>(hookOptions(hook.timeoutSeconds ?? 5)).runHttpHook({
        generationId: this.input.generationId, hookId: hook.id, event: 'OnRunStart', step: 0, traceOrder: 0,
      });
      if (decision.decision === 'deny') {
        return { status: 'failed', stopReason: 'hook_blocked', output: null, error: { code: 'blocked_by_hook', message: decision.reason ?? `Blocked by hook ${hook.id}` } };
      }
    }
    return null;
  }

  /**
   * PreToolUse: rule hooks (evaluated here), then http hooks (which may deny or replace the
   * arguments). Denied and unknown calls get their result recorded; the rest continue.
   */
  private async preToolUse(classified: ClassifiedCall[], seqs: Map<string, number>): Promise<ClassifiedCall[]> {
    const allowed: ClassifiedCall[] = [];
    for (const [index, c] of classified.entries()) {
      const seq = seqs.get(c.call.id)!;
      if (c.kind === 'unknown') {
        await this.db.recordToolResult({ ...this.callInput(c, seq), status: 'error', result: { error: `Tool "${c.call.name}" is not available on this step` } });
        continue;
      }
      const hooks = hooksFor(this.plan.hooks, 'PreToolUse', c.call.name);
      let denial = evaluateRules(hooks, c.call.arguments);
      for (const [k, hook] of hooks.entries()) {
        if (denial.denied) break;
        if (hook.type !== 'http') continue;
        const decision = await proxyActivities<GenerationActivities>(hookOptions(hook.timeoutSeconds ?? 5)).runHttpHook({
          generationId: this.input.generationId, hookId: hook.id, event: 'PreToolUse', step: this.step,
          traceOrder: this.step * 10_000 + 1500 + index * 20 + k, toolCallId: c.call.id, toolName: c.call.name, arguments: c.call.arguments,
        });
        if (decision.decision === 'deny') denial = { denied: true, hookId: hook.id, reason: decision.reason ?? `Blocked by hook ${hook.id}` };
        else if (decision.decision === 'modify' && isObject(decision.arguments)) {
          c.call = { ...c.call, arguments: decision.arguments, argumentsHash: stableHash(decision.arguments) };
        }
      }
      if (denial.denied) {
        await this.db.recordToolResult({ ...this.callInput(c, seq), status: 'denied', result: { error: 'The tool call was blocked by a policy hook', reason: denial.reason } });
        continue;
      }
      allowed.push(c);
    }
    return allowed;
  }

  /** PostToolUse http hooks may replace a result; they see and rewrite the stored message. */
  private async postToolUse(c: ClassifiedCall, seq: number, index: number): Promise<void> {
    for (const [k, hook] of hooksFor(this.plan.hooks, 'PostToolUse', c.call.name).entries()) {
      if (hook.type !== 'http') continue;
      await proxyActivities<GenerationActivities>(hookOptions(hook.timeoutSeconds ?? 5)).runHttpHook({
        generationId: this.input.generationId, hookId: hook.id, event: 'PostToolUse', step: this.step,
        traceOrder: this.step * 10_000 + 2500 + index * 20 + k, toolCallId: c.call.id, toolName: c.call.name, arguments: c.call.arguments, resultSeq: seq,
      });
    }
  }

  private async runServerCall(c: ClassifiedCall, seq: number): Promise<void> {
    const tools = proxyActivities<GenerationActivities>({
      // The tool's own timeout is enforced inside the activity (a timeout result, not a retry).
      startToCloseTimeout: `${(c.tool?.timeoutSeconds ?? 30) + 15} seconds`,
      heartbeatTimeout: '10 seconds',
      retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '20 seconds', maximumAttempts: 10 },
    });
    const outcome = await tools.executeTool(this.callInput(c, seq));
    if (!outcome.replayed) await this.postToolUse(c, seq, seq % 1000);
  }

  // ---- approvals ------------------------------------------------------------------------------

  /**
   * Calls matched by an approval hook wait for a human. Every call of the step waits with them,
   * so the model gets all results of the step together. Denied and expired calls get a result
   * saying so; approved ones run, with edited arguments when the approver supplied them.
   */
  private async approveIfRequired(calls: ClassifiedCall[], seqs: Map<string, number>): Promise<ClassifiedCall[]> {
    const needsApproval = (c: ClassifiedCall) =>
      hooksFor(this.plan.hooks, 'PreToolUse', c.call.name).some((h) => h.type === 'approval') || (this.plan.approveDestructive === true && c.tool?.destructive === true);
    const gated = calls.filter(needsApproval);
    if (gated.length === 0) return calls;
    const now = workflowNow();
    const requests = gated.map((c) => {
      const hook = hooksFor(this.plan.hooks, 'PreToolUse', c.call.name).find((h) => h.type === 'approval');
      const timeout = hook?.approvalTimeoutSeconds ?? this.plan.approvalTimeoutSeconds;
      return {
        approvalId: `appr_${uuid4().replace(/-/g, '')}`,
        toolCallId: c.call.id,
        toolName: c.call.name,
        arguments: c.call.arguments,
        argumentsHash: stableHash(c.call.arguments),
        expiresAt: new Date(now + timeout * 1000).toISOString(),
      };
    });
    this.approvals.open(requests);
    this.phase = 'requires_action';
    await this.db.openApprovals({ generationId: this.input.generationId, step: this.step, approvals: requests, status: this.statusWrite('requires_action', this.approvalAction()) });
    await this.notifyWebhooks('generation.requires_action');
    // Decisions may already have arrived while the pause was being stored.
    while (this.approvals.waiting) {
      if (!this.approvals.changed) {
        await condition(() => !this.approvals.waiting || this.approvals.changed, this.approvals.msUntilNextExpiry(workflowNow()));
      }
      this.approvals.changed = false;
      this.approvals.expireDue(workflowNow());
      if (this.approvals.waiting) await this.db.writeStatus(this.statusWrite('requires_action', this.approvalAction()));
    }
    const outcomes = this.approvals.results();
    this.phase = 'running';
    await this.db.closeApprovals({ generationId: this.input.generationId, step: this.step, outcomes, status: this.statusWrite('running', null) });

    const byCall = new Map<string, ApprovalOutcome>(outcomes.map((o) => [o.toolCallId, o]));
    const proceed: ClassifiedCall[] = [];
    for (const c of calls) {
      const outcome = byCall.get(c.call.id);
      if (!outcome) {
        proceed.push(c);
        continue;
      }
      const seq = seqs.get(c.call.id)!;
      if (outcome.status === 'approved') {
        if (outcome.editedArguments) c.call = { ...c.call, arguments: outcome.editedArguments, argumentsHash: stableHash(outcome.editedArguments) };
        proceed.push(c);
      } else if (outcome.status === 'denied') {
        await this.db.recordToolResult({ ...this.callInput(c, seq), status: 'denied', result: { error: 'A human reviewer denied this tool call', reason: outcome.reason } });
      } else {
        await this.db.recordToolResult({ ...this.callInput(c, seq), status: 'timeout', result: { error: 'The tool call was not approved before the approval expired' } });
      }
    }
    return proceed;
  }

  validateApproval(input: ApprovalDecisionInput): void {
    this.approvals.validate(input, workflowNow());
  }

  acceptApproval(input: ApprovalDecisionInput): ApprovalDecisionResult {
    this.approvals.accept(input, workflowNow());
    return { pending: this.approvals.pendingList(), stateVersion: this.stateVersion };
  }

  private approvalAction(): RequiredAction {
    return {
      type: 'approve_tool_calls',
      approvals: this.approvals.pendingList().map((a) => ({ approvalId: a.approvalId, toolCallId: a.toolCallId, toolName: a.toolName, arguments: a.arguments, expiresAt: a.expiresAt })),
    };
  }

  // ---- clarification --------------------------------------------------------------------------

  private async waitForClarification(c: ClassifiedCall, seq: number): Promise<void> {
    const args = (isObject(c.call.arguments) ? c.call.arguments : {}) as { question?: unknown; reason?: unknown };
    const question = typeof args.question === 'string' && args.question.trim() ? args.question : 'Could you clarify your request?';
    this.clarification.open({ toolCallId: c.call.id, question, ...(typeof args.reason === 'string' ? { reason: args.reason } : {}) });
    this.phase = 'requires_action';
    await this.db.writeStatus(this.statusWrite('requires_action', { type: 'answer_clarification', clarification: this.clarification.question! }));
    await this.notifyWebhooks('generation.requires_action');
    await condition(() => !this.clarification.waiting);
    this.phase = 'running';
    await this.db.recordClientOutputs({
      generationId: this.input.generationId,
      step: this.step,
      outputs: [{ toolCallId: c.call.id, toolName: c.call.name, arguments: c.call.arguments, seq, output: this.clarification.answer }],
      status: this.statusWrite('running', null),
    });
  }

  validateClarification(input: ClarificationAnswerInput): void {
    this.clarification.validate(input.answer);
  }

  acceptClarification(input: ClarificationAnswerInput): { stateVersion: number } {
    this.clarification.accept(input.answer);
    return { stateVersion: this.stateVersion };
  }

  // ---- client tools ---------------------------------------------------------------------------

  private async waitForClientOutputs(calls: ClassifiedCall[], seqs: Map<string, number>): Promise<void> {
    const pending = calls.map((c) => ({ toolCallId: c.call.id, toolName: c.call.name, arguments: c.call.arguments, seq: seqs.get(c.call.id)! }));
    this.toolOutputs.open(pending);
    this.phase = 'requires_action';
    await this.db.writeStatus(this.statusWrite('requires_action', this.clientAction()));
    await this.notifyWebhooks('generation.requires_action');
    for (;;) {
      await condition(() => !this.toolOutputs.waiting || this.toolOutputs.changed);
      this.toolOutputs.changed = false;
      if (!this.toolOutputs.waiting) break;
      await this.db.writeStatus(this.statusWrite('requires_action', this.clientAction()));
    }
    this.phase = 'running';
    await this.db.recordClientOutputs({
      generationId: this.input.generationId,
      step: this.step,
      outputs: pending.map((p) => ({ ...p, output: this.toolOutputs.received.get(p.toolCallId) })),
      status: this.statusWrite('running', null),
    });
  }

  validateToolOutputs(submission: SubmitToolOutputsInput): void {
    this.toolOutputs.validate(submission.toolOutputs);
  }

  acceptToolOutputs(submission: SubmitToolOutputsInput): SubmitToolOutputsResult {
    this.toolOutputs.accept(submission.toolOutputs);
    if (submission.next && (submission.next.toolChoice !== undefined || submission.next.activeToolIds !== undefined)) {
      this.submitted.next = { step: this.step + 1, ...submission.next };
    }
    for (const rule of submission.stepRules ?? []) {
      this.submitted.stepRules = [...this.submitted.stepRules.filter((r) => r.step !== rule.step), rule];
    }
    if (submission.defaults) this.submitted.defaults = { ...this.submitted.defaults, ...submission.defaults };
    return { pending: this.toolOutputs.list(), stateVersion: this.stateVersion };
  }

  private clientAction(): RequiredAction {
    return { type: 'submit_tool_outputs', toolCalls: this.toolOutputs.list() };
  }

  // ---- helpers --------------------------------------------------------------------------------

  /**
   * Webhooks (per-request callbackUrl and agent subscriptions): each delivery is its own workflow,
   * abandoned by this one, so retries never delay the generation and outlive it.
   */
  private async notifyWebhooks(event: WebhookEvent): Promise<void> {
    if (!this.plan.webhooks) return;
    const deliveryIds = await this.db.prepareWebhooks({ generationId: this.input.generationId, event, stateVersion: this.stateVersion });
    for (const deliveryId of deliveryIds) {
      await startChild(webhookDeliveryWorkflow, {
        workflowId: deliveryId,
        args: [{ deliveryId, maxAttempts: this.plan.webhooks.maxAttempts }],
        parentClosePolicy: ParentClosePolicy.ABANDON,
      });
    }
  }

  private statusWrite(status: 'running' | 'requires_action', requiredAction: RequiredAction | null): StatusWrite {
    this.stateVersion += 1;
    return { generationId: this.input.generationId, stateVersion: this.stateVersion, status, requiredAction, iterationCount: this.step };
  }

  private async finish(outcome: Outcome, text?: string | null): Promise<void> {
    this.phase = outcome.status;
    this.stateVersion += 1;
    await this.db.finishGeneration({
      ...outcome,
      ...(text === undefined ? {} : { text }),
      generationId: this.input.generationId,
      stateVersion: this.stateVersion,
      usage: { ...this.usage },
      iterationCount: this.step,
      toolsUsed: [...this.toolsUsed],
    });
    if (outcome.status !== 'cancelled') await this.notifyWebhooks(outcome.status === 'completed' ? 'generation.completed' : 'generation.failed');
    // OnRunComplete: fire-and-forget; it can neither delay the result (already stored) nor fail it.
    for (const hook of hooksFor(this.plan.hooks, 'OnRunComplete')) {
      if (hook.type !== 'http') continue;
      await proxyActivities<GenerationActivities>(hookOptions(hook.timeoutSeconds ?? 5))
        .runHttpHook({ generationId: this.input.generationId, hookId: hook.id, event: 'OnRunComplete', step: this.step, traceOrder: 1_000_000_100, status: outcome.status })
        .catch(() => undefined);
    }
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function describeActivityFailure(err: ActivityFailure): { code: string; message: string } {
  let cause: unknown = err.cause;
  while (cause instanceof ActivityFailure) cause = cause.cause;
  if (cause instanceof ApplicationFailure) {
    return { code: cause.type === 'ProviderRejected' ? 'model_rejected' : 'activity_failed', message: cause.message };
  }
  return { code: 'activity_failed', message: cause instanceof Error ? cause.message : String(err.message) };
}
