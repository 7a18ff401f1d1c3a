import { ActivityFailure, ApplicationFailure, condition } from '@temporalio/workflow';
import { cancelRequestedFailure } from '../contracts/generation/index.js';

/**
 * How long a call stopped by a cancel request waits for Temporal's request before it counts as an
 * ordinary failure. The API announces a cancel only after Temporal accepted it, so the request is
 * normally here within the next workflow task.
 */
const CANCEL_ARRIVES_WITHIN = '1 minute';

/**
 * The call's result; a model or tool call that its worker stopped because the generation's cancel
 * was requested (docs/adr/0027) ends as Temporal's cancellation: the request is already in
 * history, the next workflow task delivers it, and it cancels this wait. Any other failure is
 * rethrown as it is. A success takes exactly one await, as the bare call did, so the order of
 * commands of parallel branches is what histories recorded before this existed expect.
 */
export async function afterCancelRequest<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    return await cancelledIfRequested(err);
  }
}

async function cancelledIfRequested(err: unknown): Promise<never> {
  // A local activity's failure reaches the workflow as it was thrown; a regular one's inside an ActivityFailure.
  const failure = err instanceof ActivityFailure ? err.cause : err;
  const stoppedForCancel = failure instanceof ApplicationFailure && failure.type === cancelRequestedFailure;
  if (stoppedForCancel) await condition(() => false, CANCEL_ARRIVES_WITHIN);
  throw err;
}
