import { Router } from 'express';
import { notFound } from '../../contracts/errors.js';
import { newId } from '../../contracts/ids.js';
import { createProviderSchema, paginationQuerySchema, type ProviderView } from '../../contracts/schemas/index.js';
import type { AiProvider } from '../../generated/prisma/client.js';
import type { AppContext } from '../context.js';
import { authorize, handler, parseInput } from '../http.js';
import { afterCursor, newestFirst, page } from '../pagination.js';

export function providerView(p: AiProvider): ProviderView {
  return {
    id: p.id,
    projectId: p.projectId,
    name: p.name,
    kind: p.kind as ProviderView['kind'],
    baseUrl: p.baseUrl,
    hasApiKey: p.apiKeyEncrypted !== null,
    defaultModel: p.defaultModel,
    headers: (p.headers as Record<string, string> | null) ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function providersRouter(ctx: AppContext): Router {
  const r = Router();

  r.post('/', handler(async (req, res) => {
    const auth = authorize(req, 'aiProviders:CreateAiProvider', 'ai-providers/*');
    const body = parseInput(createProviderSchema, req.body, 'body');
    const row = await ctx.db.aiProvider.create({
      data: {
        id: newId('aiProvider'),
        projectId: auth.projectId,
        name: body.name,
        kind: body.kind,
        baseUrl: body.baseUrl ?? null,
        apiKeyEncrypted: body.apiKey ? ctx.secrets.encrypt(body.apiKey) : null,
        defaultModel: body.defaultModel,
        ...(body.headers ? { headers: body.headers } : {}),
      },
    });
    res.status(201).json(providerView(row));
  }));

  r.get('/', handler(async (req, res) => {
    const auth = authorize(req, 'aiProviders:ListAiProviders', 'ai-providers/*');
    const q = parseInput(paginationQuerySchema, req.query, 'query');
    const rows = await ctx.db.aiProvider.findMany({
      where: { projectId: auth.projectId, ...afterCursor(q.cursor) },
      orderBy: newestFirst,
      take: q.limit + 1,
    });
    const { items, nextCursor } = page(rows, q.limit);
    res.json({ data: items.map(providerView), nextCursor });
  }));

  r.get('/:id', handler(async (req, res) => {
    const auth = authorize(req, 'aiProviders:GetAiProvider', `ai-providers/${req.params.id}`);
    const row = await ctx.db.aiProvider.findFirst({ where: { id: String(req.params.id), projectId: auth.projectId } });
    if (!row) throw notFound('AI provider');
    res.json(providerView(row));
  }));

  return r;
}
