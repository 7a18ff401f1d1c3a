import type { LoopPlan, PlannedTool, ToolRunInReply } from '../../contracts/generation/index.js';
import { hooksFor } from './hooks.js';

/**
 * The offered tools whose calls the model-call activity may run itself (docs/adr/0031): http tools
 * with an executor that no hook (PreToolUse or PostToolUse, of any type), approval or stop
 * condition concerns, so no decision of the loop stands between the reply and their execution.
 * The activity runs them only if every call of the reply is to one of them and they make no doom
 * loop (`callsToRunInReply`); otherwise the loop schedules them as before.
 */
export function toolsRunInReply(
  offered: PlannedTool[],
  plan: Pick<LoopPlan, 'hooks' | 'stopConditions' | 'approveDestructive'>,
): ToolRunInReply[] {
  const stops = new Set(plan.stopConditions.filter((c) => c.type === 'hasToolCall').map((c) => c.toolName));
  const hooked = (name: string) =>
    hooksFor(plan.hooks, 'PreToolUse', name).length > 0 || hooksFor(plan.hooks, 'PostToolUse', name).length > 0;
  return offered
    .filter(
      (t) =>
        t.type === 'http' &&
        t.hasExecutor &&
        !t.requiresApproval &&
        !(plan.approveDestructive === true && t.destructive === true) &&
        !stops.has(t.name) &&
        !hooked(t.name),
    )
    .map((t) => ({ name: t.name, readOnly: t.readOnly, timeoutSeconds: t.timeoutSeconds }));
}
