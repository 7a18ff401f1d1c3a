import { untrustedTask } from '../../infra/isolation/untrusted-pool.js';

/**
 * A task module that takes 1.5 s to load (as a cold thread loading ajv through tsx does on a busy
 * machine): the untrusted-work pool's time limit must not count it.
 */
const loadedAfter = Date.now() + 1500;
while (Date.now() < loadedAfter) {
  // busy on purpose: module evaluation time
}

export function echoAfterSlowLoad<T>(input: T): T {
  return input;
}

export const slowLoadingEchoTask = untrustedTask<unknown, unknown>(new URL(import.meta.url), 'echoAfterSlowLoad');
