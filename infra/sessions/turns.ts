import type { Generation } from '../../generated/prisma/client.js';
import type { Db } from '../db/prisma.js';

/**
 * One turn at a time per session. A turn is active while its generation is `running`,
 * `requires_action` or `queued` and handed to Temporal (`waitingForTurn` false); a generation
 * queued behind it (`queue: true`) waits with `waitingForTurn` true. A new turn is placed under
 * its project's row lock and then its session's (`SELECT … FOR UPDATE`); a finished turn's release
 * takes the project's lock (infra/generations/waiting.ts), so the two never both see an idle session.
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
