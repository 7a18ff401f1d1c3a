import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { ClaimedToolOutputsInput } from '../../contracts/generation/index.js';
import { hotQuery, sql } from '../../infra/db/hot-sql.js';
import type { Db } from '../../infra/db/prisma.js';
import { updateReturningView } from '../../infra/db/generation-view.js';
import type { GenerationView } from '../../contracts/schemas/index.js';
import { claimedToolOutputsSignal } from '../../workflows/definitions.js';

/**
 * Claims on a tool-output pause's answer (docs/adr/0037), in the generation row's `answerClaim`.
 * A complete answer is claimed (kind `signal`) in one conditional statement and then signalled:
 * the claim makes it the pause's only answer, so the API can refuse every other one without asking
 * the workflow. Answers sent as updates (partial ones, synchronous ones) first mark the pause
 * (kind `update`): from then on the workflow's validator decides every answer of that pause.
 * The write that leaves the pause clears the claim.
 */
export type AnswerClaim = { kind: 'signal'; signal: ClaimedToolOutputsInput } | { kind: 'update' };

/**
 * Claims `signal` as the answer of the pause it names: the generation's view as of the claim
 * (read in the same statement) when the row was still open at that state version with no claim,
 * so this answer is the pause's one; null otherwise.
 */
export async function claimSignalledAnswer(
  db: Db,
  generationId: string,
  signal: ClaimedToolOutputsInput,
): Promise<GenerationView | null> {
  const claim: AnswerClaim = { kind: 'signal', signal };
  return updateReturningView(
    db,
    generationId,
    sql`UPDATE "Generation" SET "answerClaim" = ${JSON.stringify(claim)}::jsonb, "answerClaimedAt" = now()
        WHERE "id" = ${generationId} AND "status" = 'requires_action' AND "stateVersion" = ${signal.seenStateVersion}::int
          AND "answerClaim" IS NULL`,
  );
}

/**
 * Marks the generation's pause as answered through updates, unless a signalled answer holds it:
 * then that claim is returned and the update must not be sent.
 */
export async function claimForUpdate(db: Db, generationId: string): Promise<AnswerClaim | null> {
  const marked = await hotQuery<{ id: string }>(
    db,
    sql`UPDATE "Generation" SET "answerClaim" = '{"kind":"update"}'::jsonb
        WHERE "id" = ${generationId} AND ("answerClaim" IS NULL OR "answerClaim"->>'kind' = 'update')
        RETURNING "id"`,
  );
  if (marked.length) return null;
  // A statement of its own: it sees the claim that kept the row from being marked.
  const [row] = await hotQuery<{ answerClaim: AnswerClaim | null }>(
    db,
    sql`SELECT "answerClaim" FROM "Generation" WHERE "id" = ${generationId}`,
  );
  return row?.answerClaim ?? null;
}

/** The signal of a claimed answer has reached Temporal: it is no longer due to be sent again. */
export async function markClaimSignalled(db: Db, generationId: string, answerId: string): Promise<void> {
  await hotQuery(
    db,
    sql`UPDATE "Generation" SET "answerClaimedAt" = NULL
        WHERE "id" = ${generationId} AND "answerClaim"->'signal'->>'answerId' = ${answerId}`,
  );
}

/** Drops a claimed answer whose workflow is gone: nothing is left to take it. */
export async function dropClaim(db: Db, generationId: string, answerId: string): Promise<void> {
  await hotQuery(
    db,
    sql`UPDATE "Generation" SET "answerClaim" = NULL, "answerClaimedAt" = NULL
        WHERE "id" = ${generationId} AND "answerClaim"->'signal'->>'answerId' = ${answerId}`,
  );
}

/**
 * Signals a claimed answer and marks it signalled. A workflow that is gone drops the claim and
 * rethrows; any other failure leaves the claim due, for the reconciler to send again.
 */
export async function signalClaimedAnswer(
  deps: { db: Db; temporal: Client },
  generationId: string,
  signal: ClaimedToolOutputsInput,
): Promise<void> {
  try {
    await deps.temporal.workflow.getHandle(generationId).signal(claimedToolOutputsSignal, signal);
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) await dropClaim(deps.db, generationId, signal.answerId);
    throw err;
  }
  await markClaimSignalled(deps.db, generationId, signal.answerId);
}

/** How long a claimed answer is left to the request that claimed it before the reconciler signals it. */
export const RESIGNAL_AFTER_MS = 30_000;

/**
 * Sends the signals of claimed answers that never reached Temporal (the API died between the claim
 * and the signal, or Temporal was unreachable). The workflow takes an answer once, whatever how
 * often it is sent. Returns how many it sent.
 */
export async function signalUnsentClaims(
  deps: { db: Db; temporal: Client; logger: { warn: (obj: object, msg: string) => void } },
  olderThanMs = RESIGNAL_AFTER_MS,
): Promise<number> {
  const due = await hotQuery<{ id: string; answerClaim: AnswerClaim }>(
    deps.db,
    sql`SELECT "id", "answerClaim" FROM "Generation"
        WHERE "answerClaimedAt" < now() - make_interval(secs => ${olderThanMs / 1000}::double precision)
        ORDER BY "answerClaimedAt" LIMIT 100`,
  );
  let sent = 0;
  for (const { id, answerClaim } of due) {
    if (answerClaim.kind !== 'signal') continue;
    try {
      await signalClaimedAnswer(deps, id, answerClaim.signal);
      sent += 1;
    } catch (err) {
      deps.logger.warn({ err, generationId: id }, 'reconciler could not signal a claimed answer');
    }
  }
  return sent;
}
