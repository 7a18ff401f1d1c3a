import { ApiError, unprocessable } from '../../contracts/errors.js';
import { generateRequestSchema, type PublicChatRequest } from '../../contracts/schemas/index.js';
import type { Agent, Generation } from '../../generated/prisma/client.js';
import type { AppContext } from '../context.js';
import { answerClarification } from '../../domain/answers/answer.js';
import { startGeneration } from '../generations/start.js';
import { turnAwaitingClarification } from '../sessions/clarify-resume.js';

/**
 * One public-chat turn = one generation (or the continuation of the session's generation paused
 * on agent_clarify). Which conversation a turn belongs to is decided in one place,
 * `resolveConversation`.
 */

export interface ConversationTurn {
  /**
   * The existing session the turn continues; null = a new session is opened (conversational agent)
   * or the turn is stateless. The reply carries the generation's own session id.
   */
  sessionId: string | null;
  /**
   * A generation of the session paused on agent_clarify: this turn's query is its answer (sent as
   * the answer_clarification update instead of starting a generation).
   */
  answersClarificationOf: string | null;
}

/** Every refusal of a visitor's session id looks the same: nothing tells whether it exists elsewhere. */
const unknownSession = () =>
  new ApiError(404, 'not_found', 'No such conversation for this agent key', { path: 'body.sessionId' });

/** A busy session, told without generation ids or the internal status. */
const sessionBusy = () =>
  new ApiError(
    409,
    'session_busy',
    'This conversation is still answering the previous message; send this one once that answer is complete',
  );

/**
 * The conversation of a turn. Sessions belong to the agent key that opened them: a `sessionId`
 * continues a session only when it was opened through public chat with this agent's current key
 * (any other session, of this or another agent or project, or opened through the API, is a 404
 * that says nothing more). A non-conversational agent keeps no conversations, so a `sessionId` is
 * refused (422) rather than ignored. When the session's turn waits on agent_clarify, this turn
 * answers it.
 */
export async function resolveConversation(
  ctx: AppContext,
  agent: Agent,
  request: PublicChatRequest,
): Promise<ConversationTurn> {
  if (request.sessionId === undefined) return { sessionId: null, answersClarificationOf: null };
  if (!agent.conversational)
    throw unprocessable('This agent is not conversational: each message stands alone, send it without sessionId', {
      path: 'body.sessionId',
    });
  const session = await ctx.db.session.findFirst({
    where: {
      id: request.sessionId,
      projectId: agent.projectId,
      agentId: agent.id,
      publicChatKeyPrefix: agent.publicKeyPrefix ?? '',
    },
    select: { id: true },
  });
  if (!session || !agent.publicKeyPrefix) throw unknownSession();
  const paused = await turnAwaitingClarification(ctx.db, agent.projectId, agent.id, session.id);
  return { sessionId: session.id, answersClarificationOf: paused?.id ?? null };
}

export interface RunningTurn {
  generation: Generation;
  /** The session the turn belongs to (null: stateless). */
  sessionId: string | null;
  /** Events and state versions after these belong to this turn (non-zero when a paused generation resumed). */
  afterSeq: number;
  afterVersion: number;
}

/**
 * Runs the turn: answers the session's pending clarification with the query, or starts a new
 * generation with the query as its prompt (started through public chat, by no API key). A
 * conversational agent's first message opens a session recorded with the agent key's prefix.
 */
export async function runTurn(
  ctx: AppContext,
  agent: Agent,
  request: PublicChatRequest,
  turn: ConversationTurn,
): Promise<RunningTurn> {
  if (turn.answersClarificationOf) {
    const paused = await ctx.db.generation.findUniqueOrThrow({ where: { id: turn.answersClarificationOf } });
    // The visitor's request waits for the answer to the turn.
    await answerClarification(ctx, paused, { answer: request.query }, 'public_chat', { callerWaits: true }).catch(
      (err: unknown) => {
        // Answered meanwhile by another message (or an operator): the turn is busy, not failed.
        if (err instanceof ApiError && err.status === 409) throw sessionBusy();
        throw err;
      },
    );
    return {
      generation: paused,
      sessionId: turn.sessionId,
      afterSeq: paused.eventSeq,
      afterVersion: paused.stateVersion,
    };
  }
  const body = generateRequestSchema.parse({
    prompt: request.query,
    ...(turn.sessionId ? { sessionId: turn.sessionId } : {}),
    // Public chat never waits for or stops a turn, whatever the agent's multitaskStrategy
    // (docs/public-chat.md, docs/double-texting.md).
    multitaskStrategy: 'reject',
  });
  try {
    const { generation } = await startGeneration(
      ctx,
      {
        projectId: agent.projectId,
        keyId: null,
        channel: 'public_chat',
        publicChatKeyPrefix: agent.publicKeyPrefix,
        // No key's policy: the session is this visitor's own (resolveConversation admits no other).
        policy: null,
      },
      agent.id,
      body,
      undefined,
    );
    return { generation, sessionId: generation.sessionId, afterSeq: 0, afterVersion: 0 };
  } catch (err) {
    if (err instanceof ApiError && err.code === 'session_busy') throw sessionBusy();
    // The session was deleted between the check and the start.
    if (err instanceof ApiError && err.status === 404 && turn.sessionId) throw unknownSession();
    throw err;
  }
}
