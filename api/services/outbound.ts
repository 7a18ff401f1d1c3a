import { createOutbound, type Outbound } from '../../infra/net/outbound.js';
import type { AppContext } from '../context.js';

const made = new WeakMap<AppContext, Outbound>();

/**
 * The process's outbound dispatchers (the runtime's, which knows the service's own endpoints);
 * an app built without them makes its own from the environment.
 */
export function outboundOf(ctx: AppContext): Outbound {
  if (ctx.outbound) return ctx.outbound;
  let outbound = made.get(ctx);
  if (!outbound) made.set(ctx, (outbound = createOutbound(ctx.env)));
  return outbound;
}
