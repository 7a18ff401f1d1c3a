import type { Router } from 'express';
import { notFound } from '../../contracts/errors.js';
import type { MemoryView } from '../../contracts/schemas/index.js';
import { agentFilter, checkAgentNotDenied, deniedAgentIds } from '../../domain/generation-access.js';
import { searchMemories } from '../../domain/memory/store.js';
import { listPage } from '../../domain/pagination.js';
import type { Memory } from '../../generated/prisma/client.js';
import type { AppContext } from '../context.js';
import { unservedRoute } from '../middleware/unserved.js';
import { ApiRouter } from '../routing.js';
import { memoryRoutes as routes } from './memories.operations.js';

export function memoryView(m: Memory): MemoryView {
  return {
    id: m.id,
    object: 'memory',
    projectId: m.projectId,
    agentId: m.agentId,
    endUserId: m.endUserId,
    content: m.content,
    generationId: m.generationId,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

/**
 * Long-term memories of the project's agents (/v1/memories…). A memory is what a generation of its
 * agent wrote, so a key denied that agent's generations (docs/permissions.md, "Agent-level Deny")
 * is refused its memories the same way: 403 by id, left out of lists.
 */
export function memoriesRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/memories', ctx);
  const find = async (auth: { projectId: string }, memoryId: string) => {
    const memory = await ctx.db.memory.findFirst({ where: { id: memoryId, projectId: auth.projectId } });
    if (!memory) throw notFound('Memory');
    return memory;
  };

  r.add(routes.list, async ({ auth, action, query }) => {
    const denied = await deniedAgentIds(ctx, auth, action);
    const where = {
      projectId: auth.projectId,
      ...agentFilter(denied, query.agentId),
      ...(query.endUserId !== undefined ? { endUserId: query.endUserId } : {}),
    };
    return listPage(
      query,
      ({ after, ...window }) => ctx.db.memory.findMany({ where: { ...where, ...after }, ...window }),
      memoryView,
    );
  });

  r.add(routes.search, async ({ auth, action, body }) => {
    const agent = await ctx.db.agent.findFirst({
      where: { id: body.agentId, projectId: auth.projectId },
      select: { id: true },
    });
    if (!agent) throw notFound('Agent');
    checkAgentNotDenied(auth, action, agent.id);
    const hits = await searchMemories(
      ctx.db,
      { projectId: auth.projectId, agentId: body.agentId, endUserId: body.endUserId },
      body.query,
      { limit: body.limit, requireMatch: true },
    );
    return { data: hits.map(({ memory, score }) => ({ ...memoryView(memory), score })) };
  });

  // `search` is never a memory id: another method on it is a 405, not a lookup of memory "search".
  r.router.all('/search', unservedRoute([routes.search]));

  r.add(routes.get, async ({ auth, action, params }) => {
    const memory = await find(auth, params.memoryId);
    checkAgentNotDenied(auth, action, memory.agentId);
    return memoryView(memory);
  });

  r.add(routes.patch, async ({ auth, action, params, body }) => {
    const memory = await find(auth, params.memoryId);
    checkAgentNotDenied(auth, action, memory.agentId);
    return memoryView(await ctx.db.memory.update({ where: { id: memory.id }, data: { content: body.content } }));
  });

  r.add(routes.delete, async ({ auth, action, params }) => {
    const memory = await find(auth, params.memoryId);
    checkAgentNotDenied(auth, action, memory.agentId);
    await ctx.db.memory.deleteMany({ where: { id: memory.id, projectId: auth.projectId } });
  });

  return r.router;
}
