/**
 * Runs fn(0..count-1) with at most `concurrency` in flight (a closed loop: a slot starts its next
 * item as soon as its previous one finishes). The first failure stops new starts and is rethrown
 * once the items in flight have settled.
 */
export async function runConcurrent<T>(
  count: number,
  concurrency: number,
  fn: (i: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  let failure: { err: unknown } | null = null;
  const lane = async () => {
    while (failure === null) {
      const i = next++;
      if (i >= count) return;
      try {
        results[i] = await fn(i);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, lane));
  if (failure !== null) throw (failure as { err: unknown }).err;
  return results;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
