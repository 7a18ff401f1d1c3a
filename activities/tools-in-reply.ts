import { executionBatches, type StepCall, type ToolOutcomeInReply } from '../contracts/generation/index.js';

/**
 * A tool call of a reply runs inside the model call's activity only when its own timeout plus this
 * margin (the recording around it) still fits in the activity's timeout.
 */
export const TOOL_TIMEOUT_MARGIN_SECONDS = 15;

/** What running a reply's calls inside the model call's activity takes from that activity. */
export interface CallsInReplyRunner {
  /** Runs one call as `executeTool` does; null when it failed and is left to the loop. */
  run(call: StepCall): Promise<ToolOutcomeInReply | null>;
  /** When this attempt of the activity times out (ms since the epoch). */
  attemptDeadlineMs: number;
  /** The activity's cancel (Temporal's, or the generation's cancel request). */
  signal: AbortSignal;
  now?: () => number;
}

/**
 * The unattended calls of a reply (decision `runTools`), run inside the model call's local
 * activity in the loop's batches (consecutive read-only calls in parallel). A call that fails,
 * and every batch after it, is left to the loop, which runs those calls as their own activities;
 * so is a batch that might not finish before this attempt times out. A cancel is checked before
 * each batch, so none starts after it.
 */
export async function runCallsInReply(calls: StepCall[], runner: CallsInReplyRunner): Promise<ToolOutcomeInReply[]> {
  const now = runner.now ?? Date.now;
  const outcomes: ToolOutcomeInReply[] = [];
  for (const batch of executionBatches(calls)) {
    runner.signal.throwIfAborted();
    const needsMs = (Math.max(...batch.map((c) => c.tool?.timeoutSeconds ?? 30)) + TOOL_TIMEOUT_MARGIN_SECONDS) * 1000;
    if (now() + needsMs > runner.attemptDeadlineMs) break;
    const ran = await Promise.all(batch.map((c) => runner.run(c)));
    for (const outcome of ran) if (outcome) outcomes.push(outcome);
    if (ran.includes(null)) break;
  }
  return outcomes;
}
