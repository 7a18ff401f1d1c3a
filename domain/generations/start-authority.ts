import type { Generation, Prisma } from '../../generated/prisma/client.js';
import type { Db } from '../../infra/db/prisma.js';
import { authorityNow, generateRight, type AuthorityRefusal } from '../deferred-authority.js';

/**
 * A stored generation that starts later than its request — released from waiting for a slot or
 * its session's turn, or started by the reconciler — starts only while the key it was created with
 * still stands and may generate on the agent (docs/security.md, "Deferred work"). Children are
 * started by their parent (checked when created), public-chat turns have no key.
 */
export async function mayStartNow(db: Db, g: Generation): Promise<boolean> {
  if (g.createdByKeyId === null || g.parentGenerationId !== null) return true;
  const authority = await authorityNow(
    db,
    { projectId: g.projectId, keyId: g.createdByKeyId },
    generateRight(g.projectId, g.agentId),
  );
  if (authority.ok) return true;
  await failUnstarted(db, { id: g.id }, authority);
  return false;
}

/**
 * Fails stored generations that never started (no workflow: `queued`), with the refusal as their
 * error. `where` narrows them further: one generation, or a revoked key's waiting ones.
 */
export async function failUnstarted(
  db: Db,
  where: Prisma.GenerationWhereInput,
  refusal: AuthorityRefusal,
): Promise<number> {
  const { count } = await db.generation.updateMany({
    where: { ...where, status: 'queued' },
    data: {
      status: 'failed',
      stopReason: 'error',
      error: { code: refusal.code, message: `Not started: ${refusal.message}` },
      waitingForTurn: false,
      completedAt: new Date(),
      // Past any version a workflow could write (as a cancelled waiting turn).
      stateVersion: 1_000_000,
    },
  });
  return count;
}
