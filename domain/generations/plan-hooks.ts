import type { ApprovalDeadlinePlan, PlannedHook } from '../../contracts/generation/index.js';
import { durationSeconds } from '../../contracts/schemas/approval-deadlines.js';
import { hookEventSchema, type ApprovalHookConfig } from '../../contracts/schemas/index.js';
import type { Hook } from '../../generated/prisma/client.js';
import { readApprovalHookConfig, readHttpHookConfig, readRuleHookConfig } from '../../infra/db/json-columns.js';

/**
 * A hook as the loop runs it (PlannedHook): its event and matcher, a rule's conditions, an http
 * hook's timeout, an approval's deadlines. Used for the plan a generation starts with and by the
 * approval view, which reads what an approval's deadline will do from the same plan.
 */

/** Only hooks that set a deadline field get a plan for it: the others keep the plain expiry. */
function approvalDeadlinePlan(c: ApprovalHookConfig): ApprovalDeadlinePlan | undefined {
  if (c.onExpiry === undefined && c.expiryReason === undefined && c.remindBefore === undefined) return undefined;
  const e = c.escalation;
  // Written configs were checked (422 without allowAutoApprove); the plan checks again, so a config
  // stored before that rule or edited in the database never approves on its own.
  const unlessApproveAllowed = <T extends string>(a: T): T | 'deny' =>
    a === 'approve' && c.allowAutoApprove !== true ? 'deny' : a;
  return {
    onExpiry: unlessApproveAllowed(c.onExpiry ?? 'deny'),
    ...(c.expiryReason !== undefined ? { expiryReason: c.expiryReason } : {}),
    ...(c.remindBefore !== undefined ? { remindBeforeSeconds: c.remindBefore } : {}),
    ...(c.onExpiry === 'escalate' && e
      ? {
          escalation: {
            expiresAfterSeconds: durationSeconds(e.expiresAfter) ?? 0,
            onExpiry: unlessApproveAllowed(e.onExpiry ?? 'deny'),
            ...(e.expiryReason !== undefined ? { expiryReason: e.expiryReason } : {}),
          },
        }
      : {}),
  };
}

/** A hook row, or a generation snapshot's copy of one: the fields the plan reads. */
type HookFields = Pick<Hook, 'id' | 'type' | 'event' | 'matcher'> & { config: unknown };

export function planHook(h: HookFields): PlannedHook {
  const base = { id: h.id, event: hookEventSchema.parse(h.event), matcher: h.matcher };
  if (h.type === 'rule') return { ...base, type: 'rule', rule: readRuleHookConfig(h.config) };
  if (h.type === 'approval') {
    const config = readApprovalHookConfig(h.config);
    const timeoutSeconds =
      config.expiresAfter !== undefined ? (durationSeconds(config.expiresAfter) ?? undefined) : config.timeoutSeconds;
    const deadline = approvalDeadlinePlan(config);
    return {
      ...base,
      type: 'approval',
      ...(timeoutSeconds === undefined ? {} : { approvalTimeoutSeconds: timeoutSeconds }),
      ...(deadline ? { approvalDeadline: deadline } : {}),
    };
  }
  return { ...base, type: 'http', timeoutSeconds: readHttpHookConfig(h.config).timeoutSeconds };
}
