import type { Generation } from '../../generated/prisma/client.js';
import { hotQuery, sql } from '../../infra/db/hot-sql.js';
import type { Db } from '../../infra/db/prisma.js';
import { waitsSql } from '../../infra/generations/waiting.js';

/** What a new generation outside a session is created with (the rest are column defaults). */
export interface NewGeneration {
  id: string;
  projectId: string;
  agentId: string;
  traceId: string;
  snapshot: unknown;
  metadata: unknown;
  idempotencyKey: string | null;
  requestHash: string;
  createdByKeyId: string | null;
  channel: string;
  callbackUrl: string | null;
  callbackSecretEnc: string | null;
}

/** Timestamp columns as `to_jsonb` writes them: UTC without a zone (Prisma's convention). */
const utc = (value: string) => new Date(`${value}Z`);

/**
 * Stores a generation that does not take a session turn: its trace, its row (`queued`, waiting
 * when its project has no free slot for it: infra/generations/waiting.ts) and its first messages,
 * in one statement through the pool instead of Prisma's interactive transaction (four round trips
 * and the query compiler for each). Returns the row as Prisma would. A second generation with the
 * same Idempotency-Key fails with PostgreSQL's unique violation (23505).
 */
export async function insertGeneration(
  db: Db,
  g: NewGeneration,
  messages: Array<{ role: string; content: unknown }>,
  maxRunning: number,
): Promise<Generation> {
  const rows = messages.map((m, i) => ({ key: String(i), seq: i, role: m.role, content: m.content }));
  const [inserted] = await hotQuery<{ row: Record<string, unknown> }>(
    db,
    sql`WITH trace AS (
        INSERT INTO "Trace" ("id", "projectId", "rootGenerationId") VALUES (${g.traceId}, ${g.projectId}, ${g.id})
      ), generation AS (
        INSERT INTO "Generation" ("id", "projectId", "agentId", "traceId", "status", "snapshot", "metadata",
          "idempotencyKey", "requestHash", "createdByKeyId", "channel", "callbackUrl", "callbackSecretEnc", "updatedAt",
          "waitingForTurn")
        VALUES (${g.id}, ${g.projectId}, ${g.agentId}, ${g.traceId}, 'queued', ${JSON.stringify(g.snapshot)}::jsonb,
          ${g.metadata === null ? null : JSON.stringify(g.metadata)}::jsonb, ${g.idempotencyKey}, ${g.requestHash},
          ${g.createdByKeyId}, ${g.channel}, ${g.callbackUrl}, ${g.callbackSecretEnc}, LOCALTIMESTAMP(3),
          ${waitsSql(g.projectId, g.id, maxRunning)})
        RETURNING *
      ), messages AS (
        INSERT INTO "GenerationMessage" ("generationId", "key", "seq", "role", "content")
        SELECT ${g.id}, m."key", m."seq", m."role", m."content"
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS m("key" text, "seq" int, "role" text, "content" jsonb)
      )
      SELECT to_jsonb(generation) AS "row" FROM generation`,
  );
  const row = inserted!.row;
  return {
    ...row,
    toolsUsed: (row.toolsUsed as string[] | null) ?? [],
    createdAt: utc(row.createdAt as string),
    updatedAt: utc(row.updatedAt as string),
    completedAt: row.completedAt === null ? null : utc(row.completedAt as string),
  } as Generation;
}
