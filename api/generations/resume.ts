import type { z } from 'zod';
import type { AnswerDelivery, Answered } from '../../domain/answers/answer.js';
import { answeredKeys } from '../../domain/answers/answer.js';
import type { GenerationView, generationSchema, RequiredAction } from '../../contracts/schemas/index.js';
import { loadGenerationView, type GenerationViewRow } from '../../infra/db/generation-view.js';
import type { AppContext } from '../context.js';
import type { Responded } from '../routing.js';
import { waitForSettled, waitedView } from './wait.js';

/** How an answering request waits (domain/answers/delivery.ts): for the generation, unless async or streamed. */
export function answerDelivery(body: { async: boolean; stream?: boolean }): AnswerDelivery {
  return { callerWaits: !body.async && body.stream !== true };
}

/** The `reply` of a route whose responses are generations (200 settled, 202 still running). */
export type GenerationReply = (status: number, body: z.input<typeof generationSchema>) => Responded;

/** 200 with the generation once it settles past `afterVersion`, else 202 with its state at the deadline. */
export async function replyWhenSettled(
  ctx: AppContext,
  reply: GenerationReply,
  generationId: string,
  afterVersion: number,
  waitSeconds: number,
  extra: Record<string, unknown> = {},
): Promise<Responded> {
  const waited = await waitForSettled(ctx.db, ctx.feed, generationId, afterVersion, waitSeconds * 1000);
  const view = await waitedView(ctx.db, waited);
  const { settled } = waited;
  return reply(settled ? 200 : 202, { ...view, ...extra });
}

/** What a pause's required action still waits for: its call ids, approval ids or question. */
function pendingKeys(requiredAction: unknown): string[] {
  const action = requiredAction as RequiredAction | null;
  if (action?.type === 'submit_tool_outputs') return action.toolCalls.map((c) => c.toolCallId);
  if (action?.type === 'approve_tool_calls') return action.approvals.map((a) => a.approvalId);
  if (action?.type === 'answer_clarification') return [action.clarification.toolCallId];
  return [];
}

/** How long a partial answer waits for the workflow to show what is still pending (read-your-writes). */
const PARTIAL_ANSWER_WAIT_SECONDS = 10;

/**
 * What a request that answered a paused generation (tool outputs, an approval decision, a
 * clarification) shows. An answer that leaves something of the pause pending, or whose caller
 * waits, is shown from the row once the workflow has taken it: settled, and no longer waiting for
 * what this request answered. A complete answer from a caller that does not wait is shown at once,
 * as the generation was, running.
 */
export async function viewAfterAnswer(
  ctx: AppContext,
  projectId: string,
  answered: Answered,
  body: { async: boolean; waitSeconds: number },
  receivedAt: number,
): Promise<{ settled: boolean; view: GenerationView }> {
  const { generation: g, claim } = answered;
  const mine = new Set(answeredKeys(claim.answers));
  const completes = pendingKeys(g.requiredAction).every((k) => mine.has(k));
  if (body.async && completes) {
    const view = await loadGenerationView(ctx.db, projectId, g.id);
    return { settled: false, view: { ...view!, status: 'running', requiredAction: null } };
  }
  // The wait counts from the request's arrival.
  const leftSeconds = Math.max(0, body.waitSeconds - (Date.now() - receivedAt) / 1000);
  const waitSeconds = body.async ? PARTIAL_ANSWER_WAIT_SECONDS : leftSeconds;
  const taken = (row: GenerationViewRow) =>
    row.status !== 'requires_action' ||
    row.pauseVersion !== g.pauseVersion ||
    !pendingKeys(row.requiredAction).some((k) => mine.has(k));
  const waited = await waitForSettled(ctx.db, ctx.feed, g.id, g.stateVersion, waitSeconds * 1000, { accept: taken });
  return { settled: waited.settled, view: await waitedView(ctx.db, waited) };
}

/** The REST reply to an answer: 200 once settled after it, else 202 (see `viewAfterAnswer`). */
export async function replyAfterAnswer(
  ctx: AppContext,
  reply: GenerationReply,
  projectId: string,
  answered: Answered,
  body: { async: boolean; waitSeconds: number },
  receivedAt: number,
): Promise<Responded> {
  const { settled, view } = await viewAfterAnswer(ctx, projectId, answered, body, receivedAt);
  return reply(settled ? 200 : 202, view);
}
