import { afterAll, describe, expect, it } from 'vitest';
import { UntrustedPool, UntrustedWorkError } from '../../infra/isolation/untrusted-pool.js';
import { slowLoadingEchoTask } from '../support/slow-loading-task.js';
import { allocateTask, echoTask, spinTask } from '../support/untrusted-tasks.js';

/** Real worker threads: a task's time and memory limits stop it, and the calling thread never waits on it. */
describe('the untrusted-work pool', { timeout: 60_000 }, () => {
  const pool = new UntrustedPool({ threads: 2, perProject: 1, memoryMb: 64, maxWaiting: 10, startLimitMs: 30_000 });
  afterAll(() => pool.close());

  it('runs a task on another thread and returns its result', async () => {
    expect(await pool.run(echoTask, { a: [1, 'x'] }, { projectId: 'p1', timeMs: 30_000 })).toEqual({ a: [1, 'x'] });
  });

  it('stops a task that never yields at its time limit, while this thread keeps running', async () => {
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 20);
    const started = Date.now();
    const err = await pool.run(spinTask, { ms: null }, { projectId: 'p1', timeMs: 1500 }).catch((e: unknown) => e);
    clearInterval(ticker);
    expect(err).toBeInstanceOf(UntrustedWorkError);
    expect(err).toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(ticks).toBeGreaterThan(10); // this thread was free while the task spun
    // The pool replaced the terminated thread.
    expect(await pool.run(echoTask, 'again', { projectId: 'p1', timeMs: 30_000 })).toBe('again');
  });

  it('stops a task at its thread memory limit; the pool carries on', async () => {
    const err = await pool
      .run(allocateTask, { mb: 1024 }, { projectId: 'p1', timeMs: 60_000 })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: 'memory' });
    expect(await pool.run(echoTask, 1, { projectId: 'p1', timeMs: 30_000 })).toBe(1);
  });

  it("one project's burst leaves a thread to the others", async () => {
    const burst = [1, 2, 3].map(() => pool.run(spinTask, { ms: 3000 }, { projectId: 'greedy', timeMs: 60_000 }));
    await new Promise((r) => setTimeout(r, 200));
    expect(pool.busy('greedy')).toBe(1);
    const started = Date.now();
    expect(await pool.run(echoTask, 'mine', { projectId: 'polite', timeMs: 60_000 })).toBe('mine');
    // Served before the greedy project's first task ended (3 s), not after all three (9 s).
    expect(Date.now() - started).toBeLessThan(2900);
    await Promise.all(burst);
  }, 60_000);

  it("the time limit counts from the task's start: loading its module on a cold thread does not count", async () => {
    // The module takes 1.5 s to load; the task itself returns at once, well inside 500 ms.
    expect(await pool.run(slowLoadingEchoTask, 'loaded', { projectId: 'p1', timeMs: 500 })).toBe('loaded');
  });

  it('a task that no thread starts within the start limit is refused as busy', async () => {
    const impatient = new UntrustedPool({ threads: 1, perProject: 1, memoryMb: 64, maxWaiting: 10, startLimitMs: 300 });
    try {
      const err = await impatient
        .run(slowLoadingEchoTask, 'x', { projectId: 'p1', timeMs: 30_000 })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UntrustedWorkError);
      expect((err as UntrustedWorkError).reason).toBe('busy');
    } finally {
      await impatient.close();
    }
  });

  it('an abort of the caller stops the task', async () => {
    const stop = new AbortController();
    const running = pool.run(spinTask, { ms: null }, { projectId: 'p1', timeMs: 60_000, signal: stop.signal });
    setTimeout(() => stop.abort(new Error('cancelled by the caller')), 300);
    await expect(running).rejects.toThrow('cancelled by the caller');
    expect(pool.busy()).toBe(0);
  });
});
