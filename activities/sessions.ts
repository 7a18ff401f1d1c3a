import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { Db } from '../infra/db/prisma.js';
import type { SessionMemory } from '../contracts/snapshot.js';
import { activeTurn, claimNextTurn } from '../infra/sessions/turns.js';
import { startGenerationWorkflow } from '../infra/temporal/generation-start.js';
import type { SessionPlace, StoredMessage } from './generation-store.js';
import { sessionHistory, type SessionTurnMessages } from './session-history.js';

/** How the worker starts the next turn of a session (absent: the API's reconciler does it). */
export interface TurnStarter {
  client: Client;
  taskQueue: string;
}

/** Session reads and writes of the activities: a turn's history, and handing the turn on. */
export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly starter: TurnStarter | undefined,
  ) {}

  /**
   * The earlier completed turns of a generation's session (its `place`) as the model sees them
   * (the agent's `memory` strategy applied); empty outside a session. Earlier turns are settled (one turn at a time),
   * so a retried model call reads the same history.
   */
  async historyFor(place: SessionPlace, memory: SessionMemory | null): Promise<StoredMessage[]> {
    const { sessionId, sessionTurn } = place;
    if (!sessionId || sessionTurn === null) return [];
    const earlier = await this.db.generation.findMany({
      // An interrupted turn keeps what it did; a rolled-back or cancelled one is left out.
      where: {
        sessionId,
        sessionTurn: { lt: sessionTurn },
        OR: [{ status: 'completed' }, { status: 'cancelled', multitaskStop: 'interrupted' }],
      },
      orderBy: { sessionTurn: memory?.strategy === 'last_k' ? 'desc' : 'asc' },
      ...(memory?.strategy === 'last_k' && memory.k !== undefined ? { take: memory.k } : {}),
      select: { id: true, sessionTurn: true },
    });
    if (earlier.length === 0) return [];
    const rows = await this.db.generationMessage.findMany({
      where: { generationId: { in: earlier.map((e) => e.id) } },
      orderBy: { seq: 'asc' },
      select: { generationId: true, content: true },
    });
    const turns: SessionTurnMessages[] = earlier.map((e) => ({
      turn: e.sessionTurn ?? 0,
      messages: rows.filter((r) => r.generationId === e.id).map((r) => r.content as unknown as StoredMessage),
    }));
    return sessionHistory(turns, memory);
  }

  /**
   * After a turn settles: hands the session's turn to the oldest waiting generation and starts its
   * workflow. Safe to repeat (a retried activity): the claim is taken under the session lock and a
   * second start of the same workflow id is refused by Temporal.
   */
  async releaseAfter(sessionId: string | null): Promise<void> {
    if (!sessionId || !this.starter) return;
    // A claim made by an earlier attempt whose start failed is started again here.
    const claimed = await claimNextTurn(this.db, sessionId);
    const next = claimed ?? (await activeTurn(this.db, sessionId));
    if (!next || next.status !== 'queued') return;
    try {
      await startGenerationWorkflow(this.starter.client, this.starter.taskQueue, next);
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
  }
}
