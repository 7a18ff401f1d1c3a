import type { Generation } from '../../generated/prisma/client.js';
import { hotModelRows, sql } from './hot-sql.js';
import type { Db } from './prisma.js';

/**
 * A whole generation row through the pool (docs/performance.md), with Prisma's row types
 * (`hotModelRows`): read by every request addressed to a generation (answers to its pauses,
 * cancel), where Prisma's query pipeline cost more than the statement itself.
 */
export async function loadGenerationRow(
  db: Db,
  id: string,
  projectId: string,
  agentId?: string,
): Promise<Generation | null> {
  const [row] = await hotModelRows<Generation>(
    db,
    agentId === undefined
      ? sql`SELECT * FROM "Generation" WHERE "id" = ${id} AND "projectId" = ${projectId}`
      : sql`SELECT * FROM "Generation" WHERE "id" = ${id} AND "projectId" = ${projectId} AND "agentId" = ${agentId}`,
  );
  return row ?? null;
}
