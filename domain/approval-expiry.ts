import { approvalDeadlineOf, approvalHookFor } from '../contracts/generation/index.js';
import type { ApprovalView } from '../contracts/schemas/index.js';
import type { Generation } from '../generated/prisma/client.js';
import { readSnapshot } from '../infra/db/json-columns.js';
import { planHook } from './generations/plan-hooks.js';

/**
 * What an approval's deadlines decide, for the approval view: the plan of the generation's hooks
 * (the ones it started with) read by the same functions the workflow uses (`planHook`,
 * `approvalHookFor`), so the view cannot say other than what the run will do. No hook (a tool that
 * always asks, a destructive tool) or no `onExpiry`: the call expires (deny).
 */
export function approvalExpiry(
  g: Pick<Generation, 'snapshot'>,
  toolName: string,
): Pick<ApprovalView, 'onExpiry' | 'escalationOnExpiry'> {
  const snapshot = readSnapshot(g.snapshot);
  const hook = approvalHookFor(snapshot.hooks.map(planHook), toolName);
  const deadline = approvalDeadlineOf(
    snapshot.plan,
    hook,
    snapshot.plan.tools.find((t) => t.name === toolName),
  );
  const onExpiry = deadline?.onExpiry ?? 'deny';
  return {
    onExpiry,
    escalationOnExpiry: onExpiry === 'escalate' ? (deadline?.escalation?.onExpiry ?? 'deny') : null,
  };
}
