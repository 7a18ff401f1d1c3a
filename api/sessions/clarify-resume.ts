import type { Generation } from '../../generated/prisma/client.js';
import type { Db } from '../../infra/db/prisma.js';
import { activeTurn } from '../../infra/sessions/turns.js';

/**
 * The session's turn that is paused on `agent_clarify`, if any: the next generate on the session
 * answers its question instead of starting a turn. The session must be the key's and the agent's
 * (otherwise the normal start path gives the 404/422).
 */
export async function turnAwaitingClarification(
  db: Db,
  projectId: string,
  agentId: string,
  sessionId: string,
): Promise<Generation | null> {
  const session = await db.session.findFirst({ where: { id: sessionId, projectId, agentId }, select: { id: true } });
  if (!session) return null;
  const turn = await activeTurn(db, session.id);
  const action = turn?.requiredAction as { type?: string } | null | undefined;
  return turn?.status === 'requires_action' && action?.type === 'answer_clarification' ? turn : null;
}
