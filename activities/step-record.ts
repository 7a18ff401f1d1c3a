import type { StepEntry } from '../contracts/schemas/index.js';
import { hotQuery, notifySelect, sql } from '../infra/db/hot-sql.js';
import type { Db } from '../infra/db/prisma.js';
import type { ChangeFeed, FeedChange } from '../infra/events/change-feed.js';
import { insertEvents, type StreamEventType } from './event-log.js';
import type { StoredMessage } from './generation-store.js';

/**
 * What one activity of a step records: a conversation message, stream events, trace entries and,
 * for a model call, the generation's progress.
 */
export interface StepRecord {
  generationId: string;
  /** The message and its seq; null when it is already recorded (a re-run). */
  message: { seq: number; content: StoredMessage } | null;
  events: Array<{ type: StreamEventType; data: Record<string, unknown>; key: string }>;
  traces: Array<{ key: string; order: number; entry: Omit<StepEntry, 'at'> }>;
  progress?: { iterationCount: number; promptTokens: number; completionTokens: number };
}

/**
 * A step record in one statement (data-modifying CTEs: all of it or nothing, one round trip). Every
 * row is keyed, so a re-run rewrites the same rows: messages and trace entries are overwritten,
 * an event already written is kept. Event ids are taken under the generation row's lock like every
 * other event. With `change`, listeners are woken by a NOTIFY in the same statement (sent when it
 * commits), or by the feed afterwards when it is not PostgreSQL's.
 */
export async function writeStepRecord(
  db: Db,
  feed: ChangeFeed,
  r: StepRecord,
  change: FeedChange | null,
): Promise<void> {
  const notify = change ? feed.inline(r.generationId, change) : null;
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
  const message = r.message;
  const progress = r.progress ?? null;
  await hotQuery(
    db,
    sql`
    WITH message AS (
      INSERT INTO "GenerationMessage" ("generationId", "key", "seq", "role", "content", "createdAt")
      SELECT ${r.generationId}, ${String(message?.seq ?? -1)}, ${message?.seq ?? -1}, ${message?.content.role ?? 'tool'},
             ${JSON.stringify(message?.content ?? null)}::jsonb, now()
      WHERE ${message !== null}
      ON CONFLICT ("generationId", "key") DO UPDATE SET "role" = EXCLUDED."role", "content" = EXCLUDED."content"
    ), generation AS (
      UPDATE "Generation"
      SET "eventSeq" = "eventSeq" + ${n},
          "iterationCount" = COALESCE(${progress?.iterationCount ?? null}::int, "iterationCount"),
          "promptTokens" = COALESCE(${progress?.promptTokens ?? null}::int, "promptTokens"),
          "completionTokens" = COALESCE(${progress?.completionTokens ?? null}::int, "completionTokens"),
          "updatedAt" = CASE WHEN ${progress !== null} THEN now() ELSE "updatedAt" END
      WHERE "id" = ${r.generationId}
      RETURNING "eventSeq"
    ), events AS (
      ${insertEvents(r.generationId, r.events, 'generation')}
    ), traces AS (
      INSERT INTO "GenerationStep" ("generationId", "key", "seq", "step", "type", "data", "createdAt")
      SELECT ${r.generationId}, t.value->>'key', (t.value->>'seq')::bigint, (t.value->>'step')::int, t.value->>'type', t.value->'data', now()
      FROM jsonb_array_elements(${traces}::jsonb) AS t(value)
      ON CONFLICT ("generationId", "key") DO UPDATE
      SET "seq" = EXCLUDED."seq", "step" = EXCLUDED."step", "type" = EXCLUDED."type", "data" = EXCLUDED."data"
    )
    ${notifySelect(notify)}`,
  );
  if (change && !notify) await feed.publish(r.generationId, change);
}
