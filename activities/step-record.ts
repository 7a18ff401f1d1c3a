import type { StatusWrite } from '../contracts/generation/index.js';
import type { StepEntry } from '../contracts/schemas/index.js';
import { hotQuery, notifySelect, sql, type SqlQuery } from '../infra/db/hot-sql.js';
import type { Db } from '../infra/db/prisma.js';
import type { ChangeFeed, FeedChange } from '../infra/events/change-feed.js';
import { eventRows, type StreamEventType } from './event-log.js';
import type { StoredMessage } from './generation-store.js';

export type RecordedEvent = { type: StreamEventType; data: Record<string, unknown>; key: string };

/**
 * What one activity records: conversation messages, stream events, trace entries and, for a model
 * call, the generation's progress; for a write that enters or leaves a pause, the status write.
 */
export interface StepRecord {
  generationId: string;
  /** Messages by seq; none when they are already recorded (a re-run). */
  messages: Array<{ seq: number; content: StoredMessage }>;
  events: RecordedEvent[];
  traces: Array<{ key: string; order: number; entry: Omit<StepEntry, 'at'> }>;
  progress?: { iterationCount: number; promptTokens: number; completionTokens: number };
  /**
   * Applied only forward, as every status write: a retried older write never overwrites a newer
   * state, and the events it shows are written only when it moves the state.
   */
  status?: { write: StatusWrite; events: RecordedEvent[] };
  /** More data-modifying CTEs of the same statement (`name AS (…)`, comma-separated, none last). */
  also?: SqlQuery;
  /**
   * More assignments of the generation row's update (`, "column" = …`; `g` is the row), which may
   * read `also`: a row can be updated only once in a statement.
   */
  generationSet?: SqlQuery;
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
  const messages = JSON.stringify(r.messages.map((m) => ({ seq: m.seq, content: m.content })));
  const progress = r.progress ?? null;
  const write = r.status?.write ?? null;
  // The record's own events first, then the status write's (kept only when it moves the state).
  const n = r.events.length;
  const k = r.status?.events.length ?? 0;
  const events = eventRows(r.generationId, [...r.events, ...(r.status?.events ?? [])]);
  // Without a status write the statement neither locks the row first nor compares versions.
  const moves = write ? sql`b."stateVersion" < ${write.stateVersion}::int` : sql`false`;
  const before = write
    ? sql`before AS (
      SELECT "stateVersion" FROM "Generation" WHERE "id" = ${r.generationId} FOR UPDATE
    ), `
    : sql``;
  const fromBefore = write ? sql`FROM before b` : sql``;
  await hotQuery(
    db,
    sql`
    WITH ${r.also ?? sql``}message AS (
      INSERT INTO "GenerationMessage" ("generationId", "key", "seq", "role", "content", "createdAt")
      SELECT ${r.generationId}, m.value->>'seq', (m.value->>'seq')::int, m.value->'content'->>'role', m.value->'content', now()
      FROM jsonb_array_elements(${messages}::jsonb) AS m(value)
      ON CONFLICT ("generationId", "key") DO UPDATE SET "role" = EXCLUDED."role", "content" = EXCLUDED."content"
    ), ${before}generation AS (
      UPDATE "Generation" g
      SET "eventSeq" = g."eventSeq" + ${n} + CASE WHEN ${moves} THEN ${k} ELSE 0 END,
          "status" = CASE WHEN ${moves} THEN ${write?.status ?? null}::text ELSE g."status" END,
          "requiredAction" = CASE WHEN ${moves} THEN ${write?.requiredAction ? JSON.stringify(write.requiredAction) : null}::jsonb ELSE g."requiredAction" END,
          "stateVersion" = CASE WHEN ${moves} THEN ${write?.stateVersion ?? null}::int ELSE g."stateVersion" END,
          "pauseVersion" = CASE WHEN ${moves} THEN ${write?.pauseVersion ?? null}::int ELSE g."pauseVersion" END,
          "iterationCount" = CASE WHEN ${moves} THEN ${write?.iterationCount ?? null}::int
                                  ELSE COALESCE(${progress?.iterationCount ?? null}::int, g."iterationCount") END,
          "promptTokens" = COALESCE(${progress?.promptTokens ?? null}::int, g."promptTokens"),
          "completionTokens" = COALESCE(${progress?.completionTokens ?? null}::int, g."completionTokens"),
          "updatedAt" = CASE WHEN ${progress !== null}::boolean OR ${moves} THEN now() ELSE g."updatedAt" END
          ${r.generationSet ?? sql``}
      ${fromBefore}
      WHERE g."id" = ${r.generationId}
      RETURNING g."eventSeq", ${moves} AS "moved"
    ), events AS (
      INSERT INTO "GenerationEvent" ("generationId", "seq", "type", "key", "data", "createdAt")
      SELECT ${r.generationId}, generation."eventSeq" - ${n} - CASE WHEN generation."moved" THEN ${k} ELSE 0 END + e.ordinal,
             e.value->>'type', e.value->>'key', e.value->'data', now()
      FROM generation, jsonb_array_elements(${events}::jsonb) WITH ORDINALITY AS e(value, ordinal)
      WHERE e.ordinal <= ${n} OR generation."moved"
      ON CONFLICT ("generationId", "key") DO NOTHING
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
