import type { Router } from 'express';
import { notFound, notImplemented } from '../../contracts/errors.js';
import { newId } from '../../contracts/ids.js';
import { createHookSchema, type CreateHook, type HookView } from '../../contracts/schemas/index.js';
import type { Hook } from '../../generated/prisma/client.js';
import { hotModelRows, sql } from '../../infra/db/hot-sql.js';
import { readHttpHookConfig, type StoredHttpHookConfig } from '../../infra/db/json-columns.js';
import type { Db } from '../../infra/db/prisma.js';
import type { AppContext } from '../context.js';
import { found } from '../http.js';
import { hookRoutes } from './hooks.operations.js';
import { listPage } from '../../domain/pagination.js';
import { ApiRouter } from '../routing.js';
import { compact, patched } from '../services/merge-patch.js';
import { headersAsInput, showHeaders, storeHeaders } from '../../domain/secret-headers.js';

export function hookView(h: Hook): HookView {
  let config = h.config as HookView['config'];
  if (h.type === 'http') {
    const c = readHttpHookConfig(h.config);
    config = {
      url: c.url,
      ...(c.headers ? { headers: showHeaders(c.headers) } : {}),
      timeoutSeconds: c.timeoutSeconds,
      hasSecret: c.secretEncrypted !== undefined,
    };
  }
  return {
    id: h.id,
    projectId: h.projectId,
    agentId: h.agentId,
    event: h.event as HookView['event'],
    type: h.type as HookView['type'],
    matcher: h.matcher,
    config,
    createdAt: h.createdAt.toISOString(),
    updatedAt: h.updatedAt.toISOString(),
  };
}

/** The stored hook as a create request would have sent it (secrets stand in, never written back). */
function hookAsInput(h: Hook): Record<string, unknown> {
  let config = h.config as Record<string, unknown>;
  if (h.type === 'http') {
    const c = readHttpHookConfig(h.config);
    config = compact({
      url: c.url,
      headers: c.headers ? headersAsInput(c.headers) : null,
      timeoutSeconds: c.timeoutSeconds,
      secret: c.secretEncrypted !== undefined ? 'stored-signing-secret' : null,
    });
  }
  return compact({ event: h.event, type: h.type, matcher: h.matcher, config });
}

function storedConfig(ctx: AppContext, body: CreateHook): object {
  // A rule that allows would need an order among rules (an exception before a broad deny), which
  // the loop does not have: refused rather than stored and ignored.
  if (body.type === 'rule' && body.config.decision === 'allow') throw notImplemented(['body.config.decision']);
  if (body.type !== 'http') return body.config;
  const c = body.config;
  const stored: StoredHttpHookConfig = {
    url: c.url,
    ...(c.headers ? { headers: storeHeaders(c.headers, ctx.secrets) } : {}),
    timeoutSeconds: c.timeoutSeconds,
    ...(c.secret !== undefined ? { secretEncrypted: ctx.secrets.encrypt(c.secret) } : {}),
  };
  return stored;
}

type HookColumns = Pick<Hook, 'event' | 'type' | 'matcher'> & { config: object };

/**
 * Hooks are written through the pool with `config` as JSON text that PostgreSQL parses itself, not
 * through Prisma: Prisma's query compiler parses a Json value again before it reaches the database,
 * and its float parsing is not exact (1.7976931348623157e308 was stored as null, a double that
 * needs 17 significant digits lost its last one). A rule condition's number would then not be the
 * one the API accepted, an `IN` rule would stop matching it, and the stored hook would not read back
 * under the document (issue 48, ST108). Reads through Prisma are exact.
 */
async function insertHook(db: Db, ids: Pick<Hook, 'id' | 'projectId' | 'agentId'>, c: HookColumns): Promise<Hook> {
  try {
    const [row] = await hotModelRows<Hook>(
      db,
      sql`INSERT INTO "Hook" ("id", "projectId", "agentId", "event", "type", "matcher", "config", "updatedAt")
        VALUES (${ids.id}, ${ids.projectId}, ${ids.agentId}, ${c.event}, ${c.type}, ${c.matcher},
          ${JSON.stringify(c.config)}::jsonb, LOCALTIMESTAMP(3))
        RETURNING *`,
    );
    return row!;
  } catch (err) {
    // The agent was deleted since it was found (foreign_key_violation).
    if ((err as { code?: string }).code === '23503') throw notFound('Agent');
    throw err;
  }
}

async function updateHook(db: Db, id: string, c: HookColumns): Promise<Hook> {
  const [row] = await hotModelRows<Hook>(
    db,
    sql`UPDATE "Hook" SET "event" = ${c.event}, "type" = ${c.type}, "matcher" = ${c.matcher},
        "config" = ${JSON.stringify(c.config)}::jsonb, "updatedAt" = LOCALTIMESTAMP(3)
      WHERE "id" = ${id}
      RETURNING *`,
  );
  // Deleted since it was found.
  return found(row ?? null, 'Hook');
}

export function hooksRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/agents', ctx);
  const findAgent = async (projectId: string, agentId: string) => {
    found(await ctx.db.agent.findFirst({ where: { id: agentId, projectId }, select: { id: true } }), 'Agent');
  };
  const find = async (projectId: string, agentId: string, hookId: string) => {
    await findAgent(projectId, agentId);
    return found(await ctx.db.hook.findFirst({ where: { id: hookId, agentId, projectId } }), 'Hook');
  };
  const columns = (body: CreateHook, config: object): HookColumns => ({
    event: body.event,
    type: body.type,
    matcher: body.matcher ?? null,
    config,
  });

  r.add(hookRoutes.create, async ({ auth, params, body }) => {
    await findAgent(auth.projectId, params.agentId);
    const ids = { id: newId('hook'), projectId: auth.projectId, agentId: params.agentId };
    return hookView(await insertHook(ctx.db, ids, columns(body, storedConfig(ctx, body))));
  });

  r.add(hookRoutes.list, async ({ auth, params, query }) => {
    await findAgent(auth.projectId, params.agentId);
    const where = { projectId: auth.projectId, agentId: params.agentId };
    return listPage(
      query,
      ({ after, ...window }) => ctx.db.hook.findMany({ where: { ...where, ...after }, ...window }),
      hookView,
    );
  });

  r.add(hookRoutes.get, async ({ auth, params }) =>
    hookView(await find(auth.projectId, params.agentId, params.hookId)),
  );

  r.add(hookRoutes.replace, async ({ auth, params, body }) => {
    const current = await find(auth.projectId, params.agentId, params.hookId);
    return hookView(await updateHook(ctx.db, current.id, columns(body, storedConfig(ctx, body))));
  });

  r.add(hookRoutes.patch, async ({ auth, params, body }) => {
    const current = await find(auth.projectId, params.agentId, params.hookId);
    const merged = patched(createHookSchema, hookAsInput(current), body);
    // Config not given and type unchanged: keep the stored config (its encrypted values included).
    const config =
      body.config === undefined && merged.type === current.type
        ? (current.config as object)
        : storedConfig(ctx, merged);
    return hookView(await updateHook(ctx.db, current.id, columns(merged, config)));
  });

  r.add(hookRoutes.delete, async ({ auth, params }) => {
    const current = await find(auth.projectId, params.agentId, params.hookId);
    await ctx.db.hook.delete({ where: { id: current.id } });
  });

  return r.router;
}
