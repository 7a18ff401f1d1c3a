import { hotQuery, sql } from '../infra/db/hot-sql.js';
import type { Db } from '../infra/db/prisma.js';
import type { StoredMessage } from './generation-store.js';

/**
 * What an earlier execution of a model call left behind, read in one query before the call: the
 * reply it recorded (the call is then not made again) and the chunks it streamed since the last
 * `reset` of that reply (clients must then discard them). Any execution may be a re-run: a retry
 * after a provider error, or a local activity run again after the worker died before its workflow
 * task completed (local activities have no history event until then, and restart at attempt 1).
 */
export interface ReplyState {
  recorded: StoredMessage | null;
  /** Seq of the last chunk of this reply streamed after its last reset; null when there is none. */
  unresetChunkSeq: number | null;
  /** Resets already sent for this reply. */
  resets: number;
}

export async function replyState(db: Db, generationId: string, replySeq: number): Promise<ReplyState> {
  const reply = String(replySeq);
  const rows = await hotQuery<{ content: unknown; lastChunk: number | null; lastReset: number | null; resets: number }>(
    db,
    sql`
    SELECT
      (SELECT "content" FROM "GenerationMessage" WHERE "generationId" = ${generationId} AND "key" = ${reply}) AS "content",
      max("seq") FILTER (WHERE "type" = 'chunk') AS "lastChunk",
      max("seq") FILTER (WHERE "type" = 'reset') AS "lastReset",
      (count(*) FILTER (WHERE "type" = 'reset'))::int AS "resets"
    FROM "GenerationEvent"
    WHERE "generationId" = ${generationId} AND "type" IN ('chunk', 'reset') AND "data"->>'replySeq' = ${reply}`,
  );
  const row = rows[0];
  const content = (row?.content ?? null) as StoredMessage | null;
  const lastChunk = row?.lastChunk ?? null;
  return {
    recorded: content?.role === 'assistant' ? content : null,
    unresetChunkSeq: lastChunk !== null && lastChunk > (row?.lastReset ?? -1) ? lastChunk : null,
    resets: row?.resets ?? 0,
  };
}
