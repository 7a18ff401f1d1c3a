import type { StopCondition } from '../../contracts/schemas/index.js';
import { CLARIFY_TOOL, type ModelToolCall, type PlannedTool } from '../../contracts/generation/index.js';

/** The first tool call that satisfies a `hasToolCall` stop condition, if any. */
export function matchStopCondition(calls: ModelToolCall[], conditions: StopCondition[]): ModelToolCall | undefined {
  const names = new Set(conditions.filter((c) => c.type === 'hasToolCall').map((c) => c.toolName));
  return calls.find((c) => names.has(c.name));
}

export const DOOM_LOOP_THRESHOLD = 3;

/**
 * Doom loop: the same tool with identical arguments called `threshold` times in a row. `recent`
 * is the sequence of calls so far (name + argument hash), newest last.
 */
export function isDoomLoop(
  recent: Array<{ name: string; argumentsHash: string }>,
  threshold = DOOM_LOOP_THRESHOLD,
): boolean {
  if (recent.length < threshold) return false;
  const tail = recent.slice(-threshold);
  const first = tail[0]!;
  return tail.every((c) => c.name === first.name && c.argumentsHash === first.argumentsHash);
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

/**
 * Groups server-side calls into batches run one after another: consecutive read-only calls share
 * a batch and run in parallel; any other call is a batch of its own, keeping the model's order
 * for side effects.
 */
export function executionBatches<T extends { tool: PlannedTool | undefined }>(calls: T[]): T[][] {
  const batches: T[][] = [];
  for (const c of calls) {
    const last = batches[batches.length - 1];
    const readOnly = c.tool?.readOnly === true;
    if (readOnly && last && last.every((x) => x.tool?.readOnly === true)) last.push(c);
    else batches.push([c]);
  }
  return batches;
}

export const MAX_LENGTH_CONTINUATIONS = 3;
