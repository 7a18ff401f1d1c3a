import type { LoopPlan, PlannedTool } from '../../contracts/generation/index.js';
import { hooksFor } from './hooks.js';

/**
 * The client tools offered on a step whose calls nothing concerns but the pause for their outputs
 * (docs/adr/0039): no PreToolUse hook matches them (a rule, an http hook or an approval could deny
 * or hold a call), they need no approval, and no stop condition names them. A reply calling only
 * these opens the pause at once, so its model call may make the pause-opening write.
 */
export function clientToolsPausingInReply(
  plan: Pick<LoopPlan, 'hooks' | 'stopConditions' | 'approveDestructive'>,
  offered: PlannedTool[],
): string[] {
  const stopping = new Set(plan.stopConditions.filter((c) => c.type === 'hasToolCall').map((c) => c.toolName));
  return offered
    .filter(
      (t) =>
        t.type === 'client' &&
        !t.requiresApproval &&
        !(plan.approveDestructive === true && t.destructive === true) &&
        !stopping.has(t.name) &&
        hooksFor(plan.hooks, 'PreToolUse', t.name).length === 0,
    )
    .map((t) => t.name);
}
