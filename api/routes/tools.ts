import { Router } from 'express';
import { notFound } from '../../contracts/errors.js';
import { newId } from '../../contracts/ids.js';
import { createToolSchema, paginationQuerySchema, type ToolView } from '../../contracts/schemas/index.js';
import type { StoredHeaderValue } from '../../contracts/snapshot.js';
import type { AgentTool } from '../../generated/prisma/client.js';
import type { SecretBox } from '../../infra/crypto/secrets.js';
import type { AppContext } from '../context.js';
import { authorize, handler, parseInput } from '../http.js';
import { afterCursor, newestFirst, page } from '../pagination.js';

export const SECRET_PLACEHOLDER = '[secret]';

type HeaderInput = Record<string, string | { value: string; secret: boolean }>;

/** Secret header values are encrypted at rest; plain ones are stored as given. */
export function storeHeaders(headers: HeaderInput | undefined, secrets: SecretBox): Record<string, StoredHeaderValue> | undefined {
  if (!headers) return undefined;
  return Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k, typeof v === 'string' ? v : v.secret ? { encrypted: secrets.encrypt(v.value) } : v.value]),
  );
}

function showHeaders(headers: Record<string, StoredHeaderValue> | undefined): Record<string, string> | undefined {
  if (!headers) return undefined;
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, typeof v === 'string' ? v : SECRET_PLACEHOLDER]));
}

export function toolView(t: AgentTool): ToolView {
  const execute = t.execute as { url: string; headers?: Record<string, StoredHeaderValue> } | null;
  const mcp = t.mcp as { url: string; transport: string; headers?: Record<string, StoredHeaderValue> } | null;
  return {
    id: t.id,
    projectId: t.projectId,
    type: t.type as ToolView['type'],
    name: t.name,
    description: t.description,
    parameters: (t.parameters as Record<string, unknown> | null) ?? null,
    execute: execute ? { url: execute.url, ...(execute.headers ? { headers: showHeaders(execute.headers)! } : {}) } : null,
    mcp: mcp ? { url: mcp.url, transport: mcp.transport, ...(mcp.headers ? { headers: showHeaders(mcp.headers)! } : {}) } : null,
    enabled: t.enabled,
    agentId: t.agentId,
    config: (t.config as Record<string, unknown> | null) ?? null,
    timeoutSeconds: t.timeoutSeconds,
    readOnly: t.readOnly,
    maxResultChars: t.maxResultChars,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export function toolsRouter(ctx: AppContext): Router {
  const r = Router();

  r.post('/', handler(async (req, res) => {
    const auth = authorize(req, 'agents:CreateAgentTool', 'tools/*');
    const body = parseInput(createToolSchema, req.body, 'body');
    const execute = body.type === 'http' && body.execute
      ? { url: body.execute.url, ...(body.execute.headers ? { headers: storeHeaders(body.execute.headers, ctx.secrets) } : {}) }
      : undefined;
    const mcp = body.type === 'mcp'
      ? { url: body.mcp.url, transport: body.mcp.transport, ...(body.mcp.headers ? { headers: storeHeaders(body.mcp.headers, ctx.secrets) } : {}) }
      : undefined;
    const row = await ctx.db.agentTool.create({
      data: {
        id: newId('tool'),
        projectId: auth.projectId,
        type: body.type,
        name: body.name,
        description: body.description ?? null,
        ...('parameters' in body && body.parameters ? { parameters: body.parameters as object } : {}),
        ...(execute ? { execute } : {}),
        ...(mcp ? { mcp } : {}),
        enabled: body.type === 'mcp' ? body.enabled : true,
        agentId: body.type === 'agent' ? body.agentId : null,
        ...(body.type === 'builtin' && body.config ? { config: body.config as object } : {}),
        timeoutSeconds: body.timeoutSeconds,
        readOnly: body.readOnly,
        maxResultChars: body.maxResultChars,
      },
    });
    res.status(201).json(toolView(row));
  }));

  r.get('/', handler(async (req, res) => {
    const auth = authorize(req, 'agents:ListAgentTools', 'tools/*');
    const q = parseInput(paginationQuerySchema, req.query, 'query');
    const rows = await ctx.db.agentTool.findMany({
      where: { projectId: auth.projectId, ...afterCursor(q.cursor) },
      orderBy: newestFirst,
      take: q.limit + 1,
    });
    const { items, nextCursor } = page(rows, q.limit);
    res.json({ data: items.map(toolView), nextCursor });
  }));

  r.get('/:id', handler(async (req, res) => {
    const auth = authorize(req, 'agents:GetAgentTool', `tools/${req.params.id}`);
    const row = await ctx.db.agentTool.findFirst({ where: { id: String(req.params.id), projectId: auth.projectId } });
    if (!row) throw notFound('Agent tool');
    res.json(toolView(row));
  }));

  return r;
}
