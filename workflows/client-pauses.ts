import { log } from '@temporalio/workflow';
import type {
  ClaimedToolOutputsInput,
  ClientOutputsWrite,
  ClarificationAnswerInput,
  StatusWrite,
  ClarificationAnswerResult,
  PendingToolCall,
  SubmitToolOutputsInput,
  SubmitToolOutputsResult,
} from '../contracts/generation/index.js';
import type { RequiredAction } from '../contracts/schemas/index.js';
import { store } from './activity-proxies.js';
import type { GenerationState } from './generation-state.js';
import { isObject } from './hook-runner.js';
import type { SubmittedControls } from './loop/controls.js';
import type { ClassifiedCall } from './loop/stop-rules.js';
import { PendingClarification, PendingToolOutputs, waitForPause } from './pauses.js';

/**
 * Pauses answered by the client: outputs of client-side tools (with optional tool controls for the
 * next steps) and answers to agent_clarify questions. Both are stored as the calls' results.
 */
export class ClientPauses {
  private readonly toolOutputs = new PendingToolOutputs();
  private readonly clarification = new PendingClarification();
  /** Tool controls submitted with outputs, read by the loop when it plans a step. */
  readonly submitted: SubmittedControls = { stepRules: [] };
  /** Claimed answers received for a pause this run has not re-opened yet (docs/adr/0037). */
  private readonly claimed: ClaimedToolOutputsInput[] = [];
  /** Every claimed answer received: one sent again is taken once. */
  private readonly claimedIds = new Set<string>();

  /**
   * `carryLeave` hands a local leave-write to the run's next model call, which makes it first
   * (docs/adr/0038); false when that call is not the run's next activity.
   */
  constructor(
    private readonly state: GenerationState,
    private readonly carryLeave: (write: ClientOutputsWrite) => boolean = () => false,
    /** Whether the model call whose reply led here made exactly this pause-opening write (docs/adr/0039). */
    private readonly writtenInReply: (write: StatusWrite) => boolean = () => false,
  ) {}

  pendingToolCalls(): PendingToolCall[] {
    return this.toolOutputs.list();
  }

  async clarify(c: ClassifiedCall, seq: number): Promise<void> {
    const args = (isObject(c.call.arguments) ? c.call.arguments : {}) as { question?: unknown; reason?: unknown };
    const question =
      typeof args.question === 'string' && args.question.trim() ? args.question : 'Could you clarify your request?';
    const reason = typeof args.reason === 'string' ? { reason: args.reason } : {};
    this.clarification.open({ toolCallId: c.call.id, question, ...reason });
    const action: RequiredAction = { type: 'answer_clarification', clarification: this.clarification.question! };
    const { generationId, step } = this.state;
    const answer = () => ({
      toolCallId: c.call.id,
      toolName: c.call.name,
      arguments: c.call.arguments,
      seq,
      output: this.clarification.answer,
    });
    await this.state.pause(
      (writer) => writer.writeStatus(this.state.statusWrite('requires_action', action)),
      () => waitForPause(this.clarification),
      (writer) =>
        writer.recordClientOutputs({
          generationId,
          step,
          outputs: [answer()],
          status: this.state.statusWrite('running', null, { showAfterModelCall: true }),
        }),
    );
  }

  validateClarification(input: ClarificationAnswerInput): void {
    this.clarification.validate(input.answer, input.toolCallId);
  }

  acceptClarification(input: ClarificationAnswerInput): ClarificationAnswerResult {
    this.clarification.accept(input.answer);
    this.state.answered(input);
    return { stateVersion: this.state.stateVersion };
  }

  async awaitToolOutputs(calls: ClassifiedCall[], seqs: Map<string, number>): Promise<void> {
    const pending = calls.map((c) => ({
      toolCallId: c.call.id,
      toolName: c.call.name,
      arguments: c.call.arguments,
      seq: seqs.get(c.call.id)!,
    }));
    this.toolOutputs.open(pending);
    const action = (): RequiredAction => ({ type: 'submit_tool_outputs', toolCalls: this.toolOutputs.list() });
    const outputs = () => pending.map((p) => ({ ...p, output: this.toolOutputs.received.get(p.toolCallId) }));
    const { generationId, step } = this.state;
    await this.state.pause(
      async (writer) => {
        const write = this.state.statusWrite('requires_action', action());
        if (!this.writtenInReply(write)) await writer.writeStatus(write);
      },
      () => {
        this.takeClaimed();
        return waitForPause(this.toolOutputs, {
          progress: () => store.writeStatus(this.state.statusWrite('requires_action', action())),
        });
      },
      async (writer, local) => {
        const write: ClientOutputsWrite = {
          generationId,
          step,
          outputs: outputs(),
          status: this.state.statusWrite('running', null, { showAfterModelCall: true }),
        };
        if (!(local && this.carryLeave(write))) await writer.recordClientOutputs(write);
      },
    );
  }

  validateToolOutputs(submission: SubmitToolOutputsInput): void {
    this.toolOutputs.validate(submission.toolOutputs);
  }

  acceptToolOutputs(submission: SubmitToolOutputsInput): SubmitToolOutputsResult {
    this.state.answered(submission);
    return this.take(submission);
  }

  /**
   * A claimed answer (docs/adr/0037). The API claimed it in PostgreSQL while the pause at
   * `seenStateVersion` was open with exactly these calls, so it is this pause's answer: taken when
   * that pause is open, kept while the run re-opens it after a crash, dropped (logged) otherwise.
   */
  receiveClaimedToolOutputs(input: ClaimedToolOutputsInput): void {
    if (this.claimedIds.has(input.answerId)) return;
    this.claimedIds.add(input.answerId);
    this.claimed.push(input);
    this.takeClaimed();
  }

  private takeClaimed(): void {
    for (const input of this.claimed.splice(0)) {
      if (input.seenStateVersion > this.state.stateVersion) {
        this.claimed.push(input);
        continue;
      }
      const problem =
        input.seenStateVersion < this.state.stateVersion
          ? `it answers state ${input.seenStateVersion}, the run is at ${this.state.stateVersion}`
          : this.toolOutputs.completionProblem(input.toolOutputs);
      if (problem !== null) {
        log.warn('claimed tool outputs not taken', { answerId: input.answerId, problem });
        continue;
      }
      this.state.answeredBySignal(input.answerId);
      this.take(input);
    }
  }

  private take(submission: SubmitToolOutputsInput): SubmitToolOutputsResult {
    this.toolOutputs.accept(submission.toolOutputs);
    const { next, stepRules, defaults } = submission;
    if (next && (next.toolChoice !== undefined || next.activeToolIds !== undefined))
      this.submitted.next = { step: this.state.step + 1, ...next };
    for (const rule of stepRules ?? [])
      this.submitted.stepRules = [...this.submitted.stepRules.filter((r) => r.step !== rule.step), rule];
    if (defaults) this.submitted.defaults = { ...this.submitted.defaults, ...defaults };
    return { pending: this.toolOutputs.list(), stateVersion: this.state.stateVersion };
  }
}
