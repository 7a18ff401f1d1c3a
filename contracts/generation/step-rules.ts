import type { ModelToolCall, ToolsInReply, ToolRunInReply } from './activities.js';

/**
 * Step rules the workflow's loop and the model-call activity must agree on: the doom-loop check,
 * the execution batches, and which tool calls of a reply the activity may run itself
 * (docs/adr/0031). Pure, like the rest of the contract.
 */

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

/**
 * Groups server-side calls into batches run one after another: consecutive read-only calls share
 * a batch and run in parallel; any other call is a batch of its own, keeping the model's order
 * for side effects.
 */
export function executionBatches<T extends { tool: { readOnly: boolean } | undefined }>(calls: T[]): T[][] {
  const batches: T[][] = [];
  for (const c of calls) {
    const last = batches[batches.length - 1];
    const readOnly = c.tool?.readOnly === true;
    if (readOnly && last && last.every((x) => x.tool?.readOnly === true)) last.push(c);
    else batches.push([c]);
  }
  return batches;
}

/** One tool call of a reply as the model-call activity runs it: at the seq the loop would give it. */
export interface CallInReply {
  call: ModelToolCall;
  seq: number;
  tool: ToolRunInReply;
}

/**
 * The batches in which the model-call activity runs the reply's tool calls itself, or null when the
 * loop must decide (docs/adr/0031). All or nothing: every call must be to a tool the loop allowed
 * (no hook, approval, stop condition or pause can concern it), the ids must be distinct (the loop
 * keys seqs by id), and the calls must not make a doom loop (the loop would stop the run instead).
 * Seqs follow the reply's: the loop numbers a step's calls in the reply's order from `firstSeq`.
 */
export function callsToRunInReply(
  calls: ModelToolCall[],
  allowed: ToolsInReply,
  firstSeq: number,
): CallInReply[][] | null {
  if (calls.length === 0) return null;
  const byName = new Map(allowed.tools.map((t) => [t.name, t]));
  if (!calls.every((c) => byName.has(c.name))) return null;
  if (new Set(calls.map((c) => c.id)).size !== calls.length) return null;
  const recent = [...allowed.recentCalls, ...calls.map(({ name, argumentsHash }) => ({ name, argumentsHash }))];
  if (isDoomLoop(recent)) return null;
  return executionBatches(calls.map((call, i) => ({ call, seq: firstSeq + i, tool: byName.get(call.name)! })));
}
