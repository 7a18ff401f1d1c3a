import { notImplemented } from '../../contracts/errors.js';
import { generateRequestSchema, type PublicChatRequest } from '../../contracts/schemas/index.js';
import type { Agent, Generation } from '../../generated/prisma/client.js';
import type { AppContext } from '../context.js';
import { answerClarificationUpdate } from '../../workflows/definitions.js';
import { mapUpdateError } from '../generations/resume.js';
import { startGeneration } from '../generations/start.js';

/**
 * One public-chat turn = one generation. Which conversation a turn belongs to is decided in one
 * place, `resolveConversation`, so sessions plug in there: it will create or join the session
 * (per agent key) and tell whether the turn answers a pending clarification.
 */

export interface ConversationTurn {
  /** The session the turn belongs to (returned to the visitor); null = a stateless turn. */
  sessionId: string | null;
  /**
   * A generation of the session paused on agent_clarify: this turn's query is its answer (sent as
   * the answer_clarification update instead of starting a generation). Needs sessions.
   */
  answersClarificationOf: string | null;
}

/**
 * Sessions are not implemented yet: a turn with a sessionId, or for a conversational agent, is
 * refused (422 not_implemented) rather than silently answered without its history.
 */
export async function resolveConversation(
  _ctx: AppContext,
  agent: Agent,
  request: PublicChatRequest,
): Promise<ConversationTurn> {
  const refused = [
    ...(request.sessionId !== undefined ? ['body.sessionId'] : []),
    ...(agent.conversational ? ['agent.conversational'] : []),
  ];
  if (refused.length) throw notImplemented(refused);
  return { sessionId: null, answersClarificationOf: null };
}

export interface RunningTurn {
  generation: Generation;
  /** Events and state versions after these belong to this turn (non-zero when a paused generation resumed). */
  afterSeq: number;
  afterVersion: number;
}

/**
 * Runs the turn: answers the session's pending clarification with the query, or starts a new
 * generation with the query as its prompt (started through public chat, by no API key).
 */
export async function runTurn(
  ctx: AppContext,
  agent: Agent,
  request: PublicChatRequest,
  turn: ConversationTurn,
): Promise<RunningTurn> {
  if (turn.answersClarificationOf) {
    const paused = await ctx.db.generation.findUniqueOrThrow({ where: { id: turn.answersClarificationOf } });
    await ctx.temporal.workflow
      .getHandle(paused.id)
      .executeUpdate(answerClarificationUpdate, { args: [{ answer: request.query, answeredBy: 'public_chat' }] })
      .catch(mapUpdateError);
    return { generation: paused, afterSeq: paused.eventSeq, afterVersion: paused.stateVersion };
  }
  const body = generateRequestSchema.parse({ prompt: request.query });
  const { generation } = await startGeneration(
    ctx,
    { projectId: agent.projectId, keyId: null, channel: 'public_chat' },
    agent.id,
    body,
    undefined,
  );
  return { generation, afterSeq: 0, afterVersion: 0 };
}
