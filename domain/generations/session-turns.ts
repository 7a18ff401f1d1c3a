import { ApiError, notFound, unprocessable } from '../../contracts/errors.js';
import { newId } from '../../contracts/ids.js';
import type { GenerateRequest } from '../../contracts/schemas/index.js';
import type { Agent } from '../../generated/prisma/client.js';
import type { Policy } from '../../contracts/schemas/policy.js';
import type { Db } from '../../infra/db/prisma.js';
import type { SessionMemory } from '../../contracts/snapshot.js';
import type { ConversationFacts } from './context.js';
import { activeTurn, lockSession } from '../../infra/sessions/turns.js';
import { checkSessionTurn } from './session-access.js';
import {
  decideDoubleText,
  type BusyTurn,
  type MultitaskStrategy,
  type TurnStop,
} from '../../contracts/generation/double-texting.js';

type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

/** Which session a new generation joins: an existing one (`sessionId`) or a new one (conversational agent). */
export interface SessionChoice {
  sessionId: string;
  create: boolean;
  /** The caller's key of a session to open (generate's sessionKey). */
  externalKey?: string;
  /** With externalKey: the caller's policy, checked should a concurrent first turn open that session first. */
  policy?: Policy | null;
}

/** Where the generation stands in its session: its turn number and whether it waits for a busy one. */
export interface TurnPlacement {
  sessionId: string;
  turn: number;
  waiting: boolean;
  /** The generation this turn stops (interrupt, rollback): the caller asks Temporal to cancel it. */
  stops?: string;
}

/**
 * The session of the request, checked against the key's project, the agent and the caller's policy
 * (`checkSessionTurn`; null: the caller's own session, public chat) before anything is written.
 */
export async function chooseSession(
  db: Db,
  projectId: string,
  agent: Agent,
  body: GenerateRequest,
  policy: Policy | null,
): Promise<SessionChoice | null> {
  if (body.sessionId && body.sessionKey)
    throw unprocessable('Give sessionId or sessionKey, not both', { path: 'body.sessionKey' });
  if (body.sessionKey !== undefined) {
    // Only a conversational agent keeps sessions: a key for another would name a conversation
    // nothing continues.
    if (!agent.conversational)
      throw unprocessable(`Agent ${agent.id} is not conversational: a sessionKey names no conversation of it`, {
        path: 'body.sessionKey',
      });
    const keyed = await db.session.findFirst({
      where: { projectId, agentId: agent.id, externalKey: body.sessionKey },
      select: { id: true },
    });
    // Opening a session needs only the generate right: nothing of anyone's is read or changed.
    if (!keyed) return { sessionId: newId('session'), create: true, externalKey: body.sessionKey, policy };
    return chooseSession(db, projectId, agent, { ...body, sessionId: keyed.id, sessionKey: undefined }, policy);
  }
  if (body.sessionId) {
    const session = await db.session.findFirst({ where: { id: body.sessionId, projectId } });
    if (!session) throw notFound('Session');
    if (session.agentId !== agent.id)
      throw unprocessable(`Session ${session.id} belongs to another agent`, { path: 'body.sessionId' });
    checkSessionTurn(policy, projectId, agent.id, session.id);
    // A session is one conversation with one end user: its history holds what the memory tools
    // returned for that end user, so a turn for another one (or a change to or from none) would
    // show them someone else's memories (docs/memory.md).
    const endUser = await sessionEndUser(db, session.id);
    if (endUser !== undefined && endUser !== (body.endUserId ?? null))
      throw unprocessable(`Session ${session.id} is a conversation with another end user`, { path: 'body.endUserId' });
    return { sessionId: session.id, create: false };
  }
  return agent.conversational ? { sessionId: newId('session'), create: true } : null;
}

/**
 * The end user of a session's turns (the first turn's endUserId; every later one was checked
 * against it), null when they have none, undefined when the session has no turn left.
 */
async function sessionEndUser(db: Db, sessionId: string): Promise<string | null | undefined> {
  const [first] = await db.$queryRaw<Array<{ endUserId: string | null }>>`
    SELECT "snapshot"->>'endUserId' AS "endUserId" FROM "Generation"
    WHERE "sessionId" = ${sessionId} ORDER BY "sessionTurn" ASC LIMIT 1`;
  return first ? first.endUserId : undefined;
}

/**
 * Takes the next turn of the session inside the transaction that stores the generation. A busy
 * session (a turn running, paused, or others already waiting) refuses with 409 naming the turn in
 * the way, or places the generation behind it (arrival order = turn order), stopping the turn in
 * progress first for interrupt and rollback: the request's multitask strategy, decided by
 * decideDoubleText (docs/double-texting.md).
 */
export async function placeTurn(
  tx: Tx,
  choice: SessionChoice,
  owner: { projectId: string; agentId: string; publicChatKeyPrefix?: string | null },
  strategy: MultitaskStrategy,
): Promise<TurnPlacement> {
  if (choice.create && choice.externalKey !== undefined) {
    // Two first turns with one key at once: the second finds the first's session and queues or
    // is refused behind it, as any turn of a busy session.
    const opened = await tx.session.createMany({
      data: [{ id: choice.sessionId, ...owner, externalKey: choice.externalKey, turnCount: 1 }],
      skipDuplicates: true,
    });
    if (opened.count === 1) return { sessionId: choice.sessionId, turn: 1, waiting: false };
    const keyed = await tx.session.findFirstOrThrow({
      where: { projectId: owner.projectId, agentId: owner.agentId, externalKey: choice.externalKey },
      select: { id: true },
    });
    // Now a turn of someone else's session: thrown here, the transaction stores nothing.
    checkSessionTurn(choice.policy ?? null, owner.projectId, owner.agentId, keyed.id);
    return placeTurn(tx, { sessionId: keyed.id, create: false }, owner, strategy);
  }
  if (choice.create) {
    await tx.session.create({ data: { id: choice.sessionId, ...owner, turnCount: 1 } });
    return { sessionId: choice.sessionId, turn: 1, waiting: false };
  }
  await lockSession(tx, choice.sessionId);
  const decision = decideDoubleText(
    strategy,
    choice.sessionId,
    await activeTurnFacts(tx, choice.sessionId),
    (await tx.generation.count({ where: { sessionId: choice.sessionId, status: 'queued', waitingForTurn: true } })) > 0,
  );
  if (decision.kind === 'refuse') {
    const active = await activeTurn(tx, choice.sessionId);
    throw new ApiError(
      409,
      decision.code,
      decision.message,
      active ? { generationId: active.id, status: active.status } : undefined,
    );
  }
  if (decision.kind === 'wait' && decision.stop) {
    // Written with this turn's row, in one transaction: the stop is durable before anything asks
    // Temporal, and the API's reconciler repeats the cancel of a stop that was never requested.
    await tx.generation.update({
      where: { id: decision.stop.generationId },
      data: { multitaskStop: decision.stop.as },
    });
  }
  const session = await tx.session.update({
    where: { id: choice.sessionId },
    data: { turnCount: { increment: 1 } },
    select: { turnCount: true },
  });
  return {
    sessionId: choice.sessionId,
    turn: session.turnCount,
    waiting: decision.kind === 'wait',
    ...(decision.kind === 'wait' && decision.stop ? { stops: decision.stop.generationId } : {}),
  };
}

/**
 * The session's active turn as decideDoubleText needs it. Its row is locked too: an at_most_once
 * call's start mark (activities' markCallStarted) takes a share lock on it and re-reads the stop,
 * so a rollback and a call's start cannot both go through.
 */
async function activeTurnFacts(tx: Tx, sessionId: string): Promise<BusyTurn | null> {
  const active = await activeTurn(tx, sessionId);
  if (!active) return null;
  await tx.$queryRaw`SELECT id FROM "Generation" WHERE id = ${active.id} FOR UPDATE`;
  const attempts = await tx.toolCallAttempt.findMany({
    where: { generationId: active.id },
    select: { toolCallId: true },
    orderBy: { startedAt: 'asc' },
  });
  return {
    generationId: active.id,
    status: active.status,
    stopping: (active.multitaskStop as TurnStop | null) ?? null,
    atMostOnceCalls: attempts.map((a) => a.toolCallId),
  };
}

/** Cancels a generation still waiting for its turn, its session's or its project's (no workflow exists for it yet). */
export async function cancelWaitingTurn(db: Db, generationId: string): Promise<void> {
  await db.generation.updateMany({
    where: { id: generationId, status: 'queued', waitingForTurn: true },
    data: {
      status: 'cancelled',
      stopReason: 'cancelled',
      waitingForTurn: false,
      completedAt: new Date(),
      stateVersion: 1_000_000,
    },
  });
}

/** The `conversation` context facts of a placed turn, read in the transaction that placed it. */
export async function conversationFacts(
  tx: Tx,
  placement: TurnPlacement,
  memory: SessionMemory | null | undefined,
): Promise<ConversationFacts> {
  const session = await tx.session.findUniqueOrThrow({
    where: { id: placement.sessionId },
    select: { createdAt: true },
  });
  const previous = await tx.generation.findFirst({
    where: { sessionId: placement.sessionId, sessionTurn: { lt: placement.turn } },
    orderBy: { sessionTurn: 'desc' },
    select: { createdAt: true },
  });
  return {
    turn: placement.turn,
    sessionStartedAt: session.createdAt,
    previousTurnAt: previous?.createdAt ?? null,
    lastK: memory?.strategy === 'last_k' && memory.k !== undefined ? memory.k : null,
  };
}
