import type { PlannedTool } from '../../contracts/generation/index.js';
import { childPlatformActions } from '../../contracts/platform-actions.js';

/** remainingDepth of generations whose plan predates nesting, and the default of maxCallDepth. */
export const DEFAULT_CALL_DEPTH = 10;

/** Whether a call of this tool starts a child generation. */
export function startsChild(tool: PlannedTool | undefined): boolean {
  if (tool?.type === 'agent') return true;
  return tool?.type === 'platform' && tool.action !== undefined && childPlatformActions.has(tool.action);
}

/** Why a nested call may not start (null: it may): at remainingDepth 0 nothing more is started. */
export function childCallRefusal(remainingDepth: number): string | null {
  if (remainingDepth > 0) return null;
  return 'Maximum call depth reached: this generation may not start nested generations (maxCallDepth)';
}
