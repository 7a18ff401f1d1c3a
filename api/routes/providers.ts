import type { Router } from 'express';
import { conflict, unprocessable } from '../../contracts/errors.js';
import { newId } from '../../contracts/ids.js';
import { createProviderSchema, type ProviderView } from '../../contracts/schemas/index.js';
import type { AiProvider } from '../../generated/prisma/client.js';
import { Prisma } from '../../infra/db/prisma.js';
import type { AppContext } from '../context.js';
import { found } from '../http.js';
import { providerRoutes } from './providers.operations.js';
import { addReads, type PageQuery } from './crud.js';
import { ApiRouter } from '../routing.js';
import { compact, patched } from '../services/merge-patch.js';

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

type ProviderFields = {
  name: string;
  kind: string;
  baseUrl?: string | null;
  defaultModel: string;
  headers?: Record<string, string> | null;
};

function columns(body: ProviderFields) {
  return {
    name: body.name,
    kind: body.kind,
    baseUrl: body.baseUrl ?? null,
    defaultModel: body.defaultModel,
    headers: body.headers ? body.headers : Prisma.DbNull,
  };
}

/**
 * The stored key is write-only, so it must not follow the provider to another endpoint: a PUT or
 * PATCH that changes `kind` or `baseUrl` of a provider holding a key must send `apiKey` again (or
 * `null` to drop it), or anyone allowed to edit providers could send the key to a server of theirs.
 */
function requireKeyWhenRetargeted(current: AiProvider, next: ProviderFields, apiKey: unknown): void {
  if (apiKey !== undefined || current.apiKeyEncrypted === null) return;
  const changed = [
    ...(next.kind !== current.kind ? ['kind'] : []),
    ...((next.baseUrl ?? null) !== current.baseUrl ? ['baseUrl'] : []),
  ];
  if (changed.length) {
    throw unprocessable(
      `apiKey is required when ${changed.join(' or ')} changes: the stored key is not sent to a new endpoint (send apiKey again, or null to remove it)`,
      { path: 'body.apiKey', changed: changed.map((f) => `body.${f}`) },
    );
  }
}

export function providersRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/ai-providers', ctx);
  const find = async (projectId: string, id: string) =>
    found(await ctx.db.aiProvider.findFirst({ where: { id, projectId } }), 'AI provider');
  /** undefined keeps the stored key, null removes it, a string replaces it (encrypted). */
  const apiKeyColumn = (apiKey: string | null | undefined) =>
    apiKey === undefined ? {} : { apiKeyEncrypted: apiKey === null ? null : ctx.secrets.encrypt(apiKey) };

  r.add(providerRoutes.create, async ({ auth, body }) => {
    const row = await ctx.db.aiProvider.create({
      data: { id: newId('aiProvider'), projectId: auth.projectId, ...columns(body), ...apiKeyColumn(body.apiKey) },
    });
    return providerView(row);
  });

  const page = (query: PageQuery) => ctx.db.aiProvider.findMany(query);
  addReads(
    r,
    providerRoutes,
    { page, find: ({ auth, params }) => find(auth.projectId, params.aiProviderId) },
    providerView,
  );

  r.add(providerRoutes.replace, async ({ auth, params, body }) => {
    const current = await find(auth.projectId, params.aiProviderId);
    requireKeyWhenRetargeted(current, body, body.apiKey);
    const row = await ctx.db.aiProvider.update({
      where: { id: params.aiProviderId },
      data: { ...columns(body), ...apiKeyColumn(body.apiKey) },
    });
    return providerView(row);
  });

  r.add(providerRoutes.patch, async ({ auth, params, body }) => {
    const current = await find(auth.projectId, params.aiProviderId);
    const { apiKey, ...patch } = body;
    const stored = compact({
      name: current.name,
      kind: current.kind,
      baseUrl: current.baseUrl,
      defaultModel: current.defaultModel,
      headers: current.headers,
    });
    const merged = patched(createProviderSchema, stored, patch);
    requireKeyWhenRetargeted(current, merged, apiKey);
    const row = await ctx.db.aiProvider.update({
      where: { id: current.id },
      data: { ...columns(merged), ...apiKeyColumn(apiKey as string | null | undefined) },
    });
    return providerView(row);
  });

  r.add(providerRoutes.delete, async ({ auth, params }) => {
    const current = await find(auth.projectId, params.aiProviderId);
    const users = await ctx.db.agent.findMany({
      where: { projectId: auth.projectId, aiProviderId: current.id },
      select: { id: true },
      take: 20,
    });
    if (users.length) {
      throw conflict(`AI provider ${current.id} is used by agents: ${users.map((a) => a.id).join(', ')}`, {
        agents: users.map((a) => a.id),
      });
    }
    await ctx.db.aiProvider.delete({ where: { id: current.id } });
  });

  return r.router;
}
