import type { ClaimedAnswer, ClientOutputRecord, PendingToolCall, StepCall } from '../contracts/generation/index.js';
import type { GenerationState } from './generation-state.js';
import { isObject } from './hook-runner.js';
import type { SubmittedControls } from './loop/controls.js';
import { runPause, type AnswerInbox, type PauseEntry } from './pause-lifecycle.js';
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

  constructor(
    private readonly state: GenerationState,
    private readonly inbox: AnswerInbox,
  ) {}

  pendingToolCalls(): PendingToolCall[] {
    return this.toolOutputs.list();
  }

  async clarify(c: StepCall): Promise<void> {
    const args = (isObject(c.call.arguments) ? c.call.arguments : {}) as { question?: unknown; reason?: unknown };
    const question =
      typeof args.question === 'string' && args.question.trim() ? args.question : 'Could you clarify your request?';
    const reason = typeof args.reason === 'string' ? { reason: args.reason } : {};
    this.clarification.open({ toolCallId: c.call.id, question, ...reason });
    const { generationId, step } = this.state;
    const output = (): ClientOutputRecord => ({
      toolCallId: c.call.id,
      toolName: c.call.name,
      arguments: c.call.arguments,
      seq: c.seq,
      output: this.clarification.answer,
    });
    await runPause(this.state, this.inbox, {
      entry: 'ownWrite',
      action: () => ({ type: 'answer_clarification', clarification: this.clarification.question! }),
      enterWrite: (status) => ({ kind: 'status', write: status }),
      take: (answer) => {
        if (answer.kind === 'clarification') this.clarification.take(answer);
      },
      wait: async (progress) => {
        await waitForPause(this.clarification, { progress });
        return 'answered';
      },
      leaveWrite: (status) => ({ kind: 'pauseResults', write: { generationId, step, outputs: [output()], status } }),
      showRunningAfterModelCall: true,
    });
  }

  /** Pauses for the outputs of `calls`; `entry` says whether the model call already stored the pause. */
  async awaitToolOutputs(calls: StepCall[], entry: PauseEntry): Promise<void> {
    const pending = calls.map((c) => ({
      toolCallId: c.call.id,
      toolName: c.call.name,
      arguments: c.call.arguments,
      seq: c.seq,
    }));
    this.toolOutputs.open(pending);
    const { generationId, step } = this.state;
    await runPause(this.state, this.inbox, {
      entry,
      action: () => ({ type: 'submit_tool_outputs', toolCalls: this.toolOutputs.list() }),
      enterWrite: (status) => ({ kind: 'status', write: status }),
      take: (answer) => this.take(answer),
      wait: async (progress) => {
        await waitForPause(this.toolOutputs, { progress });
        return 'answered';
      },
      leaveWrite: (status) => ({
        kind: 'pauseResults',
        write: {
          generationId,
          step,
          outputs: pending.map((p) => ({ ...p, output: this.toolOutputs.received.get(p.toolCallId) })),
          status,
        },
      }),
      showRunningAfterModelCall: true,
    });
  }

  private take(answer: ClaimedAnswer): void {
    if (answer.kind !== 'toolOutputs' || !this.toolOutputs.take(answer, answer.toolOutputs)) return;
    const { next, stepRules, defaults } = answer;
    if (next && (next.toolChoice !== undefined || next.activeToolIds !== undefined))
      this.submitted.next = { step: this.state.step + 1, ...next };
    for (const rule of stepRules ?? [])
      this.submitted.stepRules = [...this.submitted.stepRules.filter((r) => r.step !== rule.step), rule];
    if (defaults) this.submitted.defaults = { ...this.submitted.defaults, ...defaults };
  }
}
