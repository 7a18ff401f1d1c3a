import type { StopCondition } from '../../contracts/schemas/index.js';
import { CLARIFY_TOOL, type ModelToolCall, type PlannedTool } from '../../contracts/generation/index.js';

// Shared with the model-call activity, which runs a reply's tool calls when the loop allows it.
export { DOOM_LOOP_THRESHOLD, executionBatches, isDoomLoop } from '../../contracts/generation/step-rules.js';

/** The first tool call that satisfies a `hasToolCall` stop condition, if any. */
export function matchStopCondition(calls: ModelToolCall[], conditions: StopCondition[]): ModelToolCall | undefined {
  const names = new Set(conditions.filter((c) => c.type === 'hasToolCall').map((c) => c.toolName));
  return calls.find((c) => names.has(c.name));
}

export type CallKind = 'execute' | 'client' | 'clarify' | 'no_executor' | 'unknown';

export interface ClassifiedCall {
  call: ModelToolCall;
  tool: PlannedTool | undefined;
  kind: CallKind;
}

/** How each call of a step is handled: run on the server, pause for the client, end the run. */
export function classifyCalls(
  calls: ModelToolCall[],
  tools: PlannedTool[],
  offered: ReadonlySet<string>,
): ClassifiedCall[] {
  return calls.map((call) => {
    const tool = offered.has(call.name) ? tools.find((t) => t.name === call.name) : undefined;
    if (!tool) return { call, tool, kind: 'unknown' };
    if (tool.type === 'client') return { call, tool, kind: 'client' };
    if (tool.type === 'builtin' && tool.name === CLARIFY_TOOL) return { call, tool, kind: 'clarify' };
    if (!tool.hasExecutor) return { call, tool, kind: 'no_executor' };
    return { call, tool, kind: 'execute' };
  });
}

export const MAX_LENGTH_CONTINUATIONS = 3;
