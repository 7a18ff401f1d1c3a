import { condition, inWorkflowContext, log } from '@temporalio/workflow';
import type {
  ApprovalDeadlineOutcome,
  ApprovalExpiry,
  ApprovalOutcome,
  ApprovalRequest,
  ClaimedAnswer,
  ClientToolOutput,
  PendingToolCall,
} from '../contracts/generation/index.js';

/**
 * State of the three kinds of pause a reply can open. Each takes the claimed answers the API sent
 * it (the claim already refused anything that does not answer the pause: docs/adr/0041); what
 * still does not fit is logged and left, never trusted. `changed` tells the wait to store progress.
 */

/** What every pause kind offers the wait: whether it still waits, and whether it progressed. */
export interface Pause {
  readonly waiting: boolean;
  changed: boolean;
}

function ignored(answer: ClaimedAnswer, why: string): false {
  if (inWorkflowContext()) log.warn('claimed answer not taken', { answerId: answer.answerId, kind: answer.kind, why });
  return false;
}

type PendingCall = PendingToolCall & { seq: number };

export class PendingToolOutputs implements Pause {
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

  /** Takes the outputs of a claimed answer for the calls still pending; true when any was taken. */
  take(answer: ClaimedAnswer, outputs: ClientToolOutput[]): boolean {
    const fresh = outputs.filter((o) => this.pending.has(o.toolCallId));
    if (fresh.length !== outputs.length) return ignored(answer, 'it answers calls that are not pending');
    for (const o of fresh) {
      this.received.set(o.toolCallId, o.output);
      this.pending.delete(o.toolCallId);
    }
    this.changed = true;
    return true;
  }

  list(): PendingToolCall[] {
    return [...this.pending.values()].map(({ toolCallId, toolName, arguments: args }) => ({
      toolCallId,
      toolName,
      arguments: args,
    }));
  }
}

export class PendingApprovals implements Pause {
  private readonly requests = new Map<string, ApprovalRequest & { expiresAtMs: number }>();
  private readonly outcomes = new Map<string, ApprovalOutcome>();
  private readonly escalated = new Set<string>();
  changed = false;

  open(requests: ApprovalRequest[]): void {
    this.requests.clear();
    this.outcomes.clear();
    this.escalated.clear();
    for (const r of requests) this.requests.set(r.approvalId, { ...r, expiresAtMs: Date.parse(r.expiresAt) });
  }

  get waiting(): boolean {
    return this.requests.size > this.outcomes.size;
  }

  /** Takes a claimed decision on an approval still undecided here. */
  take(answer: Extract<ClaimedAnswer, { kind: 'approval' }>): boolean {
    const request = this.requests.get(answer.approvalId);
    if (!request) return ignored(answer, 'the approval is not pending on this pause');
    if (this.outcomes.has(answer.approvalId)) return ignored(answer, 'the approval is already decided');
    // Bound to the exact call: a decision for anything else fails closed (the call waits, then expires).
    if (answer.toolName !== request.toolName || answer.argumentsHash !== request.argumentsHash)
      return ignored(answer, 'it does not match the pending call');
    this.outcomes.set(answer.approvalId, {
      approvalId: answer.approvalId,
      toolCallId: request.toolCallId,
      toolName: request.toolName,
      status: answer.approved ? 'approved' : 'denied',
      decidedBy: answer.answeredBy,
      decidedAt: answer.decidedAt,
      reason: answer.reason ?? null,
      editedArguments: answer.approved && answer.arguments ? answer.arguments : null,
    });
    this.changed = true;
    return true;
  }

  /** Undecided approvals whose deadline has passed. */
  due(nowMs: number): string[] {
    return [...this.requests.values()]
      .filter((r) => !this.outcomes.has(r.approvalId) && nowMs >= r.expiresAtMs)
      .map((r) => r.approvalId);
  }

  /**
   * Outcomes decided by the expiry's claim: `expired` (or what the hook's deadline decides,
   * `deadlines`), or a decision claimed before it.
   */
  settle(expiries: ApprovalExpiry[], nowMs: number, deadlines: ApprovalDeadlineOutcome[] = []): void {
    for (const { approvalId, decision } of expiries) {
      const request = this.requests.get(approvalId);
      if (!request) continue;
      const base = { approvalId, toolCallId: request.toolCallId, toolName: request.toolName };
      const deadline = deadlines.find((d) => d.approvalId === approvalId);
      this.outcomes.set(
        approvalId,
        decision === 'expired'
          ? {
              ...base,
              status: deadline?.approve ? 'approved' : 'expired',
              decidedBy: deadline?.decidedBy ?? 'system:expiry',
              decidedAt: new Date(nowMs).toISOString(),
              reason: deadline?.reason ?? 'No decision before the approval expired',
              editedArguments: null,
            }
          : {
              ...base,
              status: decision.approved ? 'approved' : 'denied',
              decidedBy: decision.decidedBy,
              decidedAt: decision.decidedAt,
              reason: decision.reason ?? null,
              editedArguments: decision.approved && decision.arguments ? decision.arguments : null,
            },
      );
    }
    this.changed = true;
  }

  /** Hands an undecided approval to its escalation group: a new deadline, the same call. */
  escalate(approvalId: string, expiresAt: string): void {
    const request = this.requests.get(approvalId);
    if (!request || this.outcomes.has(approvalId)) return;
    this.requests.set(approvalId, { ...request, expiresAt, expiresAtMs: Date.parse(expiresAt) });
    this.escalated.add(approvalId);
    this.changed = true;
  }

  isEscalated(approvalId: string): boolean {
    return this.escalated.has(approvalId);
  }

  /** Undecided approvals with their deadlines. */
  undecided(): Array<{ approvalId: string; expiresAtMs: number }> {
    return [...this.requests.values()]
      .filter((r) => !this.outcomes.has(r.approvalId))
      .map(({ approvalId, expiresAtMs }) => ({ approvalId, expiresAtMs }));
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

export class PendingClarification implements Pause {
  question: { toolCallId: string; question: string; reason?: string } | null = null;
  answer: string | undefined;
  changed = false;

  open(q: { toolCallId: string; question: string; reason?: string }): void {
    this.question = q;
    this.answer = undefined;
  }

  get waiting(): boolean {
    return this.question !== null && this.answer === undefined;
  }

  take(answer: Extract<ClaimedAnswer, { kind: 'clarification' }>): boolean {
    if (!this.waiting) return ignored(answer, 'no question is open');
    if (answer.toolCallId !== this.question!.toolCallId) return ignored(answer, 'it answers another question');
    this.answer = answer.answer;
    this.changed = true;
    return true;
  }
}

export interface PauseWaitOptions {
  /** Stores partial progress (some answers in, others still awaited). */
  progress: () => Promise<void>;
  /** Wake up after this many ms even without an answer (approval expiry)... */
  deadlineMs?: () => number;
  /** ...and run this then. */
  onDeadline?: () => Promise<void>;
}

/**
 * The one durable wait of all pause kinds: sleeps until an answer changes the pause (or the
 * deadline passes), stores partial progress, and returns once nothing is awaited. An answer taken
 * while the pause was being stored is seen without waiting.
 */
export async function waitForPause(pause: Pause, opts: PauseWaitOptions): Promise<void> {
  while (pause.waiting) {
    const woken = () => !pause.waiting || pause.changed;
    let answered = pause.changed;
    if (!answered) {
      const deadline = opts.deadlineMs?.();
      if (deadline === undefined) {
        await condition(woken);
        answered = true;
      } else answered = await condition(woken, deadline);
    }
    pause.changed = false;
    if (!answered) await opts.onDeadline?.();
    if (pause.waiting) await opts.progress();
  }
}
