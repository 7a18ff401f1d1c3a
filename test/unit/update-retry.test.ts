import { ServiceError } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../contracts/errors.js';
import { mapUpdateError, sendUpdate } from '../../api/generations/resume.js';

describe('updates sent while the workflow task is being retried', () => {
  const failedTask = () =>
    new ServiceError('Workflow Update failed', {
      cause: new Error(
        '9 FAILED_PRECONDITION: Unable to perform workflow execution update due to Workflow Task in failed state.',
      ),
    });

  it('are sent again until the server admits them', async () => {
    let calls = 0;
    const result = await sendUpdate(async () => {
      calls += 1;
      if (calls < 3) throw failedTask();
      return 'admitted';
    });
    expect(result).toBe('admitted');
    expect(calls).toBe(3);
  });

  it('other errors are not retried', async () => {
    let calls = 0;
    const other = new ServiceError('Workflow Update failed', { cause: new Error('14 UNAVAILABLE') });
    await expect(
      sendUpdate(async () => {
        calls += 1;
        throw other;
      }),
    ).rejects.toBe(other);
    expect(calls).toBe(1);
  });

  it('a task still failed after the retries is a 503, not a 500', () => {
    try {
      mapUpdateError(failedTask());
    } catch (err) {
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBe(503);
      return;
    }
    throw new Error('mapUpdateError did not throw');
  });
});
