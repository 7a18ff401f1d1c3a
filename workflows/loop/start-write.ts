import type { LoopPlan } from '../../contracts/generation/index.js';
import { hooksFor } from './hooks.js';

/**
 * Whether the run's first activity is its first model call, so that call's local activity can make
 * the start write (docs/adr/0032): no OnRunStart http hook and no MCP discovery runs before it, and
 * the plan allows a step. Otherwise those activities see the run already `running`, as before.
 */
export function startWriteInModelCall(plan: Pick<LoopPlan, 'hooks' | 'tools' | 'maxSteps'>): boolean {
  const runStartHooks = hooksFor(plan.hooks, 'OnRunStart').some((h) => h.type === 'http');
  return !runStartHooks && !plan.tools.some((t) => t.type === 'mcp') && plan.maxSteps >= 1;
}
