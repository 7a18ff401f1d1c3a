import type { Generation } from '../../generated/prisma/client.js';
import type { Db } from '../db/prisma.js';

/**
 * One turn at a time per session. A turn is active while its generation is `running`,
 * `requires_action` or `queued` and handed to Temporal (`waitingForTurn` false); a generation
 * queued behind it (`queue: true`) waits with `waitingForTurn` true. Every decision about a
 * session's turns is taken under its row lock (`SELECT … FOR UPDATE`), so a new turn and the
 * release of a finished one never both see an idle session.
 */

export const ACTIVE_STATUSES = ['queued', 'running', 'requires_action'];

type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

/** Locks the session row for the rest of the transaction. */
export async function lockSession(tx: Tx, sessionId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "Session" WHERE id = ${sessionId} FOR UPDATE`;
}

/** The generation holding the session's turn (running, paused, or handed over and about to run). */
export async function activeTurn(tx: Tx | Db, sessionId: string): Promise<Generation | null> {
  return tx.generation.findFirst({
    where: { sessionId, status: { in: ACTIVE_STATUSES }, waitingForTurn: false },
    orderBy: { sessionTurn: 'asc' },
  });
}

/**
 * Hands the session's turn to the oldest waiting generation when no turn is active, and returns
 * it (its workflow is then started by the caller; until it is, the reconciler sees an ordinary
 * queued row). Null when the session is busy or nobody waits.
 */
export async function claimNextTurn(db: Db, sessionId: string): Promise<Generation | null> {
  return db.$transaction(async (tx) => {
    await lockSession(tx, sessionId);
    if (await activeTurn(tx, sessionId)) return null;
    const next = await tx.generation.findFirst({
      where: { sessionId, status: 'queued', waitingForTurn: true },
      orderBy: { sessionTurn: 'asc' },
    });
    if (!next) return null;
    return tx.generation.update({ where: { id: next.id }, data: { waitingForTurn: false } });
  });
}

/** Sessions with a waiting generation and no active turn (a release was missed: crash, failed start). */
export async function idleSessionsWithWaiters(db: Db, limit = 100): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ sessionId: string }>>`
    SELECT DISTINCT w."sessionId" FROM "Generation" w
    WHERE w."waitingForTurn" = true AND w.status = 'queued' AND w."sessionId" IS NOT NULL
      AND NOT EXISTS (
        SELECT 1 FROM "Generation" a
        WHERE a."sessionId" = w."sessionId" AND a."waitingForTurn" = false
          AND a.status IN ('queued', 'running', 'requires_action'))
    LIMIT ${limit}`;
  return rows.map((r) => r.sessionId);
}
