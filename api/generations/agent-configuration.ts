import type { Agent, AgentTool, AiProvider, Hook, Webhook } from '../../generated/prisma/client.js';
import { hotModelRows, sql } from '../../infra/db/hot-sql.js';
import type { Db } from '../../infra/db/prisma.js';

/**
 * What a generation's start reads of its agent, in the project: the agent, its provider, its
 * tools (any order; the caller orders them as the agent lists them), its hooks and its active
 * webhooks (oldest first). Five statements sent at once on the pool, each keyed by the agent's id,
 * so none waits for another: one round trip, and no Prisma query pipeline (docs/performance.md).
 * Empty lists when the agent is not in the project.
 */
export function agentConfiguration(
  db: Db,
  projectId: string,
  agentId: string,
): Promise<[Agent[], AiProvider[], AgentTool[], Hook[], Webhook[]]> {
  const agent = sql`SELECT * FROM "Agent" WHERE "id" = ${agentId} AND "projectId" = ${projectId}`;
  return Promise.all([
    hotModelRows<Agent>(db, agent),
    hotModelRows<AiProvider>(
      db,
      sql`SELECT * FROM "AiProvider" WHERE "projectId" = ${projectId}
          AND "id" = (SELECT "aiProviderId" FROM "Agent" WHERE "id" = ${agentId} AND "projectId" = ${projectId})`,
    ),
    hotModelRows<AgentTool>(
      db,
      sql`SELECT * FROM "AgentTool" WHERE "projectId" = ${projectId}
          AND "id" = ANY((SELECT "toolIds" FROM "Agent" WHERE "id" = ${agentId} AND "projectId" = ${projectId})::text[])`,
    ),
    hotModelRows<Hook>(
      db,
      sql`SELECT * FROM "Hook" WHERE "agentId" = ${agentId} AND "projectId" = ${projectId} ORDER BY "createdAt", "id"`,
    ),
    hotModelRows<Webhook>(
      db,
      sql`SELECT * FROM "Webhook" WHERE "agentId" = ${agentId} AND "projectId" = ${projectId} AND "active"
          ORDER BY "createdAt", "id"`,
    ),
  ]);
}
