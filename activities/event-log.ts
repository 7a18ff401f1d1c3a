import type { StreamEventType } from '../contracts/schemas/index.js';
import { hotQuery, notifySelect, sql, type SqlQuery } from '../infra/db/hot-sql.js';
import type { Db } from '../infra/db/prisma.js';
import type { ChangeFeed, FeedChange } from '../infra/events/change-feed.js';

export type { StreamEventType };

/**
 * The persisted event log of a generation, written by activities (never through workflow
 * history). Ids are handed out under the generation row's lock, so they increase strictly per
 * generation across workers; `key` makes an event from a retried activity land only once.
 * Every append wakes listeners (SSE streams, waiting requests) through the change feed.
 */
export class EventLog {
  constructor(
    private readonly db: Db,
    private readonly feed: ChangeFeed,
  ) {}

  /**
   * One event and its wake-up in one statement (the NOTIFY is sent when it commits). `change`:
   * `events` when the generation's state does not move with it (see FeedChange).
   */
  async append(
    generationId: string,
    type: StreamEventType,
    data: Record<string, unknown>,
    key: string | null = null,
    change: FeedChange = 'state',
  ): Promise<number | null> {
    const payload = JSON.stringify({ generationId, ...data });
    const notify = this.feed.inline(generationId, change);
    const rows = await hotQuery<{ seq: number | null }>(
      this.db,
      sql`
      WITH next AS (
        UPDATE "Generation" SET "eventSeq" = "eventSeq" + 1 WHERE "id" = ${generationId} RETURNING "eventSeq"
      ), appended AS (
        INSERT INTO "GenerationEvent" ("generationId", "seq", "type", "key", "data", "createdAt")
        SELECT ${generationId}, next."eventSeq", ${type}, ${key}::text, ${payload}::jsonb, now() FROM next
        ON CONFLICT ("generationId", "key") DO NOTHING
        RETURNING "seq"
      ), notified AS (
        ${notifySelect(notify)}
      )
      SELECT (SELECT "seq" FROM appended) AS "seq", (SELECT count(*) FROM notified)::int AS "notified"`,
    );
    if (!notify) await this.feed.publish(generationId, change);
    return rows[0]?.seq ?? null;
  }

  /** Wakes listeners after events were inserted inside a transaction (once it committed). */
  async published(generationId: string, change: FeedChange = 'state'): Promise<void> {
    await this.feed.publish(generationId, change);
  }

  /** Inserts one event with `db` (the client or a transaction); nobody is woken. */
  static async insert(
    db: Pick<Db, '$queryRaw'>,
    generationId: string,
    type: StreamEventType,
    data: Record<string, unknown>,
    key: string | null,
  ): Promise<number | null> {
    const payload = JSON.stringify({ generationId, ...data });
    const rows = await db.$queryRaw<Array<{ seq: number }>>`
      WITH next AS (
        UPDATE "Generation" SET "eventSeq" = "eventSeq" + 1 WHERE "id" = ${generationId} RETURNING "eventSeq"
      )
      INSERT INTO "GenerationEvent" ("generationId", "seq", "type", "key", "data", "createdAt")
      SELECT ${generationId}, next."eventSeq", ${type}, ${key}, ${payload}::jsonb, now() FROM next
      ON CONFLICT ("generationId", "key") DO NOTHING
      RETURNING "seq"`;
    return rows[0]?.seq ?? null;
  }
}

/** Events as the JSON array the batched inserts read (the stored data carries the generation id). */
export function eventRows(
  generationId: string,
  events: Array<{ type: StreamEventType; data: Record<string, unknown>; key: string | null }>,
): string {
  return JSON.stringify(events.map((e) => ({ type: e.type, key: e.key, data: { generationId, ...e.data } })));
}

/**
 * Coalesces model text deltas into `chunk` events (one write per ~40 ms or 512 characters rather
 * than one per token), preserving order; `flush()` writes what is left.
 */
export class ChunkWriter {
  private buffer = '';
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<unknown> = Promise.resolve();
  private error: unknown = undefined;

  constructor(
    private readonly log: EventLog,
    private readonly generationId: string,
    private readonly step: number,
    /** The message seq of the reply: a `reset` event names it, so clients drop exactly its chunks. */
    private readonly replySeq: number,
    private readonly intervalMs = 40,
  ) {}

  push(delta: string): void {
    this.buffer += delta;
    if (this.buffer.length >= 512) this.drain();
    else this.timer ??= setTimeout(() => this.drain(), this.intervalMs);
  }

  private drain(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.buffer) return;
    const delta = this.buffer;
    this.buffer = '';
    // The chain never rejects: a write failing (the database went away) is kept for flush(). A
    // rejection nobody awaits yet would be an unhandled rejection, which ends the worker process.
    this.writing = this.writing.then(() =>
      this.log
        .append(this.generationId, 'chunk', { step: this.step, replySeq: this.replySeq, delta }, null, 'events')
        .catch((err: unknown) => {
          this.error ??= err;
        }),
    );
  }

  /** Writes what is left; rejects with the first write error (the activity then fails and is retried). */
  async flush(): Promise<void> {
    this.drain();
    await this.writing;
    if (this.error !== undefined) throw this.error;
  }

  /**
   * Ends the stream without writing what is left: waits for the writes under way and returns the
   * chunk event of the text not written yet, for the reply's own record to write in its statement
   * (a short reply is then one write, not two). Rejects with the first write error, as flush()
   * does. One key per reply is enough: the event commits only with the reply's record, and a
   * recorded reply is never streamed again.
   */
  async rest(): Promise<{ type: 'chunk'; data: Record<string, unknown>; key: string } | null> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.writing;
    if (this.error !== undefined) throw this.error;
    const delta = this.buffer;
    this.buffer = '';
    if (!delta) return null;
    return {
      type: 'chunk',
      data: { step: this.step, replySeq: this.replySeq, delta },
      key: `chunk:${this.replySeq}:rest`,
    };
  }
}

/**
 * The INSERT of a batch of keyed events, for a data-modifying CTE: numbered after the `eventSeq`
 * that the CTE `seqFrom` returned (its UPDATE already added `events.length`); an event already
 * written is kept.
 */
export function insertEvents(
  generationId: string,
  events: Array<{ type: StreamEventType; data: Record<string, unknown>; key: string | null }>,
  seqFrom: 'finished' | 'next',
): SqlQuery {
  const from: SqlQuery = { text: seqFrom, values: [] };
  return sql`INSERT INTO "GenerationEvent" ("generationId", "seq", "type", "key", "data", "createdAt")
      SELECT ${generationId}, ${from}."eventSeq" - ${events.length} + e.ordinal, e.value->>'type', e.value->>'key', e.value->'data', now()
      FROM ${from}, jsonb_array_elements(${eventRows(generationId, events)}::jsonb) WITH ORDINALITY AS e(value, ordinal)
      ON CONFLICT ("generationId", "key") DO NOTHING`;
}
