import type { Agent, AgentTool, AiProvider, Hook, Webhook } from '../../generated/prisma/client.js';
import { hotModelRows, sql } from '../../infra/db/hot-sql.js';
import type { Db } from '../../infra/db/prisma.js';

/**
 * What a generation's start reads of its agent, through the pool with Prisma's row types (no
 * Prisma query pipeline: docs/performance.md). The agent first; then, from that row, its
 * provider, tools, hooks and active webhooks.
 */

/** The agent `agentId` in the project, or null. */
export async function findAgent(db: Db, projectId: string, agentId: string): Promise<Agent | null> {
  const [agent] = await hotModelRows<Agent>(
    db,
    sql`SELECT * FROM "Agent" WHERE "id" = ${agentId} AND "projectId" = ${projectId}`,
  );
  return agent ?? null;
}

/**
 * The agent's provider (null when it no longer exists), its tools (in any order; deleted ones
 * absent), its hooks and its active webhooks (oldest first): four statements sent at once, all
 * keyed by the agent row already read, so they describe that version of the agent.
 */
export async function agentConfiguration(
  db: Db,
  agent: Agent,
): Promise<{ provider: AiProvider | null; tools: AgentTool[]; hooks: Hook[]; webhooks: Webhook[] }> {
  const { projectId } = agent;
  const [providers, tools, hooks, webhooks] = await Promise.all([
    hotModelRows<AiProvider>(
      db,
      sql`SELECT * FROM "AiProvider" WHERE "id" = ${agent.aiProviderId} AND "projectId" = ${projectId}`,
    ),
    hotModelRows<AgentTool>(
      db,
      sql`SELECT * FROM "AgentTool" WHERE "id" = ANY(${agent.toolIds}::text[]) AND "projectId" = ${projectId}`,
    ),
    hotModelRows<Hook>(
      db,
      sql`SELECT * FROM "Hook" WHERE "agentId" = ${agent.id} AND "projectId" = ${projectId} ORDER BY "createdAt", "id"`,
    ),
    hotModelRows<Webhook>(
      db,
      sql`SELECT * FROM "Webhook" WHERE "agentId" = ${agent.id} AND "projectId" = ${projectId} AND "active"
          ORDER BY "createdAt", "id"`,
    ),
  ]);
  return { provider: providers[0] ?? null, tools, hooks, webhooks };
}
