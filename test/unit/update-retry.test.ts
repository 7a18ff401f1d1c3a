import { ServiceError, WorkflowUpdateRPCTimeoutOrCancelledError } from '@temporalio/client';
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

  it('an update the worker did not take within the call deadline is resent with the same update id', async () => {
    const ids: string[] = [];
    const result = await sendUpdate(async (updateId) => {
      ids.push(updateId);
      if (ids.length < 2)
        throw new WorkflowUpdateRPCTimeoutOrCancelledError('context deadline exceeded', {
          cause: new Error('4 DEADLINE_EXCEEDED'),
        });
      return 'accepted';
    });
    expect(result).toBe('accepted');
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toBe(ids[0]);
  });

  it('two requests send different update ids', async () => {
    const first = await sendUpdate(async (id) => id);
    const second = await sendUpdate(async (id) => id);
    expect(first).not.toBe(second);
  });

  it('an update still not taken after the retries is a 503 with Retry-After', () => {
    try {
      mapUpdateError(new WorkflowUpdateRPCTimeoutOrCancelledError('context deadline exceeded'));
    } catch (err) {
      expect(err).toMatchObject({ status: 503, code: 'unavailable', headers: { 'Retry-After': '1' } });
      return;
    }
    throw new Error('mapUpdateError did not throw');
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
