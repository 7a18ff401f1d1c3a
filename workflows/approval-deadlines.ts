import type {
  ApprovalDeadlineOutcome,
  ApprovalDeadlinePlan,
  EscalateApprovalsInput,
} from '../contracts/generation/index.js';
import type { PendingApprovals } from './pauses.js';

/**
 * What the deadlines of approval hooks do (docs/approvals.md), kept apart from the gate: which
 * approvals escalate, what an expiry decides, and when reminders are due. Approvals whose hook
 * sets none of the deadline fields have no policy here and keep the plain expiry, so runs
 * recorded before these fields issue the same commands.
 */
export class ApprovalDeadlines {
  private readonly policies = new Map<string, ApprovalDeadlinePlan>();
  /** Reminders sent, per approval and stage ("<id>:1", "<id>:2"). */
  private readonly reminded = new Set<string>();

  constructor(private readonly approvals: PendingApprovals) {}

  open(policies: Array<[approvalId: string, plan: ApprovalDeadlinePlan | undefined]>): void {
    this.policies.clear();
    this.reminded.clear();
    for (const [id, plan] of policies) if (plan) this.policies.set(id, plan);
  }

  /** Due approvals that pass to their escalation group instead of expiring. */
  escalating(due: string[]): string[] {
    return due.filter((id) => this.policies.get(id)?.onExpiry === 'escalate' && !this.approvals.isEscalated(id));
  }

  /** The second deadlines of approvals escalated at `nowMs`. */
  escalation(ids: string[], nowMs: number): EscalateApprovalsInput['approvals'] {
    return ids.map((approvalId) => {
      const seconds = this.policies.get(approvalId)!.escalation!.expiresAfterSeconds;
      return { approvalId, expiresAt: new Date(nowMs + seconds * 1000).toISOString() };
    });
  }

  /** What the deadline decides for each due approval that has a policy. */
  outcomes(due: string[]): ApprovalDeadlineOutcome[] {
    return due.flatMap((approvalId): ApprovalDeadlineOutcome[] => {
      const p = this.policies.get(approvalId);
      if (!p) return [];
      const escalated = this.approvals.isEscalated(approvalId);
      const approve = escalated ? p.escalation?.onExpiry === 'approve' : p.onExpiry === 'approve';
      const denial = (escalated ? p.escalation?.expiryReason : undefined) ?? p.expiryReason;
      return [
        {
          approvalId,
          escalated,
          approve,
          reason: approve
            ? 'Approved automatically when the approval expired'
            : (denial ?? 'No decision before the approval expired'),
          decidedBy: escalated ? 'system:escalation' : 'system:expiry',
        },
      ];
    });
  }

  /** Whether the expiry of this approval shows the model its hook's reason. */
  explainsExpiry(approvalId: string): boolean {
    return this.policies.has(approvalId);
  }

  private reminderAt(approvalId: string, expiresAtMs: number): number | null {
    const p = this.policies.get(approvalId);
    const before = p?.remindBeforeSeconds;
    if (before === undefined) return null;
    const escalated = this.approvals.isEscalated(approvalId);
    // The escalated deadline gets a reminder only when it is longer than the reminder's lead.
    if (escalated && before >= (p!.escalation?.expiresAfterSeconds ?? 0)) return null;
    if (this.reminded.has(`${approvalId}:${escalated ? 2 : 1}`)) return null;
    return expiresAtMs - before * 1000;
  }

  /** Milliseconds until the next reminder, or null when none is left. */
  msUntilNextReminder(nowMs: number): number | null {
    const times = this.approvals.undecided().flatMap(({ approvalId, expiresAtMs }) => {
      const at = this.reminderAt(approvalId, expiresAtMs);
      return at === null ? [] : [at];
    });
    return times.length === 0 ? null : Math.max(1, Math.min(...times) - nowMs);
  }

  /** Marks the reminders due at `nowMs` as sent; true when there was any. */
  takeDueReminders(nowMs: number): boolean {
    let any = false;
    for (const { approvalId, expiresAtMs } of this.approvals.undecided()) {
      const at = this.reminderAt(approvalId, expiresAtMs);
      if (at === null || at > nowMs) continue;
      this.reminded.add(`${approvalId}:${this.approvals.isEscalated(approvalId) ? 2 : 1}`);
      any = true;
    }
    return any;
  }
}
