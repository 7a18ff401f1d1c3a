import { traceOrder, type ModelCallInput } from '../contracts/generation/index.js';
import { steeringLimits, type SteeringLimits } from '../domain/steering-limits.js';
import { hotQuery, sql } from '../infra/db/hot-sql.js';
import type { Db } from '../infra/db/prisma.js';
import type { ChangeFeed } from '../infra/events/change-feed.js';
import type { ReplyState } from './model-reply.js';
import { writeStepRecord, type StepRecord } from './step-record.js';

/**
 * Steering messages (docs/steering.md) are applied by the step's model call, before its reply:
 * the rows waiting in PostgreSQL, in ordinal order, become the user messages at `seq`, `seq + 1`,
 * …, with a `user_message` trace entry and stream event each, and are marked applied at this step
 * in the same statement. Returns how many; the reply is stored after them.
 *
 * At most one batch (`steeringLimits`: the pending caps) is loaded, so this local activity on the
 * shared workflow worker holds a bounded amount whatever is pending; the rest waits for the next
 * step. A step applies at most one batch: a later round of the same call (after a summary) applies
 * none, so the rows applied at a step are exactly what one execution stored at one seq range.
 *
 * The model call's first statement already counted the waiting rows (`ReplyState`), so a step
 * with none makes no statement here. A call run again (a retry, a worker killed mid-call) finds
 * what its first execution stored: the user messages where its reply goes (counted again, not
 * applied again: the count of rows applied at this step, that execution's batch), or its reply
 * (nothing is applied: the messages wait for the next step).
 */
export async function steeringBefore(
  db: Db,
  feed: ChangeFeed,
  input: Pick<ModelCallInput, 'generationId' | 'step'>,
  state: Pick<ReplyState, 'recorded' | 'steeredBefore' | 'steeringPending'>,
  seq: number,
  limits: SteeringLimits = steeringLimits,
): Promise<number> {
  const { generationId, step } = input;
  if (state.recorded) return 0;
  if (state.steeredBefore)
    return db.steeringMessage.count({ where: { generationId, status: 'applied', appliedAtStep: step } });
  if (state.steeringPending === 0) return 0;
  const rows = await nextBatch(db, generationId, step, limits);
  if (rows.length === 0) return 0;
  const record: StepRecord = { generationId, messages: [], events: [], traces: [] };
  for (const [i, row] of rows.entries()) {
    const at = seq + i;
    const shown = { step, messageId: row.id, clientMessageId: row.clientMessageId, content: row.content };
    record.messages.push({ seq: at, content: { role: 'user', content: row.content } });
    record.events.push({ type: 'user_message', data: shown, key: `user_message:${row.id}` });
    record.traces.push({
      key: `user_message:${row.id}`,
      order: traceOrder.userMessage(step, at),
      entry: { step, type: 'user_message', messageId: row.id, text: row.content },
    });
  }
  // Timestamps are UTC without a zone, as Prisma writes them. The generation's pending counters
  // (the API's caps) go down by what this statement marked, none when a concurrent one did first.
  record.also = sql`applied AS (
      UPDATE "SteeringMessage" SET "status" = 'applied', "appliedAtStep" = ${step}::int, "appliedAt" = now() AT TIME ZONE 'UTC'
      WHERE "generationId" = ${generationId} AND "status" = 'pending'
        AND "id" IN (SELECT jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.id))}::jsonb))
      RETURNING octet_length("content") AS "bytes"
    ), `;
  record.generationSet = sql`,
          "steeringPendingCount" = greatest(g."steeringPendingCount" - (SELECT count(*) FROM applied)::int, 0),
          "steeringPendingBytes" = greatest(g."steeringPendingBytes" - (SELECT coalesce(sum("bytes"), 0) FROM applied)::int, 0)`;
  await writeStepRecord(db, feed, record, 'events');
  return rows.length;
}

/**
 * The first pending rows by ordinal, as many as fit the limits (always one, so a run moves on
 * whatever the limits), and none when rows were applied at this step already.
 */
async function nextBatch(
  db: Db,
  generationId: string,
  step: number,
  limits: SteeringLimits,
): Promise<Array<{ id: string; content: string; clientMessageId: string | null }>> {
  return hotQuery(
    db,
    sql`WITH firsts AS (
      SELECT "id", "content", "clientMessageId", "ordinal" FROM "SteeringMessage"
      WHERE "generationId" = ${generationId} AND "status" = 'pending'
        AND NOT EXISTS (
          SELECT 1 FROM "SteeringMessage"
          WHERE "generationId" = ${generationId} AND "status" = 'applied' AND "appliedAtStep" = ${step}::int
        )
      ORDER BY "ordinal" LIMIT ${limits.messages}::int
    ), sized AS (
      SELECT *, row_number() OVER w AS "n", sum(octet_length("content")) OVER w AS "total"
      FROM firsts WINDOW w AS (ORDER BY "ordinal" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
    )
    SELECT "id", "content", "clientMessageId" FROM sized
    WHERE "n" = 1 OR "total" <= ${limits.bytes}::bigint
    ORDER BY "ordinal"`,
  );
}
