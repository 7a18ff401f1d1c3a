/** A call's abort signal made of other signals and a deadline; `dispose()` detaches it from them. */
export interface CombinedSignal {
  readonly signal: AbortSignal;
  /** True once the deadline, not one of the sources, aborted the signal. */
  readonly timedOut: boolean;
  /** Clears the deadline and removes the listeners this added to the sources. */
  dispose(): void;
}

/**
 * Aborts when any of `sources` aborts (with its reason) or after `timeoutMs` (a `TimeoutError`),
 * whichever comes first. It stands in for `AbortSignal.any` and `AbortSignal.timeout`: on Node 20 a
 * signal made by either is held by a process-wide set for as long as it has an abort listener and
 * has not aborted, and the fetch clients we pass signals to (openai's among them) never remove
 * theirs. Every model call leaked its signal, its listeners and what they held, about 1.3 KiB a
 * call, for the life of the worker (docs/adr/0035). A plain controller's signal is collected with
 * the call.
 */
export function abortWhen(sources: ReadonlyArray<AbortSignal | undefined>, timeoutMs?: number): CombinedSignal {
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attached: Array<[AbortSignal, () => void]> = [];
  const dispose = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    for (const [source, onAbort] of attached.splice(0)) source.removeEventListener('abort', onAbort);
  };
  for (const source of sources) {
    if (!source) continue;
    if (source.aborted) {
      controller.abort(source.reason);
      break;
    }
    const onAbort = () => {
      controller.abort(source.reason);
      dispose();
    };
    source.addEventListener('abort', onAbort, { once: true });
    attached.push([source, onAbort]);
  }
  if (controller.signal.aborted) dispose();
  else if (timeoutMs !== undefined) {
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
      dispose();
    }, timeoutMs);
    // Like AbortSignal.timeout: a pending deadline alone does not keep the process alive.
    timer.unref();
  }
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    dispose,
  };
}
