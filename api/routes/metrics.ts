import type { Router } from 'express';
import { ApiError } from '../../contracts/errors.js';
import { reportStateFrom } from '../../infra/observability/metrics.js';
import { exposition, metricsAuthorized } from '../../infra/observability/metrics-server.js';
import type { AppContext } from '../context.js';
import { ApiRouter } from '../routing.js';
import { metricsRoutes } from './metrics.operations.js';

const liveStatuses = ['queued', 'running', 'requires_action'];

/** GET /metrics: this process's metrics plus generation and approval gauges read from the database. */
export function metricsRouter(ctx: AppContext): Router {
  reportStateFrom({
    async generationsByStatus() {
      const rows = await ctx.db.generation.groupBy({
        by: ['status'],
        where: { status: { in: liveStatuses } },
        _count: { _all: true },
      });
      return rows.map((r) => ({ status: r.status, count: r._count._all }));
    },
    pendingApprovals: () => ctx.db.approval.count({ where: { status: 'pending' } }),
  });
  const r = new ApiRouter('', ctx);
  r.addPublic(metricsRoutes.metrics, async ({ req }) => {
    if (!metricsAuthorized(req.header('authorization'), ctx.env.METRICS_TOKEN))
      throw new ApiError(401, 'unauthorized', 'GET /metrics needs the metrics token (Authorization: Bearer …)');
    return exposition();
  });
  return r.router;
}
