import type { Router } from 'express';
import type { ListTracesQuery, TraceSummary } from '../../contracts/schemas/index.js';
import type { Db } from '../../infra/db/prisma.js';
import { traceSummary } from '../../infra/db/trace-view.js';
import { agentFilter, deniedAgentIds, readTrace } from '../../domain/generation-access.js';
import type { AppContext } from '../context.js';
import { listPage } from '../../domain/pagination.js';
import { ApiRouter } from '../routing.js';
import type { traceRoutes } from './traces.operations.js';

/**
 * A page of the project's traces; agent and status filter on the root generation. Traces whose root
 * is of an agent in `denied` are left out (domain/generation-access.ts).
 */
export async function listTraces(
  db: Db,
  projectId: string,
  query: ListTracesQuery,
  denied: string[] = [],
): Promise<{ data: TraceSummary[]; nextCursor: string | null }> {
  const rootFilter =
    query.agentId !== undefined || query.status !== undefined || denied.length > 0
      ? {
          generations: {
            some: {
              parentGenerationId: null,
              ...agentFilter(denied, query.agentId),
              ...(query.status !== undefined ? { status: query.status } : {}),
            },
          },
        }
      : {};
  const createdAt = {
    ...(query.createdAfter ? { gte: new Date(query.createdAfter) } : {}),
    ...(query.createdBefore ? { lt: new Date(query.createdBefore) } : {}),
  };
  const page = await listPage(
    query,
    (w) =>
      db.trace.findMany({
        where: { AND: [{ projectId, ...rootFilter, createdAt }, w.after] },
        orderBy: w.orderBy,
        take: w.take,
      }),
    (t) => t,
  );
  const roots = await db.generation.findMany({ where: { id: { in: page.data.map((t) => t.rootGenerationId) } } });
  const byId = new Map(roots.map((g) => [g.id, g]));
  return {
    data: page.data
      .filter((t) => byId.has(t.rootGenerationId))
      .map((t) => traceSummary(t, byId.get(t.rootGenerationId)!)),
    nextCursor: page.nextCursor,
  };
}

export function tracesRouter(ctx: AppContext, routes: typeof traceRoutes, base: string): Router {
  const r = new ApiRouter(base, ctx);
  r.add(routes.list, async ({ auth, action, query }) =>
    listTraces(ctx.db, auth.projectId, query, await deniedAgentIds(ctx, auth, action)),
  );
  r.add(routes.get, ({ auth, action, params }) => readTrace(ctx, auth, action, params.traceId));
  return r.router;
}
