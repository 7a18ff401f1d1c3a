import type { StatusWrite } from '../contracts/generation/index.js';
import type { Db } from '../infra/db/prisma.js';
import type { ChangeFeed, FeedChange } from '../infra/events/change-feed.js';
import { writeStepRecord, type RecordedEvent } from './step-record.js';

/** The stream events a status write shows: `start` for the first, the pause for `requires_action`. */
export function statusEvents(write: StatusWrite, sessionId: string | null): RecordedEvent[] {
  const { iterationCount: step, requiredAction: action } = write;
  const events: RecordedEvent[] = [];
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
 * What a status write tells the change feed: a move to `running` cannot settle the generation, so
 * waiters for a settled state sleep through it (streams still read it).
 */
export function statusChange(write: StatusWrite): FeedChange {
  return write.status === 'running' ? 'events' : 'state';
}

/** A status write alone, in one statement (see `StepRecord.status`): the state, its events, the NOTIFY. */
export async function writeStatusRecord(
  db: Db,
  feed: ChangeFeed,
  write: StatusWrite,
  sessionId: string | null,
): Promise<void> {
  await writeStepRecord(
    db,
    feed,
    {
      generationId: write.generationId,
      messages: [],
      events: [],
      traces: [],
      status: { write, events: statusEvents(write, sessionId) },
    },
    statusChange(write),
  );
}
