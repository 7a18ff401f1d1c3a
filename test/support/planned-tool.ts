import type { PlannedTool } from '../../contracts/generation/index.js';

/** A tool as the loop's plan holds it: an http tool with an executor unless `extra` says otherwise. */
export const plannedTool = (name: string, extra: Partial<PlannedTool> = {}): PlannedTool => ({
  id: `agt_tool_${name.replace(/[^a-zA-Z0-9]/g, '').padEnd(8, '0')}`,
  name,
  type: 'http',
  readOnly: false,
  hasExecutor: true,
  timeoutSeconds: 30,
  ...extra,
});
