import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { ClaimedAnswer } from '../../contracts/generation/index.js';
import { hotQuery, sql } from '../../infra/db/hot-sql.js';
import type { Db } from '../../infra/db/prisma.js';
import { pauseAnsweredSignal } from '../../workflows/definitions.js';
import { answersFromRows, notWaiting, type ClaimedRow } from './claims.js';

/**
 * The signal of a claimed answer (docs/adr/0041). The claim is the answer's durable commit; the
 * signal tells the workflow, which takes each answer once however often it is sent. So the rows
 * are an outbox: marked signalled once Temporal has the signal, and sent again by the API's
 * reconciler while they are not (the API died between the two, or Temporal was unreachable).
 */

/** How long a claimed answer is left to the request that claimed it before the reconciler signals it. */
export const RESIGNAL_AFTER_MS = 30_000;

/** Sends `answer` to its generation's workflow and marks it signalled. A workflow that is gone drops it and is a 409. */
export async function signalAnswer(deps: { db: Db; temporal: Client }, generationId: string, answer: ClaimedAnswer) {
  try {
    await deps.temporal.workflow.getHandle(generationId).signal(pauseAnsweredSignal, answer);
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) {
      await hotQuery(deps.db, sql`DELETE FROM "PauseAnswer" WHERE "answerId" = ${answer.answerId}`);
      throw notWaiting('an answer: it has finished');
    }
    throw err;
  }
  await hotQuery(
    deps.db,
    sql`UPDATE "PauseAnswer" SET "signalledAt" = now() AT TIME ZONE 'UTC'
        WHERE "answerId" = ${answer.answerId} AND "signalledAt" IS NULL`,
  );
}

/**
 * Signals the claimed answers nobody signalled within `olderThanMs`; returns how many it sent.
 * An answer whose workflow is gone is dropped.
 */
export async function signalUnsentAnswers(
  deps: { db: Db; temporal: Client; logger: { warn: (obj: object, msg: string) => void } },
  olderThanMs = RESIGNAL_AFTER_MS,
): Promise<number> {
  const rows = await hotQuery<ClaimedRow>(
    deps.db,
    sql`SELECT "generationId", "pauseVersion", "key", "answerId", "kind", "payload", "answeredBy" FROM "PauseAnswer"
        WHERE "answerId" IN (
          SELECT "answerId" FROM "PauseAnswer"
          WHERE "signalledAt" IS NULL
            AND "createdAt" < (now() AT TIME ZONE 'UTC') - make_interval(secs => ${olderThanMs / 1000}::double precision)
          ORDER BY "createdAt" LIMIT 100)
        ORDER BY "answerId", "key"`,
  );
  let sent = 0;
  const generationOf = new Map(rows.map((r) => [r.answerId, r.generationId]));
  for (const answer of answersFromRows(rows)) {
    const generationId = generationOf.get(answer.answerId)!;
    try {
      await signalAnswer(deps, generationId, answer);
      sent += 1;
    } catch (err) {
      deps.logger.warn({ err, generationId }, 'reconciler could not signal a claimed answer');
    }
  }
  return sent;
}
