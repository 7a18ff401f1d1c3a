import type { StepEntry } from '../contracts/schemas/index.js';
import type { Db } from '../infra/db/prisma.js';
import { eventRows, type StreamEventType } from './event-log.js';
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

export async function replyState(
  db: Pick<Db, '$queryRaw'>,
  generationId: string,
  replySeq: number,
): Promise<ReplyState> {
  const reply = String(replySeq);
  const rows = await db.$queryRaw<
    Array<{ content: unknown; lastChunk: number | null; lastReset: number | null; resets: number }>
  >`
    SELECT
      (SELECT "content" FROM "GenerationMessage" WHERE "generationId" = ${generationId} AND "key" = ${reply}) AS "content",
      max("seq") FILTER (WHERE "type" = 'chunk') AS "lastChunk",
      max("seq") FILTER (WHERE "type" = 'reset') AS "lastReset",
      (count(*) FILTER (WHERE "type" = 'reset'))::int AS "resets"
    FROM "GenerationEvent"
    WHERE "generationId" = ${generationId} AND "type" IN ('chunk', 'reset') AND "data"->>'replySeq' = ${reply}`;
  const row = rows[0];
  const content = (row?.content ?? null) as StoredMessage | null;
  const lastChunk = row?.lastChunk ?? null;
  return {
    recorded: content?.role === 'assistant' ? content : null,
    unresetChunkSeq: lastChunk !== null && lastChunk > (row?.lastReset ?? -1) ? lastChunk : null,
    resets: row?.resets ?? 0,
  };
}

/** What a model call records once its reply is known. */
export interface ReplyRecord {
  generationId: string;
  replySeq: number;
  /** The assistant message; null when it is already recorded (a re-run). */
  message: StoredMessage | null;
  events: Array<{ type: StreamEventType; data: Record<string, unknown>; key: string }>;
  traces: Array<{ key: string; order: number; entry: Omit<StepEntry, 'at'> }>;
  progress: { iterationCount: number; promptTokens: number; completionTokens: number };
}

/**
 * The reply's writes in one statement: the assistant message, its tool_call events, its think/act
 * trace entries and the generation's progress. Every part is keyed, so a re-run rewrites the same
 * rows; event ids are taken under the generation row's lock like every other event.
 */
export async function recordReply(db: Pick<Db, '$executeRaw'>, r: ReplyRecord): Promise<void> {
  const at = new Date().toISOString();
  const traces = JSON.stringify(
    r.traces.map((t) => ({
      key: t.key,
      seq: t.order,
      step: t.entry.step,
      type: t.entry.type,
      data: { ...t.entry, at },
    })),
  );
  const n = r.events.length;
  const { iterationCount, promptTokens, completionTokens } = r.progress;
  await db.$executeRaw`
    WITH message AS (
      INSERT INTO "GenerationMessage" ("generationId", "key", "seq", "role", "content", "createdAt")
      SELECT ${r.generationId}, ${String(r.replySeq)}, ${r.replySeq}, 'assistant', ${JSON.stringify(r.message)}::jsonb, now()
      WHERE ${r.message !== null}
      ON CONFLICT ("generationId", "key") DO UPDATE SET "role" = EXCLUDED."role", "content" = EXCLUDED."content"
    ), generation AS (
      UPDATE "Generation"
      SET "eventSeq" = "eventSeq" + ${n}, "iterationCount" = ${iterationCount}, "promptTokens" = ${promptTokens},
          "completionTokens" = ${completionTokens}, "updatedAt" = now()
      WHERE "id" = ${r.generationId}
      RETURNING "eventSeq"
    ), events AS (
      INSERT INTO "GenerationEvent" ("generationId", "seq", "type", "key", "data", "createdAt")
      SELECT ${r.generationId}, generation."eventSeq" - ${n} + e.ordinal, e.value->>'type', e.value->>'key', e.value->'data', now()
      FROM generation, jsonb_array_elements(${eventRows(r.generationId, r.events)}::jsonb) WITH ORDINALITY AS e(value, ordinal)
      ON CONFLICT ("generationId", "key") DO NOTHING
    )
    INSERT INTO "GenerationStep" ("generationId", "key", "seq", "step", "type", "data", "createdAt")
    SELECT ${r.generationId}, t.value->>'key', (t.value->>'seq')::bigint, (t.value->>'step')::int, t.value->>'type', t.value->'data', now()
    FROM jsonb_array_elements(${traces}::jsonb) AS t(value)
    ON CONFLICT ("generationId", "key") DO UPDATE
    SET "seq" = EXCLUDED."seq", "step" = EXCLUDED."step", "type" = EXCLUDED."type", "data" = EXCLUDED."data"`;
}
