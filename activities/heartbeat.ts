import { Context } from '@temporalio/activity';

/**
 * Heartbeats every few seconds while `work` runs, so a worker killed mid-call is noticed within
 * the heartbeat timeout (not the much longer start-to-close timeout) and the call is retried.
 * Local activities cannot heartbeat: a killed worker is noticed through its workflow task instead.
 */
export async function heartbeatWhile<T>(work: () => Promise<T>, everyMs = 2000): Promise<T> {
  const ctx = Context.current();
  if (ctx.info.isLocal) return work();
  ctx.heartbeat();
  const timer = setInterval(() => ctx.heartbeat(), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** One heartbeat, where the activity is a regular one. */
export function heartbeatOnce(): void {
  const ctx = Context.current();
  if (!ctx.info.isLocal) ctx.heartbeat();
}
