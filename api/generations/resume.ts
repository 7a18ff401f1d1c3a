import { randomUUID } from 'node:crypto';
import {
  ServiceError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
} from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { z } from 'zod';
import type { AnswerDelivery } from '../../contracts/generation/index.js';
import { ApiError } from '../../contracts/errors.js';
import { loadGenerationView } from '../../infra/db/generation-view.js';
import { loadGenerationRow } from '../../infra/db/generation-row.js';
import type { GenerationView, generationSchema } from '../../contracts/schemas/index.js';
import type { Generation } from '../../generated/prisma/client.js';
import { updateRejection } from '../../workflows/definitions.js';
import type { AppContext } from '../context.js';
import { isDenied } from '../auth/policy.js';
import { found, type AuthInfo } from '../http.js';
import type { Responded } from '../routing.js';
import type { Db } from '../../infra/db/prisma.js';
import type { ChangeFeed } from '../../infra/events/change-feed.js';
import { waitForSettled, waitedView } from './wait.js';

/** The `reply` of a route whose responses are generations (200 settled, 202 still running). */
export type GenerationReply = (status: number, body: z.input<typeof generationSchema>) => Responded;

/**
 * 403 when the key's policy denies `action` on the agent `agentId`: requests addressed by a
 * generation (or approval) id are authorized on that resource first, and once the row is loaded
 * its agent's Deny statements apply too, so denying an agent denies its generations.
 */
export function checkAgentNotDenied(auth: AuthInfo, action: string, agentId: string): void {
  if (isDenied(auth.policy, action, `${auth.projectId}:agents/${agentId}`)) {
    throw new ApiError(403, 'forbidden', `This API key is not allowed to perform ${action} on agent ${agentId}`, {
      action,
    });
  }
}

/**
 * The generation in the key's project (and of `agentId` when given), or 404; 403 when the key is
 * denied `action` on the generation's agent.
 */
export async function findGeneration(
  ctx: Pick<AppContext, 'db'>,
  auth: AuthInfo,
  action: string,
  id: string,
  agentId?: string,
): Promise<Generation> {
  const g = found(await loadGenerationRow(ctx.db, id, auth.projectId, agentId), 'Generation');
  checkAgentNotDenied(auth, action, g.agentId);
  return g;
}

/**
 * The ids of the project's agents on which the key is denied `action`: lists leave out their rows
 * (generations, approvals) rather than refusing the whole list.
 */
export async function deniedAgentIds(ctx: AppContext, auth: AuthInfo, action: string): Promise<string[]> {
  if (!auth.policy.statements.some((s) => s.effect === 'Deny')) return [];
  const agents = await ctx.db.agent.findMany({ where: { projectId: auth.projectId }, select: { id: true } });
  return agents.filter((a) => isDenied(auth.policy, action, `${auth.projectId}:agents/${a.id}`)).map((a) => a.id);
}

/**
 * Whether the server refused an update because the workflow's last task failed or timed out (a
 * busy worker): nothing was admitted, and the task is retried by the server, so the update may be
 * sent again.
 */
function taskInFailedState(err: unknown): boolean {
  return (
    err instanceof ServiceError && /Workflow Task in failed state/i.test(String(err.cause?.message ?? err.message))
  );
}

/**
 * Sends an update, again while the workflow's task is being retried or while a busy worker has not
 * taken it within the server's call deadline (up to 8 retries, none started after 30 s). Every
 * attempt carries the same update id, so the server delivers a resent update once and answers the
 * resend with the first one's outcome.
 */
export async function sendUpdate<T>(send: (updateId: string) => Promise<T>): Promise<T> {
  const updateId = randomUUID();
  const giveUpAt = Date.now() + 30_000;
  for (let attempt = 0; ; attempt++) {
    try {
      return await send(updateId);
    } catch (err) {
      const retryable = taskInFailedState(err) || err instanceof WorkflowUpdateRPCTimeoutOrCancelledError;
      if (!retryable || attempt >= 8 || Date.now() > giveUpAt) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** attempt, 2000)));
    }
  }
}

/** How long an answer is sent again while its workflow re-opens the pause after a crash. */
const PAUSE_REOPEN_WAIT_MS = 30_000;

function pauseNotRecorded(err: unknown): boolean {
  return (
    err instanceof WorkflowUpdateFailedError &&
    err.cause instanceof ApplicationFailure &&
    err.cause.type === updateRejection.pauseNotRecorded
  );
}

/**
 * The state version the answer was checked against, when the database showed the pause open: the
 * workflow refuses the answer while it is behind it, re-running the step that opens the pause after
 * a crash (docs/adr/0023). Not given for a pause the database shows already left (`stillWaits`).
 */
export function seenPause(g: Pick<Generation, 'status' | 'stateVersion'>): AnswerDelivery {
  return g.status === 'requires_action' ? { seenStateVersion: g.stateVersion } : {};
}

/**
 * Sends an answer's update (through `sendUpdate`), and again, as a new update, while the workflow
 * refuses it because it is still re-opening the pause after a crash (docs/adr/0023): the re-run of
 * the step that opens it takes one workflow task once a worker has the run.
 */
export async function sendAnswer<T>(send: (updateId: string) => Promise<T>): Promise<T> {
  // Counted from the first refusal: the first send may itself have waited for a worker.
  let giveUpAt: number | null = null;
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendUpdate(send);
    } catch (err) {
      if (!pauseNotRecorded(err)) throw err;
      giveUpAt ??= Date.now() + PAUSE_REOPEN_WAIT_MS;
      if (Date.now() > giveUpAt) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 1000)));
    }
  }
}

/** How long a waiting answer watches its generation at most (the update's reply ends it sooner). */
const WATCH_LIMIT_MS = 15 * 60_000;

/** An answer's outcome when the generation was seen settled before Temporal replied (docs/adr/0026). */
export interface SettledFirst {
  stateVersion: number;
  settled: Awaited<ReturnType<typeof waitForSettled>>;
}

/**
 * What an answer led to: the workflow's state version and the calls still pending (with, for a
 * claimed answer, the view its claim read: docs/adr/0037), or the settled row seen first.
 */
export type AnswerOutcome = { stateVersion: number; pending?: unknown[]; claimedView?: GenerationView } | SettledFirst;

/**
 * Sends an answer (`sendAnswer`). When its caller waits (`callerWaits`: the leave-write is local,
 * docs/adr/0021), Temporal replies to the update only once the workflow task that ran the rest of
 * the step has completed; the generation's row settles before that. So the row is watched too,
 * and the answer is its settled state once that names one of this request's updates as the run's
 * last accepted answer (`answeredUpdateId`, docs/adr/0026). Otherwise (a rejected answer, another
 * caller's answer) the update's reply decides as before.
 */
export async function sendAnswerWatching<T>(
  deps: { db: Db; feed?: ChangeFeed },
  generation: Pick<Generation, 'id' | 'stateVersion'>,
  delivery: AnswerDelivery,
  send: (updateId: string) => Promise<T>,
): Promise<T | SettledFirst> {
  const { feed } = deps;
  if (!delivery.callerWaits || !feed) return sendAnswer(send);
  const sent = new Set<string>();
  const stop = new AbortController();
  const updating = sendAnswer((updateId) => {
    sent.add(updateId);
    return send(updateId);
  });
  const watching = waitForSettled(deps.db, feed, generation.id, generation.stateVersion, WATCH_LIMIT_MS, {
    answeredBy: sent,
    signal: stop.signal,
    // Only this request's update can settle it as the watch needs, and that is not sent yet.
    notYet: true,
  }).then(
    (settled) => (settled.settled ? settled : new Promise<never>(() => undefined)),
    // A failed watch leaves the answer to the update's reply.
    () => new Promise<never>(() => undefined),
  );
  try {
    return await Promise.race([
      updating,
      // Accepted and settled: the update's reply follows, unread (the race has handled it).
      watching.then((settled): SettledFirst => ({ stateVersion: generation.stateVersion, settled })),
    ]);
  } finally {
    stop.abort();
  }
}

/** Whether the workflow refused an update (its validator, or it has closed): nothing was changed. */
export function updateRejected(err: unknown): boolean {
  return (
    (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure) ||
    err instanceof WorkflowNotFoundError
  );
}

/**
 * The shortest synchronous wait for which an answer's leave-write runs as a local activity. Its
 * update is then answered when the workflow task completes: at the latest at the task's heartbeat,
 * 80% of the 10 s task timeout, so such a caller still gets its reply within its wait.
 */
export const LEAVE_LOCALLY_MIN_WAIT_SECONDS = 10;

/** How the answering request waits, as the workflow needs to know it (docs/adr/0021). */
export function answerDelivery(body: { async: boolean; waitSeconds: number; stream?: boolean }): AnswerDelivery {
  return { callerWaits: !body.async && !body.stream && body.waitSeconds >= LEAVE_LOCALLY_MIN_WAIT_SECONDS };
}

/** Update rejections from the workflow's validator → 409 / 422; a still-failed task → 503. */
export function mapUpdateError(err: unknown): never {
  if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure) {
    const { type, message } = err.cause;
    if (type === updateRejection.pauseNotRecorded)
      throw new ApiError(503, 'unavailable', `${message}; send the answer again`, undefined, { 'Retry-After': '1' });
    if (type === updateRejection.unknownToolCall) throw new ApiError(422, 'unprocessable', message);
    if (type === updateRejection.invalid) throw new ApiError(422, 'unprocessable', message);
    if (type === updateRejection.alreadyAnswered) throw new ApiError(409, 'conflict', message);
    if (type === updateRejection.notWaiting) throw new ApiError(409, 'generation_not_waiting', message);
    if (type === updateRejection.approvalNotFound) throw new ApiError(404, 'not_found', message);
    if (type === updateRejection.approvalDecided || type === updateRejection.approvalExpired)
      throw new ApiError(409, 'conflict', message);
    // Fail closed: a decision that does not match the pending call exactly is refused.
    if (type === updateRejection.approvalMismatch) throw new ApiError(409, 'conflict', message);
    if (type === updateRejection.questionMismatch) throw new ApiError(409, 'conflict', message);
  }
  if (err instanceof WorkflowNotFoundError)
    throw new ApiError(409, 'generation_not_waiting', 'The generation has already finished');
  if (taskInFailedState(err))
    throw new ApiError(503, 'unavailable', 'The generation is being recovered by its worker; send the answer again');
  if (err instanceof WorkflowUpdateRPCTimeoutOrCancelledError)
    throw new ApiError(
      503,
      'unavailable',
      "The generation's worker did not take the answer in time; send it again",
      undefined,
      {
        'Retry-After': '1',
      },
    );
  throw err;
}

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

/**
 * The answer to a request that resumed a paused generation (tool outputs, an approval decision, a
 * clarification): its calls still pending, 202 at once (async), or the generation once settled.
 */
export async function replyAfterResume(
  ctx: AppContext,
  reply: GenerationReply,
  projectId: string,
  generationId: string,
  update: AnswerOutcome,
  body: { async: boolean; waitSeconds: number },
  receivedAt: number,
): Promise<Responded> {
  if ('settled' in update) return reply(200, await waitedView(ctx.db, update.settled));
  if (update.pending?.length) {
    // Partly answered: reply once the workflow has stored what is still pending, so a read right
    // after this response sees the same state (read-your-writes).
    return replyWhenSettled(ctx, reply, generationId, update.stateVersion, 10);
  }
  if (body.async) {
    // A claimed answer read the view as it claimed the pause (docs/adr/0037): no read of its own.
    const view = update.claimedView ?? (await loadGenerationView(ctx.db, projectId, generationId));
    return reply(202, { ...view!, status: 'running', requiredAction: null });
  }
  // The wait counts from the request's arrival: the update's reply may itself have taken seconds.
  const leftSeconds = Math.max(0, body.waitSeconds - (Date.now() - receivedAt) / 1000);
  return replyWhenSettled(ctx, reply, generationId, update.stateVersion, leftSeconds);
}
