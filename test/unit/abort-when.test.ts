import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { abortWhen } from '../../infra/net/abort-when.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('abortWhen', () => {
  it("aborts with the first source's reason, and not as a timeout", () => {
    const a = new AbortController();
    const b = new AbortController();
    const combined = abortWhen([a.signal, undefined, b.signal], 60_000);
    expect(combined.signal.aborted).toBe(false);
    b.abort(new Error('b stopped'));
    a.abort(new Error('a stopped'));
    expect(combined.signal.aborted).toBe(true);
    expect((combined.signal.reason as Error).message).toBe('b stopped');
    expect(combined.timedOut).toBe(false);
  });

  it('is aborted from the start when a source already is', () => {
    const a = new AbortController();
    a.abort('early');
    const combined = abortWhen([a.signal], 10);
    expect(combined.signal.aborted).toBe(true);
    expect(combined.signal.reason).toBe('early');
  });

  it('times out with a TimeoutError and says so', async () => {
    const combined = abortWhen([new AbortController().signal], 5);
    await new Promise((resolve) => combined.signal.addEventListener('abort', resolve));
    expect(combined.timedOut).toBe(true);
    expect((combined.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('after dispose, neither the sources nor the deadline abort it', async () => {
    const a = new AbortController();
    const combined = abortWhen([a.signal], 5);
    combined.dispose();
    a.abort();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(combined.signal.aborted).toBe(false);
    expect(combined.timedOut).toBe(false);
  });

  // What a fetch client does with a call's signal: listen, and never stop listening.
  it('is collected with its call while a listener is still attached', async () => {
    const refs: Array<WeakRef<AbortSignal>> = [];
    for (let i = 0; i < 50; i++) {
      const combined = abortWhen([new AbortController().signal, new AbortController().signal], 60_000);
      combined.signal.addEventListener('abort', () => undefined);
      combined.dispose();
      refs.push(new WeakRef(combined.signal));
    }
    await nextTask();
    gc();
    await nextTask();
    gc();
    // The newest may still be on the stack; a process-wide set would hold all fifty.
    expect(refs.filter((r) => r.deref() !== undefined).length).toBeLessThanOrEqual(1);
  });
});
