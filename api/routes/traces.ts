import type { Router } from 'express';
import { notFound } from '../../contracts/errors.js';
import type { ListTracesQuery, TraceSummary } from '../../contracts/schemas/index.js';
import type { Db } from '../../infra/db/prisma.js';
import { loadTrace, traceSummary } from '../../infra/db/trace-view.js';
import type { AppContext } from '../context.js';
import { listPage } from '../../domain/pagination.js';
import { ApiRouter } from '../routing.js';
import type { traceRoutes } from './traces.operations.js';

/** A page of the project's traces; agent and status filter on the root generation. */
export async function listTraces(
  db: Db,
  projectId: string,
  query: ListTracesQuery,
): Promise<{ data: TraceSummary[]; nextCursor: string | null }> {
  const rootFilter =
    query.agentId !== undefined || query.status !== undefined
      ? {
          generations: {
            some: {
              parentGenerationId: null,
              ...(query.agentId !== undefined ? { agentId: query.agentId } : {}),
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
  r.add(routes.list, ({ auth, query }) => listTraces(ctx.db, auth.projectId, query));
  r.add(routes.get, async ({ auth, params }) => {
    const trace = await loadTrace(ctx.db, auth.projectId, params.traceId);
    if (!trace) throw notFound('Trace');
    return trace;
  });
  return r.router;
}
