import { ActivityFailure, ApplicationFailure, condition } from '@temporalio/workflow';
import { cancelRequestedFailure } from '../contracts/generation/index.js';

/**
 * How long a call stopped by a cancel request waits for Temporal's request before it counts as an
 * ordinary failure. The API announces a cancel only after Temporal accepted it, so the request is
 * normally here within the next workflow task.
 */
const CANCEL_ARRIVES_WITHIN = '1 minute';

/**
 * A model or tool call that its worker stopped because the generation's cancel was requested
 * (docs/adr/0027) ends as Temporal's cancellation: the request is already in history, the next
 * workflow task delivers it, and it cancels this wait. Any other failure is rethrown as it is.
 */
export async function cancelledIfRequested(err: unknown): Promise<never> {
  // A local activity's failure reaches the workflow as it was thrown; a regular one's inside an ActivityFailure.
  const failure = err instanceof ActivityFailure ? err.cause : err;
  const stoppedForCancel = failure instanceof ApplicationFailure && failure.type === cancelRequestedFailure;
  if (stoppedForCancel) await condition(() => false, CANCEL_ARRIVES_WITHIN);
  throw err;
}
