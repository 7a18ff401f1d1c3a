import { untrustedTask } from '../../infra/isolation/untrusted-pool.js';

/** Tasks for the untrusted-work pool's tests: each does what a hostile input could make real code do. */

/** Burns CPU for `ms` (or forever), never yielding: only terminating its thread stops it. */
export function spin(input: { ms: number | null }): number {
  const until = input.ms === null ? Infinity : Date.now() + input.ms;
  let n = 0;
  while (Date.now() < until) n += 1;
  return n;
}

/** Holds `mb` MiB of live objects on the thread's heap. */
export function allocate(input: { mb: number }): number {
  const kept: number[][] = [];
  for (let i = 0; i < input.mb; i += 1) kept.push(Array.from({ length: 128 * 1024 }, (_, j) => j + i));
  return kept.length;
}

export function echo<T>(input: T): T {
  return input;
}

const here = new URL(import.meta.url);
export const spinTask = untrustedTask<{ ms: number | null }, number>(here, 'spin');
export const allocateTask = untrustedTask<{ mb: number }, number>(here, 'allocate');
export const echoTask = untrustedTask<unknown, unknown>(here, 'echo');
