import { ActivityFailure, ApplicationFailure, RetryState } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { providerFailure } from '../../contracts/generation/index.js';
import { activityFailed } from '../../workflows/loop/outcomes.js';

describe('a failed call as the outcome', () => {
  const transient = ApplicationFailure.create({ type: providerFailure.transient, message: 'provider 500' });
  const rejected = ApplicationFailure.create({
    type: providerFailure.rejected,
    message: 'bad key',
    nonRetryable: true,
  });

  it('reads the cause inside a regular activity failure', () => {
    const wrapped = new ActivityFailure(
      'failed',
      'callModel',
      '1',
      RetryState.MAXIMUM_ATTEMPTS_REACHED,
      'w',
      transient,
    );
    expect(activityFailed(wrapped)).toMatchObject({ status: 'failed', error: { code: 'model_unavailable' } });
  });

  it('reads a local activity failure, which arrives unwrapped, the same way', () => {
    expect(activityFailed(transient)).toMatchObject({ status: 'failed', error: { code: 'model_unavailable' } });
    expect(activityFailed(rejected)).toMatchObject({
      status: 'failed',
      error: { code: 'model_rejected', message: 'bad key' },
    });
  });
});
