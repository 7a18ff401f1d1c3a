import { Prisma, type Generation } from '../../generated/prisma/client.js';
import { hotQuery, sql } from './hot-sql.js';
import type { Db } from './prisma.js';

/**
 * A whole generation row through the pool (docs/performance.md), as Prisma would return it: read
 * by every request addressed to a generation (answers to its pauses, cancel), where Prisma's
 * query pipeline cost more than the statement itself.
 */

const dateColumns = ['createdAt', 'updatedAt', 'completedAt'] as const;
type DateColumn = (typeof dateColumns)[number];
type RowText = Omit<Generation, DateColumn> & { [K in DateColumn]: string | null };

// Every column of the model, named by Prisma's own list, so a column added to the schema is read too.
const columns = Object.values(Prisma.GenerationScalarFieldEnum)
  .map((c) =>
    (dateColumns as readonly string[]).includes(c)
      ? // Timestamp columns hold UTC without a zone (Prisma's convention): read as ISO text in UTC.
        `to_char("${c}", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "${c}"`
      : c === 'toolsUsed'
        ? // As Prisma reads a scalar list: NULL is an empty list.
          `coalesce(to_jsonb("toolsUsed"), '[]'::jsonb) AS "toolsUsed"`
        : `"${c}"`,
  )
  .join(', ');

/** The generation `id` in `projectId` (and of `agentId` when given), or null. */
export async function loadGenerationRow(
  db: Db,
  id: string,
  projectId: string,
  agentId?: string,
): Promise<Generation | null> {
  const where =
    agentId === undefined
      ? sql`"id" = ${id} AND "projectId" = ${projectId}`
      : sql`"id" = ${id} AND "projectId" = ${projectId} AND "agentId" = ${agentId}`;
  const [row] = await hotQuery<RowText>(db, {
    text: `SELECT ${columns} FROM "Generation" WHERE ${where.text}`,
    values: where.values,
  });
  if (!row) return null;
  return {
    ...row,
    createdAt: new Date(row.createdAt!),
    updatedAt: new Date(row.updatedAt!),
    completedAt: row.completedAt === null ? null : new Date(row.completedAt),
  };
}
