import { MEMORY_SCOPE_MAX_ENTRIES } from '../../contracts/builtins/memory.js';
import { newId } from '../../contracts/ids.js';
import type { Memory } from '../../generated/prisma/client.js';
import { Prisma, type Db } from '../../infra/db/prisma.js';
import { prefixQuery, queryTerms, rankMemories } from './ranking.js';

/**
 * Long-term memory in PostgreSQL (docs/memory.md). Every read and write names one scope
 * (project, agent, end user) in its WHERE clause: nothing here reads across scopes.
 */

export interface MemoryScope {
  projectId: string;
  agentId: string;
  endUserId: string;
}

/** The end user of a public-chat conversation: its session (a caller's endUserId never holds a colon). */
export const publicChatEndUser = (sessionId: string) => `public_chat:${sessionId}`;

/** What a generation row tells about its end user. */
export interface GenerationParty {
  projectId: string;
  agentId: string;
  channel: string;
  sessionId: string | null;
  /** The request's endUserId (kept in the snapshot). */
  endUserId: string | null;
}

/**
 * The memory scope of a generation: the caller's endUserId, or for public chat the visitor's
 * conversation (its session); null when it has neither (memory tools then refuse).
 */
export function memoryScopeOf(g: GenerationParty): MemoryScope | null {
  const endUserId =
    g.channel === 'public_chat' ? (g.sessionId ? publicChatEndUser(g.sessionId) : null) : (g.endUserId ?? null);
  return endUserId ? { projectId: g.projectId, agentId: g.agentId, endUserId } : null;
}

/** The scope of a stored generation (one indexed read; the snapshot's endUserId only). */
export async function generationMemoryScope(db: Db, generationId: string): Promise<MemoryScope | null> {
  const [row] = await db.$queryRaw<
    Array<{ projectId: string; agentId: string; channel: string; sessionId: string | null; endUserId: string | null }>
  >`SELECT "projectId", "agentId", "channel", "sessionId", "snapshot"->>'endUserId' AS "endUserId"
    FROM "Generation" WHERE "id" = ${generationId}`;
  return row ? memoryScopeOf(row) : null;
}

const inScope = (s: MemoryScope) => ({ projectId: s.projectId, agentId: s.agentId, endUserId: s.endUserId });

export type SaveOutcome = { memory: Memory; created: boolean } | { full: true };

/**
 * Saves a memory once per (generation, tool call): a retried call finds its row. A scope holding
 * MEMORY_SCOPE_MAX_ENTRIES memories takes no more (concurrent saves may pass the count together).
 */
export async function saveMemory(
  db: Db,
  scope: MemoryScope,
  content: string,
  source: { generationId: string; toolCallId: string },
): Promise<SaveOutcome> {
  const mine = () => db.memory.findUnique({ where: { generationId_toolCallId: source } });
  const existing = await mine();
  if (existing) return { memory: existing, created: false };
  if ((await db.memory.count({ where: inScope(scope) })) >= MEMORY_SCOPE_MAX_ENTRIES) return { full: true };
  try {
    const memory = await db.memory.create({ data: { id: newId('memory'), ...inScope(scope), content, ...source } });
    return { memory, created: true };
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      const raced = await mine();
      if (raced) return { memory: raced, created: false };
    }
    throw err;
  }
}

export interface SearchOptions {
  limit: number;
  /** true: only memories matching a word of the query; false: every memory of the scope, matches first. */
  requireMatch: boolean;
  now?: Date;
}

/**
 * The best memories of one scope for a query. PostgreSQL ranks each memory of the scope
 * (ts_rank_cd of the 'simple' text-search vector against any query word as a prefix, computed at
 * query time: a scope holds at most MEMORY_SCOPE_MAX_ENTRIES rows, read through its index);
 * rankMemories adds the recency bonus and orders ties; the winners' rows are read last.
 */
export async function searchMemories(
  db: Db,
  scope: MemoryScope,
  query: string,
  opts: SearchOptions,
): Promise<Array<{ memory: Memory; score: number }>> {
  const tsQuery = prefixQuery(queryTerms(query));
  if (!tsQuery && opts.requireMatch) return [];
  const candidates = await db.$queryRaw<Array<{ id: string; updatedAt: Date; textRank: number }>>`
    WITH q AS (SELECT to_tsquery('simple', ${tsQuery ?? ''}) AS tsq)
    SELECT m."id", m."updatedAt",
      CASE WHEN ${tsQuery}::text IS NULL THEN 0
        ELSE ts_rank_cd(to_tsvector('simple', m."content"), q.tsq, 32)::float8 END AS "textRank"
    FROM "Memory" m, q
    WHERE m."projectId" = ${scope.projectId} AND m."agentId" = ${scope.agentId} AND m."endUserId" = ${scope.endUserId}
      AND (${!opts.requireMatch} OR to_tsvector('simple', m."content") @@ q.tsq)`;
  const ranked = rankMemories(
    // Prisma reads `timestamp(3)` as UTC, like its own queries.
    candidates.map((c) => ({ ...c, textRank: Number(c.textRank) })),
    opts.now ?? new Date(),
    opts.limit,
  );
  if (!ranked.length) return [];
  const rows = await db.memory.findMany({ where: { id: { in: ranked.map((r) => r.id) }, ...inScope(scope) } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ranked.flatMap((r) => {
    const memory = byId.get(r.id);
    return memory ? [{ memory, score: r.score }] : [];
  });
}

/** `BuiltinWrite.transactionId` of a memory_forget that deleted its memory (no target transaction). */
const FORGET_RECORD = 'memory_forget';

/**
 * Deletes a memory of the scope; false when the scope holds no memory with this id. Once per
 * (generation, tool call): the delete and its BuiltinWrite record are one statement, so an
 * activity retried after a crash that follows the delete finds the record and answers true again
 * instead of "no such memory" for the memory it forgot itself.
 */
export async function forgetMemory(
  db: Db,
  scope: MemoryScope,
  memoryId: string,
  source: { generationId: string; toolCallId: string },
): Promise<boolean> {
  const [row] = await db.$queryRaw<Array<{ forgotten: boolean }>>`
    WITH earlier AS (
      SELECT 1 FROM "BuiltinWrite" WHERE "generationId" = ${source.generationId} AND "toolCallId" = ${source.toolCallId}
    ), deleted AS (
      DELETE FROM "Memory"
      WHERE "id" = ${memoryId} AND "projectId" = ${scope.projectId} AND "agentId" = ${scope.agentId}
        AND "endUserId" = ${scope.endUserId} AND NOT EXISTS (SELECT 1 FROM earlier)
      RETURNING "id"
    ), recorded AS (
      INSERT INTO "BuiltinWrite" ("generationId", "toolCallId", "transactionId", "result")
      SELECT ${source.generationId}, ${source.toolCallId}, ${FORGET_RECORD}, "id" FROM deleted
      ON CONFLICT DO NOTHING
    )
    SELECT EXISTS (SELECT 1 FROM earlier) OR EXISTS (SELECT 1 FROM deleted) AS "forgotten"`;
  return row?.forgotten === true;
}
