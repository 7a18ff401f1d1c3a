import type { Agent, AgentTool, AiProvider, Hook, Webhook } from '../../generated/prisma/client.js';
import { hotModelRows, sql } from '../../infra/db/hot-sql.js';
import type { Db } from '../../infra/db/prisma.js';

/**
 * What a generation's start reads of its agent, in one statement through the pool, with Prisma's
 * row types (no Prisma query pipeline: docs/performance.md): the agent and, keyed by that row, its
 * provider, tools, hooks and active webhooks, so all of them describe the same version of the agent.
 */

export interface AgentConfiguration {
  agent: Agent;
  /** Null when the provider no longer exists. */
  provider: AiProvider | null;
  /** In any order; deleted ones absent. */
  tools: AgentTool[];
  /** Oldest first. */
  hooks: Hook[];
  /** The active ones, oldest first. */
  webhooks: Webhook[];
}

/** A row as `to_jsonb` gives it: the timestamps (UTC without a zone, as Prisma writes them) as text. */
type JsonRow = Record<string, unknown> & { createdAt: string; updatedAt: string };

/**
 * The row types of the four configuration tables from `to_jsonb`: their only DateTime columns are
 * `createdAt` and `updatedAt`, their only scalar list `Webhook.events` (a NULL list reads as []).
 * `test/integration/db-timezone.test.ts` compares the result with Prisma's own reads.
 */
function modelRow<Row>(row: JsonRow): Row {
  const read = { ...row, createdAt: new Date(`${row.createdAt}Z`), updatedAt: new Date(`${row.updatedAt}Z`) };
  if ('events' in read) read.events ??= [];
  return read as Row;
}

/** The agent `agentId` in the project with its configuration, or null. */
export async function agentWithConfiguration(
  db: Db,
  projectId: string,
  agentId: string,
): Promise<AgentConfiguration | null> {
  const [row] = await hotModelRows<
    Agent & { _provider: JsonRow | null; _tools: JsonRow[]; _hooks: JsonRow[]; _webhooks: JsonRow[] }
  >(
    db,
    sql`SELECT a.*,
      (SELECT to_jsonb(p) FROM "AiProvider" p WHERE p."id" = a."aiProviderId" AND p."projectId" = a."projectId") AS "_provider",
      (SELECT coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb) FROM "AgentTool" t
        WHERE t."id" = ANY(a."toolIds") AND t."projectId" = a."projectId") AS "_tools",
      (SELECT coalesce(jsonb_agg(to_jsonb(h) ORDER BY h."createdAt", h."id"), '[]'::jsonb) FROM "Hook" h
        WHERE h."agentId" = a."id" AND h."projectId" = a."projectId") AS "_hooks",
      (SELECT coalesce(jsonb_agg(to_jsonb(w) ORDER BY w."createdAt", w."id"), '[]'::jsonb) FROM "Webhook" w
        WHERE w."agentId" = a."id" AND w."projectId" = a."projectId" AND w."active") AS "_webhooks"
    FROM "Agent" a WHERE a."id" = ${agentId} AND a."projectId" = ${projectId}`,
  );
  if (!row) return null;
  const { _provider, _tools, _hooks, _webhooks, ...agent } = row;
  return {
    agent,
    provider: _provider ? modelRow<AiProvider>(_provider) : null,
    tools: _tools.map((t) => modelRow<AgentTool>(t)),
    hooks: _hooks.map((h) => modelRow<Hook>(h)),
    webhooks: _webhooks.map((w) => modelRow<Webhook>(w)),
  };
}
