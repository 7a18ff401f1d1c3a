import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { healthRoutes } from './health.operations.js';
import { ApiRouter } from '../routing.js';

/** Liveness (the process serves HTTP) and readiness (database and Temporal reachable). */
export function healthRouter(ctx: AppContext): Router {
  const r = new ApiRouter('', ctx);
  r.addPublic(healthRoutes.health, () => ({ status: 'ok' as const }));
  r.addPublic(healthRoutes.ready, async ({ reply }) => {
    const checks: Record<string, 'ok' | string> = {};
    await Promise.all([
      ctx.db.$queryRaw`SELECT 1`.then(
        () => (checks.database = 'ok'),
        (e: Error) => (checks.database = e.message),
      ),
      ctx.temporal.connection.workflowService.getSystemInfo({}).then(
        () => (checks.temporal = 'ok'),
        (e: Error) => (checks.temporal = e.message),
      ),
    ]);
    const ready = Object.values(checks).every((v) => v === 'ok');
    return reply(ready ? 200 : 503, { status: ready ? 'ready' : 'not_ready', checks });
  });
  return r.router;
}
