import type { CallHandling, PlannedTool, StepCall } from '../../contracts/generation/index.js';

/**
 * A call of the step as the act phase works on it: its decision (`StepCall`), the planned tool it
 * calls, and how it is handled. A PreToolUse hook or an approver may replace its arguments.
 */
export interface ActCall extends StepCall {
  planned: PlannedTool | undefined;
  handling: CallHandling | 'unknown';
}

export function actCalls(calls: StepCall[], planned: PlannedTool[]): ActCall[] {
  return calls.map((c) => ({
    ...c,
    planned: c.tool ? planned.find((t) => t.name === c.call.name) : undefined,
    handling: c.tool?.handling ?? 'unknown',
  }));
}
