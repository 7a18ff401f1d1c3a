import { traceOrder, type ModelCallInput } from '../contracts/generation/index.js';
import { sql } from '../infra/db/hot-sql.js';
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
 * The model call's first statement already counted the waiting rows (`ReplyState`), so a step
 * with none makes no statement here. A call run again (a retry, a worker killed mid-call) finds
 * what its first execution stored: the user messages where its reply goes (counted again, not
 * applied again), or its reply (nothing is applied: the messages wait for the next step).
 */
export async function steeringBefore(
  db: Db,
  feed: ChangeFeed,
  input: Pick<ModelCallInput, 'generationId' | 'step'>,
  state: Pick<ReplyState, 'recorded' | 'steeredBefore' | 'steeringPending'>,
  seq: number,
): Promise<number> {
  const { generationId, step } = input;
  if (state.recorded) return 0;
  if (state.steeredBefore)
    return db.steeringMessage.count({ where: { generationId, status: 'applied', appliedAtStep: step } });
  if (state.steeringPending === 0) return 0;
  const rows = await db.steeringMessage.findMany({
    where: { generationId, status: 'pending' },
    select: { id: true, content: true, clientMessageId: true },
    orderBy: { ordinal: 'asc' },
  });
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
  // Timestamps are UTC without a zone, as Prisma writes them.
  record.also = sql`applied AS (
      UPDATE "SteeringMessage" SET "status" = 'applied', "appliedAtStep" = ${step}::int, "appliedAt" = now() AT TIME ZONE 'UTC'
      WHERE "generationId" = ${generationId} AND "status" = 'pending'
        AND "id" IN (SELECT jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.id))}::jsonb))
    ), `;
  await writeStepRecord(db, feed, record, 'events');
  return rows.length;
}
