import { ApplicationFailure, condition } from '@temporalio/workflow';
import { updateRejection } from './definitions.js';
import type {
  ApprovalDecisionInput,
  ApprovalOutcome,
  ApprovalRequest,
  ClientToolOutput,
  SubmitToolOutputsResult,
} from '../contracts/generation/index.js';

/**
 * State of the three kinds of pause. Validators throw ApplicationFailure (a rejected update leaves
 * no trace in history); accept() mutates and sets `changed` so the loop can persist progress.
 */
export function reject(type: string, message: string): never {
  throw ApplicationFailure.create({ type, message, nonRetryable: true });
}

type PendingCall = SubmitToolOutputsResult['pending'][number] & { seq: number };

export class PendingToolOutputs {
  readonly pending = new Map<string, PendingCall>();
  readonly received = new Map<string, unknown>();
  changed = false;

  open(calls: PendingCall[]): void {
    this.pending.clear();
    this.received.clear();
    for (const c of calls) this.pending.set(c.toolCallId, c);
  }

  get waiting(): boolean {
    return this.pending.size > 0;
  }

  validate(outputs: ClientToolOutput[]): void {
    if (!this.waiting) reject(updateRejection.notWaiting, 'The generation is not waiting for tool outputs');
    const seen = new Set<string>();
    for (const o of outputs) {
      if (seen.has(o.toolCallId)) reject(updateRejection.invalid, `toolCallId ${o.toolCallId} appears twice`);
      seen.add(o.toolCallId);
      if (this.received.has(o.toolCallId))
        reject(updateRejection.alreadyAnswered, `toolCallId ${o.toolCallId} was already answered`);
      if (!this.pending.has(o.toolCallId))
        reject(updateRejection.unknownToolCall, `toolCallId ${o.toolCallId} is not a pending tool call`);
    }
  }

  /** Why `outputs` is not exactly one output for every pending call, or null when it is. */
  completionProblem(outputs: ClientToolOutput[]): string | null {
    if (!this.waiting || this.received.size > 0) return 'the pause is not waiting for all of its calls';
    const ids = new Set(outputs.map((o) => o.toolCallId));
    if (ids.size !== outputs.length || ids.size !== this.pending.size || [...ids].some((id) => !this.pending.has(id)))
      return 'the outputs do not answer exactly the pending calls';
    return null;
  }

  accept(outputs: ClientToolOutput[]): void {
    for (const o of outputs) {
      this.received.set(o.toolCallId, o.output);
      this.pending.delete(o.toolCallId);
    }
    this.changed = true;
  }

  list(): SubmitToolOutputsResult['pending'] {
    return [...this.pending.values()].map(({ toolCallId, toolName, arguments: args }) => ({
      toolCallId,
      toolName,
      arguments: args,
    }));
  }
}

export class PendingApprovals {
  private readonly requests = new Map<string, ApprovalRequest & { expiresAtMs: number }>();
  private readonly outcomes = new Map<string, ApprovalOutcome>();
  changed = false;

  open(requests: ApprovalRequest[]): void {
    this.requests.clear();
    this.outcomes.clear();
    for (const r of requests) this.requests.set(r.approvalId, { ...r, expiresAtMs: Date.parse(r.expiresAt) });
  }

  get waiting(): boolean {
    return this.requests.size > this.outcomes.size;
  }

  validate(input: ApprovalDecisionInput, nowMs: number): void {
    const request = this.requests.get(input.approvalId);
    if (!request)
      reject(updateRejection.approvalNotFound, `Approval ${input.approvalId} is not pending on this generation`);
    const outcome = this.outcomes.get(input.approvalId);
    if (outcome)
      reject(
        outcome.status === 'expired' ? updateRejection.approvalExpired : updateRejection.approvalDecided,
        `Approval ${input.approvalId} is already ${outcome.status}`,
      );
    if (nowMs >= request.expiresAtMs)
      reject(updateRejection.approvalExpired, `Approval ${input.approvalId} expired at ${request.expiresAt}`);
    // Bound to the exact call: anything that does not match fails closed.
    if (input.toolName !== request.toolName || input.argumentsHash !== request.argumentsHash) {
      reject(updateRejection.approvalMismatch, `Approval ${input.approvalId} does not match the pending call`);
    }
    if (!input.approved && input.arguments !== undefined)
      reject(updateRejection.invalid, 'arguments can only be given when approving');
  }

  accept(input: ApprovalDecisionInput, nowMs: number): void {
    const request = this.requests.get(input.approvalId)!;
    this.outcomes.set(input.approvalId, {
      approvalId: input.approvalId,
      toolCallId: request.toolCallId,
      toolName: request.toolName,
      status: input.approved ? 'approved' : 'denied',
      decidedBy: input.decidedBy,
      decidedAt: new Date(nowMs).toISOString(),
      reason: input.reason ?? null,
      editedArguments: input.approved && input.arguments ? input.arguments : null,
    });
    this.changed = true;
  }

  /** Marks undecided approvals past their deadline as expired; true if any changed. */
  expireDue(nowMs: number): boolean {
    let any = false;
    for (const r of this.requests.values()) {
      if (!this.outcomes.has(r.approvalId) && nowMs >= r.expiresAtMs) {
        this.outcomes.set(r.approvalId, {
          approvalId: r.approvalId,
          toolCallId: r.toolCallId,
          toolName: r.toolName,
          status: 'expired',
          decidedBy: null,
          decidedAt: new Date(nowMs).toISOString(),
          reason: 'No decision before the approval expired',
          editedArguments: null,
        });
        any = true;
      }
    }
    return any;
  }

  /** Milliseconds until the next undecided approval expires (at least 1). */
  msUntilNextExpiry(nowMs: number): number {
    const pending = [...this.requests.values()]
      .filter((r) => !this.outcomes.has(r.approvalId))
      .map((r) => r.expiresAtMs);
    if (pending.length === 0) return 1;
    return Math.max(1, Math.min(...pending) - nowMs);
  }

  pendingList(): ApprovalRequest[] {
    return [...this.requests.values()]
      .filter((r) => !this.outcomes.has(r.approvalId))
      .map(({ expiresAtMs: _ms, ...r }) => r);
  }

  results(): ApprovalOutcome[] {
    return [...this.requests.keys()].map((id) => this.outcomes.get(id)!);
  }
}

export class PendingClarification {
  question: { toolCallId: string; question: string; reason?: string } | null = null;
  answer: string | undefined;
  /** One answer ends the pause: there is no partial progress to store. */
  changed = false;

  open(q: { toolCallId: string; question: string; reason?: string }): void {
    this.question = q;
    this.answer = undefined;
  }

  get waiting(): boolean {
    return this.question !== null && this.answer === undefined;
  }

  validate(answer: string, toolCallId?: string): void {
    if (!this.waiting) reject(updateRejection.notWaiting, 'The generation is not waiting for a clarification');
    if (toolCallId !== undefined && toolCallId !== this.question!.toolCallId)
      reject(
        updateRejection.questionMismatch,
        `The open question is ${this.question!.toolCallId}, not ${toolCallId}; it was answered already or never asked`,
      );
    if (answer.trim() === '') reject(updateRejection.invalid, 'answer must not be empty');
  }

  accept(answer: string): void {
    this.answer = answer;
  }
}

/** What every pause kind offers the wait: whether it still waits, and whether it progressed. */
export interface Pause {
  readonly waiting: boolean;
  changed: boolean;
}

export interface PauseWaitOptions {
  /** Wake up after this many ms even without an answer (approval expiry). */
  deadlineMs?: () => number;
  /** Runs on every wake-up, before the pause is checked again (e.g. expire due approvals). */
  onWake?: () => void;
  /** Stores partial progress (some answers in, others still awaited). */
  progress?: () => Promise<void>;
}

/**
 * The one durable wait of all pause kinds: sleeps until an update answers or changes the pause
 * (or the deadline passes), stores partial progress, and returns once nothing is awaited. An
 * answer that arrived while the pause was being stored is seen without waiting.
 */
export async function waitForPause(pause: Pause, opts: PauseWaitOptions = {}): Promise<void> {
  while (pause.waiting) {
    if (!pause.changed) await condition(() => !pause.waiting || pause.changed, opts.deadlineMs?.());
    pause.changed = false;
    opts.onWake?.();
    if (pause.waiting && opts.progress) await opts.progress();
  }
}
