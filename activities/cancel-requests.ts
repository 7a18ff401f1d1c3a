import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { ChangeFeed } from '../infra/events/change-feed.js';
import { cancelRequestedFailure } from '../contracts/generation/index.js';
import { abortWhen } from '../infra/net/abort-when.js';

/** The signal of each running call that stops on its generation's cancel request. */
const callSignals = new WeakMap<Context, AbortSignal>();

/**
 * Runs a model or tool call so that a cancel of its generation stops it at once (docs/adr/0027).
 * A local activity hears of Temporal's cancel only when its workflow task next reaches the server
 * (about 8 s on); the API also announces the request on the change feed, and this aborts the
 * call's signal (`callSignal`) and fails it with `cancelRequestedFailure` instead. A call that
 * ends after the request fails the same way, whatever it returned: the generation is cancelled.
 */
export async function stopOnCancelRequest<T>(
  feed: ChangeFeed,
  generationId: string,
  call: () => Promise<T>,
): Promise<T> {
  const ctx = Context.current();
  const requested = new AbortController();
  const unwatch = feed.onCancelRequested(generationId, () => requested.abort(cancelRequest()));
  const stop = abortWhen([ctx.cancellationSignal, requested.signal]);
  callSignals.set(ctx, stop.signal);
  try {
    // Requested while the workflow was between two calls: this one never starts.
    if (requested.signal.aborted) throw cancelRequest();
    const result = await call();
    if (requested.signal.aborted) throw cancelRequest();
    return result;
  } catch (err) {
    throw requested.signal.aborted ? cancelRequest() : err;
  } finally {
    unwatch();
    stop.dispose();
    callSignals.delete(ctx);
  }
}

/** The signal a call passes to its requests: Temporal's cancellation, or a cancel request heard first. */
export function callSignal(): AbortSignal {
  const ctx = Context.current();
  return callSignals.get(ctx) ?? ctx.cancellationSignal;
}

function cancelRequest(): ApplicationFailure {
  return ApplicationFailure.nonRetryable('The generation was cancelled during this call', cancelRequestedFailure);
}
