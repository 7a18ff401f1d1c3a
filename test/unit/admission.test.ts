import { describe, expect, it } from 'vitest';
import { Admission, AdmissionRefusedError } from '../../infra/isolation/admission.js';

const settled = async <T>(p: Promise<T>): Promise<'pending' | 'granted' | 'refused'> => {
  const marker = Symbol('pending');
  // Whatever is settled by now wins over the next macrotask.
  const later = new Promise<typeof marker>((r) => setImmediate(() => r(marker)));
  const r = await Promise.race([
    p.then(
      () => 'granted' as const,
      () => 'refused' as const,
    ),
    later,
  ]);
  return r === marker ? 'pending' : (r as 'granted' | 'refused');
};

describe('Admission (the shared budget with a per-project share)', () => {
  it('a project never holds more than its share: the others are served around its waiters', async () => {
    const a = new Admission({ capacity: 3, perProject: 2, maxWaiting: 10 });
    const a1 = await a.acquire('A');
    await a.acquire('A');
    const a3 = a.acquire('A'); // A is at its share
    const b1 = a.acquire('B'); // B arrives later and goes first
    expect(await settled(a3)).toBe('pending');
    expect(await settled(b1)).toBe('granted');
    expect(a.used('A')).toBe(2);
    expect(a.used()).toBe(3);
    a1();
    expect(await settled(a3)).toBe('granted');
    expect(a.used('A')).toBe(2);
  });

  it('waiters are served in arrival order when the budget, not the share, is short', async () => {
    const a = new Admission({ capacity: 4, perProject: 4, maxWaiting: 10 });
    const first = await a.acquire('A', 3);
    const big = a.acquire('B', 3);
    const small = a.acquire('C', 1); // would fit, but must not overtake the earlier waiter
    expect(await settled(big)).toBe('pending');
    expect(await settled(small)).toBe('pending');
    first();
    expect(await settled(big)).toBe('granted');
    expect(await settled(small)).toBe('granted');
  });

  it('refuses what can never fit, and waiters beyond the bound, at once', async () => {
    const a = new Admission({ capacity: 4, perProject: 2, maxWaiting: 1 });
    await expect(a.acquire('A', 3)).rejects.toMatchObject({ reason: 'too_large' });
    await a.acquire('A', 2);
    await a.acquire('B', 2);
    const waiting = a.acquire('C');
    await expect(a.acquire('D')).rejects.toBeInstanceOf(AdmissionRefusedError);
    expect(await settled(waiting)).toBe('pending');
  });

  it('an aborted waiter leaves the queue and the budget is not taken', async () => {
    const a = new Admission({ capacity: 1, perProject: 1, maxWaiting: 10 });
    const release = await a.acquire('A');
    const stop = new AbortController();
    const waiting = a.acquire('B', 1, stop.signal);
    stop.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(a.waiters).toBe(0);
    release();
    expect(a.used()).toBe(0);
  });

  it('a release counts once', async () => {
    const a = new Admission({ capacity: 2, perProject: 2, maxWaiting: 10 });
    const release = await a.acquire('A', 2);
    release();
    release();
    expect(a.used()).toBe(0);
    await a.acquire('B', 2);
    expect(a.used()).toBe(2);
  });
});
