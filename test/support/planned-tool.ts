import type { LoopPlan, PlannedTool } from '../../contracts/generation/index.js';

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

/** A loop plan with nothing configured but what `overrides` sets. */
export function makePlan(overrides: Partial<LoopPlan> = {}): LoopPlan {
  return {
    tools: [],
    toolChoice: 'auto',
    activeToolIds: null,
    stepRules: [],
    stopConditions: [],
    maxSteps: 10,
    // One attempt: an exhausted script fails the run at once instead of retrying for minutes.
    modelRetry: { maximumAttempts: 1, startToCloseSeconds: 60 },
    hooks: [],
    approvalTimeoutSeconds: 300,
    requireToolUse: false,
    reviewFinalText: false,
    ...overrides,
  };
}
