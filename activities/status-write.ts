import type { StatusWrite } from '../contracts/generation/index.js';
import { hotQuery, notifySelect, sql } from '../infra/db/hot-sql.js';
import type { Db } from '../infra/db/prisma.js';
import type { ChangeFeed } from '../infra/events/change-feed.js';
import { insertEvents, type StreamEventType } from './event-log.js';

/** The stream events a status write shows: `start` for the first, the pause for `requires_action`. */
function statusEvents(
  write: StatusWrite,
  sessionId: string | null,
): Array<{ type: StreamEventType; data: Record<string, unknown>; key: string }> {
  const { iterationCount: step, requiredAction: action } = write;
  const events: Array<{ type: StreamEventType; data: Record<string, unknown>; key: string }> = [];
  if (write.status === 'running' && write.stateVersion === 1) {
    events.push({ type: 'start', data: { step: 0, ...(sessionId ? { sessionId } : {}) }, key: 'start' });
  }
  if (write.status === 'requires_action' && action) {
    if (action.type === 'answer_clarification') {
      events.push({
        type: 'clarification_requested',
        data: { step, clarification: action.clarification },
        key: `clarification:${action.clarification.toolCallId}`,
      });
    }
    events.push({
      type: 'requires_action',
      data: { step, status: 'requires_action', requiredAction: action },
      key: `requires_action:${write.stateVersion}`,
    });
  }
  return events;
}

/**
 * A status write in one statement: the state (only forward: a retried older write never
 * overwrites a newer state), the events it shows (keyed) and the NOTIFY. Nothing is written when
 * the state is not newer, so a retry of a write that committed adds nothing.
 */
export async function writeStatusRecord(
  db: Db,
  feed: ChangeFeed,
  write: StatusWrite,
  sessionId: string | null,
): Promise<void> {
  const { generationId, iterationCount: step, requiredAction: action } = write;
  const events = statusEvents(write, sessionId);
  const notify = feed.inline(generationId, 'state');
  await hotQuery(
    db,
    sql`
    WITH moved AS (
      UPDATE "Generation"
      SET "status" = ${write.status}, "requiredAction" = ${action === null ? null : JSON.stringify(action)}::jsonb,
          "iterationCount" = ${step}, "stateVersion" = ${write.stateVersion},
          "answeredUpdateId" = ${write.answeredUpdateId ?? null}::text,
          "eventSeq" = "eventSeq" + ${events.length}, "updatedAt" = now()
      WHERE "id" = ${generationId} AND "stateVersion" < ${write.stateVersion}
      RETURNING "eventSeq"
    ), events AS (
      ${insertEvents(generationId, events, 'moved')}
    )
    ${notifySelect(notify)}`,
  );
  if (!notify) await feed.publish(generationId);
}
