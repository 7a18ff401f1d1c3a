import type { Router } from 'express';
import { ApiError, conflict, unprocessable } from '../../contracts/errors.js';
import { newId } from '../../contracts/ids.js';
import type { ImportOpenApiToolsResult } from '../../contracts/schemas/index.js';
import type { StoredHeaderValue } from '../../contracts/snapshot.js';
import type { AgentTool } from '../../generated/prisma/client.js';
import { Prisma } from '../../infra/db/prisma.js';
import { isAllowed } from '../../domain/policy.js';
import {
  openApiTools,
  type ConversionResult,
  type ConvertedOperation,
  type HttpToolDefinition,
} from '../../domain/openapi-import/convert.js';
import { OpenApiImportError } from '../../domain/openapi-import/refs.js';
import type { AppContext } from '../context.js';
import type { AuthInfo } from '../http.js';
import { ApiRouter } from '../routing.js';
import { fetchOpenApiDocument } from '../services/openapi-fetch.js';
import { collisionError, findCollision, type NamedTool } from '../services/tool-names.js';
import { toolImportRoutes } from './tool-import.operations.js';
import { toolColumns } from './tools.js';

type Tx = Prisma.TransactionClient;
type Row = ImportOpenApiToolsResult['created'][number];
type StoredExecute = {
  url: string;
  method?: string;
  bodyEncoding?: string;
  headers?: Record<string, StoredHeaderValue>;
};

/** JSON with object keys sorted: stored JSON (jsonb) does not keep the order keys were written in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** What the document decides about a tool, comparable between a stored row and a new definition. */
function documentFields(ctx: AppContext, t: AgentTool | HttpToolDefinition): string {
  const isRow = 'projectId' in t;
  const execute = (isRow ? t.execute : t.execute) as StoredExecute | HttpToolDefinition['execute'] | null;
  const headers = Object.entries(execute?.headers ?? {}).map(([name, v]) =>
    typeof v === 'string'
      ? [name, v, false]
      : 'encrypted' in v
        ? [name, ctx.secrets.decrypt(v.encrypted), true]
        : [name, v.value, v.secret],
  );
  return canonical({
    name: t.name,
    description: t.description ?? null,
    parameters: t.parameters ?? null,
    readOnly: t.readOnly,
    url: execute?.url,
    method: execute?.method ?? 'POST',
    bodyEncoding: execute?.bodyEncoding ?? null,
    headers: headers.sort(),
  });
}

function importError(err: OpenApiImportError, from: 'url' | 'document'): ApiError {
  const path = err.path.startsWith('body.') ? err.path : `body.${from}`;
  return unprocessable(`The OpenAPI document cannot be imported: ${err.message}`, {
    path,
    ...(path.startsWith(`body.${from}`) ? { pointer: err.path } : {}),
  });
}

/** POST /v1/tools/import/openapi (docs/generations.md, "Importing HTTP tools from OpenAPI"). */
export function toolImportRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/tools', ctx);

  r.add(toolImportRoutes.importOpenApi, async ({ auth, body }) => {
    const from = body.url !== undefined ? 'url' : 'document';
    const document = body.url !== undefined ? await fetchOpenApiDocument(ctx, body.url) : body.document;
    let converted: ConversionResult;
    try {
      converted = openApiTools(document, {
        baseUrl: body.baseUrl,
        documentUrl: body.url,
        operations: body.operations,
        namePrefix: body.namePrefix,
        auth: body.auth,
      });
    } catch (err) {
      if (err instanceof OpenApiImportError) throw importError(err, from);
      throw err;
    }
    try {
      return await ctx.db.$transaction((tx) => applyImport(ctx, tx, auth, converted, body), { timeout: 60_000 });
    } catch (err) {
      // Two imports of one document at once: the second meets the first's tools on the unique key.
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002')
        throw conflict('Another import of this document ran at the same time; nothing was changed, try again');
      throw err;
    }
  });

  return r.router;
}

async function applyImport(
  ctx: AppContext,
  tx: Tx,
  auth: AuthInfo,
  converted: ConversionResult,
  opts: { dryRun: boolean; deleteMissing: boolean },
): Promise<ImportOpenApiToolsResult> {
  const { projectId } = auth;
  const result: ImportOpenApiToolsResult = {
    source: converted.source,
    dryRun: opts.dryRun,
    created: [],
    updated: [],
    unchanged: [],
    skipped: converted.skipped,
    missing: [],
  };
  const existing = await tx.agentTool.findMany({ where: { projectId, importSource: converted.source } });
  const byKey = new Map(existing.map((t) => [t.importKey, t]));
  const allow = (action: string, tool: AgentTool) => {
    if (!isAllowed(auth.policy, action, `${projectId}:tools/${tool.id}`))
      throw new ApiError(403, 'forbidden', `This API key is not allowed to perform ${action} on ${tool.id}`, {
        action,
        toolId: tool.id,
      });
  };
  const row = (c: ConvertedOperation, toolId: string | null): Row => ({
    operation: c.operation,
    operationId: c.operationId,
    name: c.tool.name,
    toolId,
  });
  const creates: Prisma.AgentToolCreateManyInput[] = [];
  const renamed: NamedTool[] = [];
  for (const c of converted.tools) {
    const prev = byKey.get(c.operation);
    if (!prev) {
      const id = newId('tool');
      creates.push({
        id,
        projectId,
        ...toolColumns(ctx, c.tool),
        importSource: converted.source,
        importKey: c.operation,
      });
      result.created.push(row(c, opts.dryRun ? null : id));
      continue;
    }
    if (documentFields(ctx, prev) === documentFields(ctx, c.tool)) {
      result.unchanged.push(row(c, prev.id));
      continue;
    }
    allow('agents:UpdateAgentTool', prev);
    if (prev.name !== c.tool.name || prev.type !== 'http')
      renamed.push({ id: prev.id, name: c.tool.name, type: 'http' });
    // Only what the document decides; timeouts, result caps and delivery keep their stored values.
    const { name, description, parameters, execute, readOnly } = toolColumns(ctx, c.tool);
    if (!opts.dryRun)
      await tx.agentTool.update({
        where: { id: prev.id },
        data: { type: 'http', name, description, parameters, execute, readOnly },
      });
    result.updated.push(row(c, prev.id));
  }
  await checkRenames(tx, projectId, renamed);
  const present = new Set(converted.operationKeys);
  const gone = existing.filter((t) => t.importKey !== null && !present.has(t.importKey));
  if (opts.deleteMissing && gone.length) {
    for (const t of gone) allow('agents:DeleteAgentTool', t);
    const users = await tx.agent.findMany({
      where: { projectId, toolIds: { hasSome: gone.map((t) => t.id) } },
      select: { id: true },
      take: 20,
    });
    if (users.length)
      throw conflict(
        `Tools the document no longer declares are attached to agents: ${users.map((a) => a.id).join(', ')}; detach them first`,
        { agents: users.map((a) => a.id) },
      );
    if (!opts.dryRun) await tx.agentTool.deleteMany({ where: { projectId, id: { in: gone.map((t) => t.id) } } });
  }
  result.missing = gone.map((t) => ({
    operation: t.importKey!,
    toolId: t.id,
    name: t.name,
    deleted: opts.deleteMissing && !opts.dryRun,
  }));
  if (!opts.dryRun && creates.length) await tx.agentTool.createMany({ data: creates });
  return result;
}

/** A renamed tool must not collide with another tool of an agent using it (as PUT checks). */
async function checkRenames(tx: Tx, projectId: string, renamed: NamedTool[]): Promise<void> {
  if (!renamed.length) return;
  const agents = await tx.agent.findMany({
    where: { projectId, toolIds: { hasSome: renamed.map((t) => t.id) } },
    select: { id: true, toolIds: true },
  });
  if (!agents.length) return;
  const others = await tx.agentTool.findMany({
    where: { projectId, id: { in: [...new Set(agents.flatMap((a) => a.toolIds))] } },
    select: { id: true, name: true, type: true },
  });
  for (const agent of agents) {
    const tools = agent.toolIds
      .map((id) => renamed.find((t) => t.id === id) ?? others.find((t) => t.id === id))
      .filter((t): t is NamedTool => t !== undefined);
    const collision = findCollision(tools);
    if (collision) throw collisionError(collision, 'body.namePrefix', agent.id);
  }
}
