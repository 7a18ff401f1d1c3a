import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { ClaimedAnswer } from '../../contracts/generation/index.js';
import { hotQuery, sql } from '../../infra/db/hot-sql.js';
import type { Db } from '../../infra/db/prisma.js';
import { pauseAnsweredSignal, pauseAnsweredUpdate } from '../../workflows/definitions.js';
import { answersFromRows, notWaiting, type ClaimedRow } from './claims.js';

/**
 * Delivering a claimed answer to its workflow (docs/adr/0041). The claim is the answer's durable
 * commit and where it was checked; delivery only tells the workflow, which takes each answer once
 * however often, and by whichever way, it arrives. The rows are an outbox: marked once Temporal
 * has the answer, and sent again by the reconciler while they are not.
 *
 * Two ways, each for a reason the benchmark measured:
 * - a **signal** when nobody waits for the generation (async, streams, platform actions, the
 *   reconciler): durable once the server has it, no reply to wait for;
 * - an **update** when the caller waits for the generation to settle: the server hands it to the
 *   worker in a workflow task it has not written to history yet, which a signal's task must be
 *   first. Resume after tool outputs: 50 → 38 ms p50 on the benchmark machine (docs/performance.md).
 *   An update is durable only once its task completes; until then the claim row stays unmarked, so
 *   an update lost with a worker and the server is sent again, as a signal: at once when the
 *   update fails, by the reconciler if this process is gone too.
 */

/** How long a claimed answer is left to the request that claimed it before the reconciler sends it. */
export const RESIGNAL_AFTER_MS = 30_000;

const markSent = (db: Db, answerId: string) =>
  hotQuery(
    db,
    sql`UPDATE "PauseAnswer" SET "signalledAt" = now() AT TIME ZONE 'UTC'
        WHERE "answerId" = ${answerId} AND "signalledAt" IS NULL`,
  ).then(() => undefined);

/**
 * Sends `answer` to its generation's workflow; a workflow that is gone drops it and is a 409.
 * Resolves once the answer is on its way, with `sent`: when it is marked sent (the request need not
 * wait for that; a mark that never lands only makes the reconciler send it again).
 */
export async function deliverAnswer(
  deps: { db: Db; temporal: Client },
  generationId: string,
  answer: ClaimedAnswer,
  opts: { callerWaits: boolean },
): Promise<{ sent: Promise<void> }> {
  const handle = deps.temporal.workflow.getHandle(generationId);
  if (opts.callerWaits) {
    const sent = handle
      .executeUpdate(pauseAnsweredUpdate, { args: [answer], updateId: answer.answerId })
      .catch(async (err: unknown) => {
        // Refused while the run's task is retried, timed out, or lost: the signal path, at once.
        if (err instanceof WorkflowNotFoundError) throw err;
        await handle.signal(pauseAnsweredSignal, answer);
      })
      .then(() => markSent(deps.db, answer.answerId));
    return { sent };
  }
  try {
    await handle.signal(pauseAnsweredSignal, answer);
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) {
      await hotQuery(deps.db, sql`DELETE FROM "PauseAnswer" WHERE "answerId" = ${answer.answerId}`);
      throw notWaiting('an answer: it has finished');
    }
    throw err;
  }
  return { sent: markSent(deps.db, answer.answerId) };
}

/**
 * Signals the claimed answers nobody sent within `olderThanMs`; returns how many it sent. An
 * answer whose workflow is gone is dropped.
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
      await (
        await deliverAnswer(deps, generationId, answer, { callerWaits: false })
      ).sent;
      sent += 1;
    } catch (err) {
      deps.logger.warn({ err, generationId }, 'reconciler could not signal a claimed answer');
    }
  }
  return sent;
}
