import { newestFirst, afterCursor, page } from '../pagination.js';
import { agentView, approvalGenerationSelect, approvalView, toolView, withOwnedTools } from '../views.js';
import { generationView, loadSteps } from '../../infra/db/generation-view.js';
import type { Db } from '../../infra/db/prisma.js';
import { agentFilter, deniedAgentIds, findGeneration, readTrace, type Reader } from '../generation-access.js';
import { sessionExecutors } from './sessions.js';

/**
 * What each in-process platform action does, with the views of the REST endpoint it mirrors and
 * its read path for generation content (domain/generation-access.ts): `reader` is the calling key's
 * project and policy, with the Deny statements of the boundary policies that apply. `action` is
 * the REST endpoint's policy action. create-agent-generation is not here: it runs as a child
 * workflow (workflows/child-agents.ts).
 */
export type PlatformExecutor = (
  db: Db,
  reader: Reader,
  action: string,
  args: Record<string, unknown>,
) => Promise<unknown>;

const text = (args: Record<string, unknown>, name: string): string | undefined =>
  typeof args[name] === 'string' && args[name] !== '' ? args[name] : undefined;

function pageArgs(args: Record<string, unknown>) {
  const raw = typeof args.limit === 'number' && Number.isInteger(args.limit) ? args.limit : 20;
  const limit = Math.min(100, Math.max(1, raw));
  return { limit, after: afterCursor(text(args, 'cursor')), orderBy: newestFirst, take: limit + 1 };
}

class NotFound extends Error {}
export { NotFound as PlatformNotFound };

export const platformExecutors: Record<string, PlatformExecutor> = {
  'list-agents': async (db, { projectId }, _action, args) => {
    const w = pageArgs(args);
    const rows = await db.agent.findMany({
      where: { projectId, ...w.after },
      orderBy: w.orderBy,
      take: w.take,
      include: withOwnedTools,
    });
    const { items, nextCursor } = page(rows, w.limit);
    return { data: items.map(agentView), nextCursor };
  },
  'get-agent': async (db, { projectId }, _action, args) => {
    const row = await db.agent.findFirst({
      where: { id: text(args, 'agentId') ?? '', projectId },
      include: withOwnedTools,
    });
    if (!row) throw new NotFound('Agent not found');
    return agentView(row);
  },
  'get-generation': async (db, reader, action, args) => {
    const g = await findGeneration({ db }, reader, action, text(args, 'generationId') ?? '');
    return generationView(g, await loadSteps(db, g.id));
  },
  'list-generations': async (db, reader, action, args) => {
    const w = pageArgs(args);
    const status = text(args, 'status');
    const traceId = text(args, 'traceId');
    const where = {
      projectId: reader.projectId,
      ...agentFilter(await deniedAgentIds({ db }, reader, action), text(args, 'agentId')),
      ...(status ? { status } : {}),
      ...(traceId ? { traceId } : {}),
    };
    const rows = await db.generation.findMany({ where: { ...where, ...w.after }, orderBy: w.orderBy, take: w.take });
    const { items, nextCursor } = page(rows, w.limit);
    return { data: items.map((g) => generationView(g, [])), nextCursor };
  },
  'list-approvals': async (db, reader, action, args) => {
    const w = pageArgs(args);
    const status = text(args, 'status');
    const generationId = text(args, 'generationId');
    const denied = await deniedAgentIds({ db }, reader, action);
    // An approval shows its call's arguments: those of withheld agents' generations are left out.
    const hidden = denied.length
      ? await db.generation.findMany({
          where: { projectId: reader.projectId, agentId: { in: denied } },
          select: { id: true },
        })
      : [];
    const where = {
      projectId: reader.projectId,
      ...(status ? { status } : {}),
      ...(generationId || hidden.length
        ? {
            generationId: {
              ...(generationId ? { equals: generationId } : {}),
              ...(hidden.length ? { notIn: hidden.map((g) => g.id) } : {}),
            },
          }
        : {}),
    };
    const rows = await db.approval.findMany({ where: { ...where, ...w.after }, orderBy: w.orderBy, take: w.take });
    const { items, nextCursor } = page(rows, w.limit);
    const owners = await db.generation.findMany({
      where: { id: { in: [...new Set(items.map((a) => a.generationId))] } },
      select: approvalGenerationSelect,
    });
    const byId = new Map(owners.map((g) => [g.id, g]));
    return { data: items.map((a) => approvalView(a, byId.get(a.generationId))), nextCursor };
  },
  'get-trace': (db, reader, action, args) => readTrace({ db }, reader, action, text(args, 'traceId') ?? ''),
  'list-tools': async (db, { projectId }, _action, args) => {
    const w = pageArgs(args);
    const rows = await db.agentTool.findMany({ where: { projectId, ...w.after }, orderBy: w.orderBy, take: w.take });
    const { items, nextCursor } = page(rows, w.limit);
    return { data: items.map(toolView), nextCursor };
  },
  ...sessionExecutors,
};
