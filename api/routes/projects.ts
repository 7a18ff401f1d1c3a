import type { Router } from 'express';
import { notFound } from '../../contracts/errors.js';
import type { AppContext } from '../context.js';
import { projectRoutes } from './projects.operations.js';
import { ApiRouter } from '../routing.js';

export function projectsRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/projects', ctx);

  r.add(projectRoutes.getCurrent, async ({ auth }) => {
    const p = await ctx.db.project.findUnique({ where: { id: auth.projectId } });
    if (!p) throw notFound('Project');
    return { id: p.id, name: p.name, createdAt: p.createdAt.toISOString(), updatedAt: p.updatedAt.toISOString() };
  });

  return r.router;
}
