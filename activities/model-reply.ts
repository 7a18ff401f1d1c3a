import { hotQuery, notifySelect, sql } from '../infra/db/hot-sql.js';
import type { Db } from '../infra/db/prisma.js';
import type { ChangeFeed } from '../infra/events/change-feed.js';
import type { ConversationCache } from './conversation-cache.js';
import { insertEvents, type StreamEventType } from './event-log.js';
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
  /** The conversation before the reply (what the model is sent). */
  history: StoredMessage[];
  /** A user message is stored where the reply goes: an earlier execution applied steering messages there. */
  steeredBefore: boolean;
  /** Steering messages waiting for the generation's next model call (docs/steering.md). */
  steeringPending: number;
}

/** Stream events a model call appends as it starts (its step's start, the last step's end). */
export type StartEvents = Array<{ type: StreamEventType; data: Record<string, unknown>; key: string }>;

/**
 * One round trip as a model call starts: appends `events` (woken listeners: a NOTIFY in the same
 * statement, or the feed afterwards), and reads the reply state and the conversation before it.
 * Of the conversation, every row's seq and version are read, and the content only of the rows
 * `cache` does not hold in that version.
 */
export async function replyState(
  db: Db,
  feed: ChangeFeed,
  cache: ConversationCache,
  generationId: string,
  replySeq: number,
  events: StartEvents,
): Promise<ReplyState> {
  const reply = String(replySeq);
  const n = events.length;
  const notify = n > 0 ? feed.inline(generationId, 'events') : null;
  const known = cache.known(generationId, replySeq);
  const rows = await hotQuery<{
    content: unknown;
    history: Array<{ seq: number; version: string; sent: boolean; content: StoredMessage | null }>;
    notified: number;
    lastChunk: number | null;
    lastReset: number | null;
    resets: number;
    steeringPending: number;
  }>(
    db,
    sql`
    WITH next AS (
      UPDATE "Generation" SET "eventSeq" = "eventSeq" + ${n} WHERE "id" = ${generationId} AND ${n}::int > 0 RETURNING "eventSeq"
    ), appended AS (
      ${insertEvents(generationId, events, 'next')}
    ), notified AS (
      ${notifySelect(notify)}
    )
    SELECT
      (SELECT "content" FROM "GenerationMessage" WHERE "generationId" = ${generationId} AND "key" = ${reply}) AS "content",
      (SELECT coalesce(json_agg(json_build_object(
          'seq', m."seq", 'version', m."xmin"::text, 'sent', k."seq" IS NULL,
          'content', CASE WHEN k."seq" IS NULL THEN m."content" END
        ) ORDER BY m."seq"), '[]'::json)
        FROM "GenerationMessage" m
        LEFT JOIN unnest(${known.map((m) => m.seq)}::int[], ${known.map((m) => m.version)}::text[]) AS k("seq", "version")
          ON k."seq" = m."seq" AND k."version" = m."xmin"::text
        WHERE m."generationId" = ${generationId} AND m."seq" < ${replySeq}) AS "history",
      (SELECT count(*) FROM notified)::int AS "notified",
      (SELECT count(*) FROM "SteeringMessage" WHERE "generationId" = ${generationId} AND "status" = 'pending')::int AS "steeringPending",
      max("seq") FILTER (WHERE "type" = 'chunk') AS "lastChunk",
      max("seq") FILTER (WHERE "type" = 'reset') AS "lastReset",
      (count(*) FILTER (WHERE "type" = 'reset'))::int AS "resets"
    FROM "GenerationEvent"
    WHERE "generationId" = ${generationId} AND "type" IN ('chunk', 'reset') AND "data"->>'replySeq' = ${reply}`,
  );
  if (n > 0 && !notify) await feed.publish(generationId, 'events');
  const row = rows[0];
  const content = (row?.content ?? null) as StoredMessage | null;
  const lastChunk = row?.lastChunk ?? null;
  return {
    recorded: content?.role === 'assistant' ? content : null,
    steeredBefore: content?.role === 'user',
    steeringPending: row?.steeringPending ?? 0,
    unresetChunkSeq: lastChunk !== null && lastChunk > (row?.lastReset ?? -1) ? lastChunk : null,
    resets: row?.resets ?? 0,
    history: cache.merge(generationId, known, row?.history ?? []),
  };
}
