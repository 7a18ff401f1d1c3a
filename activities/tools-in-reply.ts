import {
  callsToRunInReply,
  type CallInReply,
  type ModelCallInput,
  type ModelCallResult,
  type ToolOutcomeInReply,
} from '../contracts/generation/index.js';

/**
 * A tool call of a reply runs inside the model call's activity only when its own timeout plus this
 * margin (the recording around it) still fits in the activity's timeout.
 */
export const TOOL_TIMEOUT_MARGIN_SECONDS = 15;

/** What running a reply's calls inside the model call's activity takes from that activity. */
export interface CallsInReplyRunner {
  /** Runs one call as `executeTool` does; null when it failed and is left to the loop. */
  run(call: CallInReply): Promise<ToolOutcomeInReply | null>;
  /** When this attempt of the activity times out (ms since the epoch). */
  attemptDeadlineMs: number;
  /** The activity's cancel (Temporal's, or the generation's cancel request). */
  signal: AbortSignal;
  now?: () => number;
}

/**
 * The reply's tool calls, run inside the model call's local activity when the loop allowed it
 * (docs/adr/0031), or null when the loop runs them all. Batches run in the loop's order. A call
 * that fails, and every batch after it, is left to the loop, which schedules those calls as their
 * own activities; so is a batch that might not finish before this attempt times out. A cancel is
 * checked before each batch, so none starts after it.
 */
export async function runCallsInReply(
  input: ModelCallInput,
  reply: ModelCallResult,
  runner: CallsInReplyRunner,
): Promise<ToolOutcomeInReply[] | null> {
  // A cut-off reply is continued and a compaction summary comes first: the loop decides both.
  if (!input.runTools || input.continuation || reply.needsSummary) return null;
  const batches = callsToRunInReply(reply.toolCalls, input.runTools, input.seq + 1);
  if (!batches) return null;
  const now = runner.now ?? Date.now;
  const outcomes: ToolOutcomeInReply[] = [];
  for (const batch of batches) {
    runner.signal.throwIfAborted();
    const needsMs = (Math.max(...batch.map((c) => c.tool.timeoutSeconds)) + TOOL_TIMEOUT_MARGIN_SECONDS) * 1000;
    if (now() + needsMs > runner.attemptDeadlineMs) break;
    const ran = await Promise.all(batch.map((c) => runner.run(c)));
    for (const outcome of ran) if (outcome) outcomes.push(outcome);
    if (ran.includes(null)) break;
  }
  return outcomes;
}
