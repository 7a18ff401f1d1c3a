import type { ModelToolCall } from './activities.js';

/** Pure step rules used by `decideReply` and the loop's act phase. */

/** The same tool with identical arguments this many times in a row is a doom loop. */
export const DOOM_LOOP_THRESHOLD = 3;

/** A reply cut off by the length limit is continued at most this many times. */
export const MAX_LENGTH_CONTINUATIONS = 3;

/** What the doom-loop rule remembers of a call. */
export interface CallFingerprint {
  name: string;
  argumentsHash: string;
}

export const fingerprint = ({ name, argumentsHash }: CallFingerprint): CallFingerprint => ({ name, argumentsHash });

/**
 * Doom loop: the same tool with identical arguments called `threshold` times in a row. `recent`
 * is the sequence of calls so far (name + argument hash), newest last.
 */
export function isDoomLoop(recent: CallFingerprint[], threshold = DOOM_LOOP_THRESHOLD): boolean {
  if (recent.length < threshold) return false;
  const tail = recent.slice(-threshold);
  const first = tail[0]!;
  return tail.every((c) => c.name === first.name && c.argumentsHash === first.argumentsHash);
}

/** The first call whose tool a `hasToolCall` stop condition names, if any. */
export function matchStopCondition(
  calls: ModelToolCall[],
  stopToolNames: readonly string[],
): ModelToolCall | undefined {
  return calls.find((c) => stopToolNames.includes(c.name));
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
