import { Context } from '@temporalio/activity';

/**
 * Heartbeats every few seconds while `work` runs, so a worker killed mid-call is noticed within
 * the heartbeat timeout (not the much longer start-to-close timeout) and the call is retried.
 */
export async function heartbeatWhile<T>(work: () => Promise<T>, everyMs = 2000): Promise<T> {
  const ctx = Context.current();
  ctx.heartbeat();
  const timer = setInterval(() => ctx.heartbeat(), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
