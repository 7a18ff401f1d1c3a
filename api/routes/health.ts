import { Router } from 'express';
import type { AppContext } from '../context.js';

/** Liveness (the process serves HTTP) and readiness (database and Temporal reachable). */
export function healthRouter(ctx: AppContext): Router {
  const r = Router();
  r.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  r.get('/readyz', async (_req, res) => {
    const checks: Record<string, 'ok' | string> = {};
    await Promise.all([
      ctx.db.$queryRaw`SELECT 1`.then(() => (checks.database = 'ok'), (e: Error) => (checks.database = e.message)),
      ctx.temporal.connection.workflowService
        .getSystemInfo({})
        .then(() => (checks.temporal = 'ok'), (e: Error) => (checks.temporal = e.message)),
    ]);
    const ready = Object.values(checks).every((v) => v === 'ok');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', checks });
  });
  return r;
}
