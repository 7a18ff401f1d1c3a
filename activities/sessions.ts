import { mayStartNow } from '../domain/generations/start-authority.js';
import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { Db } from '../infra/db/prisma.js';
import type { SessionMemory } from '../contracts/snapshot.js';
import type { Generation } from '../generated/prisma/client.js';
import { DEFAULT_PROJECT_MAX_RUNNING_GENERATIONS, startWaiting } from '../infra/generations/waiting.js';
import { activeTurn } from '../infra/sessions/turns.js';
import { startGenerationWorkflow } from '../infra/temporal/generation-start.js';
import type { SessionPlace, StoredMessage } from './generation-store.js';
import { sessionHistory, type SessionTurnMessages } from './session-history.js';

/**
 * How the worker starts the generations that waited for their turn (a session's, a slot of the
 * project) when one settles; absent, the API's reconciler does it.
 */
export interface TurnStarter {
  client: Client;
  taskQueue: string;
  /** PROJECT_MAX_RUNNING_GENERATIONS (docs/adr/0050). */
  maxRunningGenerations?: number;
}

/** Session reads and writes of the activities: a turn's history, and handing the turn on. */
export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly starter: TurnStarter | undefined,
    /** Crash tests: `startWaiting` is reached once a waiting generation is claimed, before its start. */
    private readonly crashPoint?: (reached: string) => void,
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
   * After a generation settles: starts what waited for it, the oldest first while its project has
   * free slots (its session's next turn among them), in one statement when nobody waits. Safe to
   * repeat (a retried activity): each claim is taken under the project's lock and a second start of
   * the same workflow id is refused by Temporal.
   */
  async releaseAfter(generationId: string, sessionId: string | null): Promise<void> {
    const starter = this.starter;
    if (!starter) return;
    const start = async (next: Generation) => {
      // Released later than its request: its key must still stand (a refused row fails, unstarted).
      if (!(await mayStartNow(this.db, next))) return;
      this.crashPoint?.('startWaiting');
      try {
        await startGenerationWorkflow(starter.client, starter.taskQueue, next);
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
    };
    const maxRunning = starter.maxRunningGenerations ?? DEFAULT_PROJECT_MAX_RUNNING_GENERATIONS;
    const started = await startWaiting(this.db, { generationId }, maxRunning, start);
    if (!sessionId) return;
    // A turn an earlier attempt claimed but could not start is started again here.
    const next = await activeTurn(this.db, sessionId);
    if (next && next.status === 'queued' && !started.includes(next.id)) await start(next);
  }
}
