import { ActivityFailure, ApplicationFailure, type TimeoutFailure } from '@temporalio/workflow';
import { contextOverflowFailure, failed, providerFailure, type RunOutcome } from '../../contracts/generation/index.js';

/** What the loop does after a step: call the model again, or finish with an outcome. */
export type NextStep = { type: 'run_again' } | { type: 'finish'; outcome: RunOutcome };

export const runAgain: NextStep = { type: 'run_again' };

export function finish(outcome: RunOutcome): NextStep {
  return { type: 'finish', outcome };
}

/**
 * A failed call as the run's outcome: provider rejections are model_rejected; a provider still
 * failing transiently (5xx, 429, network) when the model call's attempts are used up is
 * model_unavailable, naming the last attempt's error. Regular activities fail with an
 * ActivityFailure around the cause; local activities reach the workflow with the cause itself.
 */
export function activityFailed(err: ActivityFailure | ApplicationFailure | TimeoutFailure): RunOutcome {
  let cause: unknown = err instanceof ActivityFailure ? err.cause : err;
  while (cause instanceof ActivityFailure) cause = cause.cause;
  if (cause instanceof ApplicationFailure) {
    if (cause.type === contextOverflowFailure) return failed('error', 'context_overflow', cause.message);
    if (cause.type === providerFailure.transient)
      return failed(
        'error',
        'model_unavailable',
        `The model call failed on every attempt (MODEL_CALL_MAX_ATTEMPTS); the last one: ${cause.message}`,
      );
    return failed(
      'error',
      cause.type === providerFailure.rejected ? 'model_rejected' : 'activity_failed',
      cause.message,
    );
  }
  return failed('error', 'activity_failed', cause instanceof Error ? cause.message : String(err.message));
}
