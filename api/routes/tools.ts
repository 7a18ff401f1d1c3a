import type { Router } from 'express';
import { refusedBuiltinError } from '../../contracts/builtins/index.js';
import { conflict, notImplemented, unprocessable } from '../../contracts/errors.js';
import { newId } from '../../contracts/ids.js';
import { platformAction, platformActions } from '../../contracts/platform-actions.js';
import { createToolSchema, type CreateTool } from '../../contracts/schemas/index.js';
import type { StoredHeaderValue } from '../../contracts/snapshot.js';
import type { AgentTool } from '../../generated/prisma/client.js';
import { Prisma } from '../../infra/db/prisma.js';
import type { AppContext } from '../context.js';
import { found } from '../http.js';
import { addReads, type PageQuery } from './crud.js';
import type { toolRoutes as ToolRoutes } from './tools.operations.js';
import { ApiRouter } from '../routing.js';
import { compact, patched } from '../services/merge-patch.js';
import { builtinConfigAsInput, renamedBuiltinConfig, storeBuiltinConfig } from '../../domain/builtin-config.js';
import { headersAsInput, storeHeaders } from '../../domain/secret-headers.js';
import { collisionError, findCollision, type NamedTool } from '../services/tool-names.js';
import { storedActions, toolView } from '../../domain/views.js';

type StoredExecute = {
  url: string;
  method?: string;
  bodyEncoding?: string;
  headers?: Record<string, StoredHeaderValue>;
};
type StoredMcp = { url: string; transport: string; headers?: Record<string, StoredHeaderValue> };

/** The stored tool as a create request would have sent it (secret header values stand in). */
function toolAsInput(t: AgentTool): Record<string, unknown> {
  const execute = t.execute as StoredExecute | null;
  const mcp = t.mcp as StoredMcp | null;
  const withHeaders = <T extends { headers?: Record<string, StoredHeaderValue> }>(v: T) =>
    v.headers ? { ...v, headers: headersAsInput(v.headers) } : v;
  return compact({
    type: t.type,
    name: t.name,
    description: t.description,
    timeoutSeconds: t.type === 'client' || t.type === 'agent' ? null : t.timeoutSeconds,
    readOnly: t.type === 'platform' ? null : t.readOnly,
    maxResultChars: t.maxResultChars,
    parameters: t.type === 'http' || t.type === 'client' || t.type === 'agent' ? t.parameters : null,
    execute: t.type === 'http' && execute ? withHeaders(execute) : null,
    mcp: t.type === 'mcp' && mcp ? withHeaders(mcp) : null,
    enabled: t.type === 'mcp' ? t.enabled : null,
    agentId: t.type === 'agent' ? t.agentId : null,
    config: t.type === 'builtin' ? builtinConfigAsInput(t.name, t.config as Record<string, unknown> | null) : null,
    delivery: t.type === 'http' || t.type === 'mcp' ? t.delivery : null,
    actions: t.type === 'platform' ? storedActions(t) : null,
  });
}

type Config = Record<string, unknown>;
type HttpExecute = Extract<CreateTool, { type: 'http' }>['execute'];

const json = (v: unknown) => (v === undefined || v === null ? Prisma.DbNull : (v as Prisma.InputJsonValue));

/** An http tool's stored `execute`: the kept block's encrypted headers when a patch did not send them. */
function executeColumn(execute: NonNullable<HttpExecute>, kept: StoredExecute | undefined, ctx: AppContext) {
  const headers = kept ? kept.headers : execute.headers && storeHeaders(execute.headers, ctx.secrets);
  return {
    url: execute.url,
    ...(execute.method ? { method: execute.method } : {}),
    ...(execute.bodyEncoding ? { bodyEncoding: execute.bodyEncoding } : {}),
    ...(headers ? { headers } : {}),
  };
}

/**
 * Every column a tool request sets. `keep` carries stored `execute`/`mcp` blocks a merge patch
 * did not touch, so their encrypted header values are kept as they are.
 */
export function toolColumns(
  ctx: AppContext,
  body: CreateTool,
  keep: { execute?: unknown; mcp?: unknown; config?: unknown } = {},
) {
  const execute =
    body.type === 'http' && body.execute
      ? executeColumn(body.execute, keep.execute as StoredExecute | undefined, ctx)
      : null;
  const mcp =
    body.type === 'mcp'
      ? (keep.mcp ?? {
          url: body.mcp.url,
          transport: body.mcp.transport,
          ...(body.mcp.headers ? { headers: storeHeaders(body.mcp.headers, ctx.secrets) } : {}),
        })
      : null;
  return {
    type: body.type === 'soat' ? 'platform' : body.type,
    name: body.name,
    description: body.description ?? null,
    parameters: json('parameters' in body ? body.parameters : undefined),
    execute: json(execute),
    mcp: json(mcp),
    enabled: body.type === 'mcp' ? body.enabled : true,
    agentId: body.type === 'agent' ? body.agentId : null,
    config: json(
      body.type === 'builtin'
        ? (keep.config ?? storeBuiltinConfig(body.name, body.config, ctx.secrets))
        : body.type === 'platform' || body.type === 'soat'
          ? { actions: body.actions }
          : undefined,
    ),
    timeoutSeconds: body.timeoutSeconds,
    readOnly: body.readOnly ?? false,
    maxResultChars: body.maxResultChars,
    delivery: body.type === 'http' || body.type === 'mcp' ? (body.delivery ?? null) : null,
  };
}

/**
 * `routes` is the route-table group this router serves: `/v1/tools`, or the same endpoints under
 * `/v1/agents/tools` (the SOAT seed's path).
 */
export function toolsRouter(ctx: AppContext, routes: typeof ToolRoutes, base: string): Router {
  const r = new ApiRouter(base, ctx);
  const find = async (projectId: string, id: string) =>
    found(await ctx.db.agentTool.findFirst({ where: { id, projectId } }), 'Agent tool');
  /** A tool defined inline on an agent is changed and deleted through that agent (ADR 0046). */
  const refuseOwned = (tool: AgentTool, what: string) => {
    if (tool.ownerAgentId !== null)
      throw conflict(
        `Agent tool ${tool.id} belongs to agent ${tool.ownerAgentId} (its customTools or mcpServers): ${what} it through PUT or PATCH /v1/agents/${tool.ownerAgentId}`,
        { ownerAgentId: tool.ownerAgentId },
      );
  };
  /**
   * `sent` is what the request itself named (a PATCH's own fields, not the merged tool): a field the
   * tool's type refuses is refused when sent, not when carried over from the tool's old type.
   */
  const checkAgentTarget = async (projectId: string, body: CreateTool, sent: object = body) => {
    const refused = body.type === 'builtin' ? refusedBuiltinError(body.name, 'body.name') : null;
    if (refused) throw refused;
    if ((body.type === 'client' || body.type === 'agent') && 'timeoutSeconds' in sent)
      throw notImplemented(['body.timeoutSeconds']);
    if (body.type === 'platform' || body.type === 'soat') {
      if ('readOnly' in sent) throw notImplemented(['body.readOnly']);
      const unknown = body.actions.findIndex((a) => platformAction(a) === undefined);
      if (unknown >= 0)
        throw unprocessable(
          `Unknown platform action "${body.actions[unknown]}"; known: ${platformActions.map((a) => a.name).join(', ')}`,
          { path: `body.actions.${unknown}` },
        );
      return;
    }
    if (body.type !== 'agent') return;
    const agent = await ctx.db.agent.findFirst({ where: { id: body.agentId, projectId }, select: { id: true } });
    if (!agent) throw unprocessable(`Agent ${body.agentId} does not exist in this project`, { path: 'body.agentId' });
  };
  /** A tool shown under a new name must not collide with another tool of any agent using it. */
  const checkRename = async (current: AgentTool, next: NamedTool) => {
    if (current.name === next.name && current.type === next.type) return;
    const agents = await ctx.db.agent.findMany({
      where: { projectId: current.projectId, toolIds: { has: current.id } },
      select: { id: true, toolIds: true },
    });
    if (!agents.length) return;
    const others = await ctx.db.agentTool.findMany({
      where: { projectId: current.projectId, id: { in: [...new Set(agents.flatMap((a) => a.toolIds))] } },
      select: { id: true, name: true, type: true },
    });
    for (const agent of agents) {
      const tools = agent.toolIds
        .map((id) => (id === current.id ? next : others.find((t) => t.id === id)))
        .filter((t): t is NamedTool => t !== undefined);
      const collision = findCollision(tools);
      if (collision) throw collisionError(collision, 'body.name', agent.id);
    }
  };
  const update = async (
    current: AgentTool,
    body: CreateTool,
    keep?: { execute?: unknown; mcp?: unknown; config?: unknown },
    sent: object = body,
  ) => {
    await checkAgentTarget(current.projectId, body, sent);
    await checkRename(current, {
      id: current.id,
      name: body.name,
      type: body.type === 'soat' ? 'platform' : body.type,
    });
    return toolView(await ctx.db.agentTool.update({ where: { id: current.id }, data: toolColumns(ctx, body, keep) }));
  };

  r.add(routes.create, async ({ auth, body }) => {
    await checkAgentTarget(auth.projectId, body);
    const row = await ctx.db.agentTool.create({
      data: { id: newId('tool'), projectId: auth.projectId, ...toolColumns(ctx, body) },
    });
    return toolView(row);
  });

  const page = (query: PageQuery) => ctx.db.agentTool.findMany(query);
  addReads(r, routes, { page, find: ({ auth, params }) => find(auth.projectId, params.toolId) }, toolView);

  r.add(routes.replace, async ({ auth, params, body }) => {
    const current = await find(auth.projectId, params.toolId);
    refuseOwned(current, 'change');
    return update(current, body);
  });

  r.add(routes.patch, async ({ auth, params, body }) => {
    const current = await find(auth.projectId, params.toolId);
    refuseOwned(current, 'change');
    const merged = patched(createToolSchema, toolAsInput(current), body);
    const sameType = merged.type === current.type;
    return update(
      current,
      merged,
      {
        ...(sameType && body.execute === undefined && current.execute !== null ? { execute: current.execute } : {}),
        ...(sameType && body.mcp === undefined && current.mcp !== null ? { mcp: current.mcp } : {}),
        // Builtin secrets (databaseUrl) are kept when the patch does not send `config`, also when it
        // renames the builtin (to one that declares the same secret).
        ...(sameType && merged.type === 'builtin' && body.config === undefined && current.config !== null
          ? { config: renamedBuiltinConfig(merged.name, { name: current.name, config: current.config as Config }) }
          : {}),
      },
      body,
    );
  });

  r.add(routes.delete, async ({ auth, params }) => {
    const current = await find(auth.projectId, params.toolId);
    refuseOwned(current, 'remove');
    const users = await ctx.db.agent.findMany({
      where: { projectId: auth.projectId, toolIds: { has: current.id } },
      select: { id: true },
      take: 20,
    });
    if (users.length) {
      throw conflict(
        `Agent tool ${current.id} is attached to agents: ${users.map((a) => a.id).join(', ')}; detach it first`,
        { agents: users.map((a) => a.id) },
      );
    }
    await ctx.db.agentTool.delete({ where: { id: current.id } });
  });

  return r.router;
}
