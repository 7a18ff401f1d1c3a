import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';

/**
 * Deadlines and abort signals for MCP operations: a timer-backed deadline linked to the activity's
 * signal, racing a promise against a signal, and per-request SDK signals that unlink once settled.
 */

export class DeadlineExceededError extends Error {
  constructor(readonly ms: number) {
    super(`Timed out after ${ms} ms`);
    this.name = 'DeadlineExceededError';
  }
}

export interface Deadline {
  signal: AbortSignal;
  ms: number;
  /** Milliseconds left, at least 1. */
  remaining(): number;
  expired(): boolean;
  dispose(): void;
}

/** A timer-backed signal (cleared on dispose, so nothing outlives the operation), linked to `outer`. */
export function startDeadline(ms: number, outer?: AbortSignal): Deadline {
  const controller = new AbortController();
  const endsAt = Date.now() + ms;
  const timer = setTimeout(() => controller.abort(new DeadlineExceededError(ms)), ms);
  const onOuter = () => controller.abort(outer?.reason);
  if (outer?.aborted) onOuter();
  else outer?.addEventListener('abort', onOuter, { once: true });
  return {
    signal: controller.signal,
    ms,
    remaining: () => Math.max(1, endsAt - Date.now()),
    expired: () => controller.signal.reason instanceof DeadlineExceededError,
    dispose() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
    },
  };
}

/** Rejects when `signal` aborts; the listener is removed when `promise` settles. */
export async function raceSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([promise, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort!);
  }
}

/**
 * Runs one SDK request with its own abort signal, linked to `signals` only while it is pending:
 * the SDK never unregisters its abort listener, and aborting after completion would make it send a
 * stray `notifications/cancelled`.
 */
export async function withRequestSignal<T>(
  signals: AbortSignal[],
  timeout: number,
  run: (options: RequestOptions) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const links = signals.map((s) => {
    const onAbort = () => controller.abort(s.reason);
    if (s.aborted) onAbort();
    else s.addEventListener('abort', onAbort, { once: true });
    return () => s.removeEventListener('abort', onAbort);
  });
  try {
    controller.signal.throwIfAborted();
    return await run({ signal: controller.signal, timeout, maxTotalTimeout: timeout });
  } finally {
    for (const unlink of links) unlink();
  }
}
