import type { Request, Router } from 'express';
import { ApiError } from '../../contracts/errors.js';
import { generationView, loadSteps } from '../../infra/db/generation-view.js';
import { settledStatuses, type GenerationStatus } from '../../contracts/schemas/index.js';
import { answerClarification, submitToolOutputs } from '../../domain/answers/answer.js';
import { agentFilter, deniedAgentIds, findGeneration } from '../../domain/generation-access.js';
import { checkSessionTurn } from '../../domain/generations/session-access.js';
import { requestCancel } from '../generations/cancel.js';
import { addSteeringMessage, steeringView } from '../generations/steering.js';
import { turnAwaitingClarification } from '../sessions/clarify-resume.js';
import { cancelWaitingTurn } from '../sessions/turns.js';
import type { AppContext } from '../context.js';
import { answerDelivery, replyAfterAnswer, replyWhenSettled } from '../generations/resume.js';
import { startGeneration } from '../generations/start.js';
import { lastEventId, openEventStream, streamEvents } from '../generations/stream.js';
import { waitForSettled } from '../generations/wait.js';
import { generationRoutes } from './generations.operations.js';
import { forkRoutes } from './forks.operations.js';
import { startFork } from '../generations/fork.js';
import { listPage } from '../../domain/pagination.js';
import { ApiRouter, responded } from '../routing.js';
import { heldBy, holdSlot } from '../services/connection-limits.js';

const idempotencyKeySchema = /^[\x21-\x7e]{1,255}$/;

/** The request's Idempotency-Key header, if any (400 unless 1-255 visible ASCII characters). */
function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.header('idempotency-key');
  if (key !== undefined && !idempotencyKeySchema.test(key))
    throw new ApiError(400, 'invalid_request', 'Idempotency-Key must be 1-255 visible ASCII characters');
  return key;
}

/** How long a cancel waits for the generation to record its cancellation before answering 202. */
const CANCEL_WAIT_MS = 15_000;

/** Running an agent and resuming its generations (/v1/agents/{agentId}/generate…). */
export function agentGenerationsRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/agents', ctx);

  r.add(generationRoutes.generate, async ({ auth, params, body, req, res, reply }) => {
    const receivedAt = Date.now();
    const key = idempotencyKeyOf(req);
    // Taken before the generation is created: a refused request writes nothing.
    holdSlot(ctx.connections, heldBy(body), auth, res);
    // A session paused on agent_clarify: the prompt answers the question and that turn continues.
    const paused =
      body.sessionId && body.prompt !== undefined
        ? await turnAwaitingClarification(ctx.db, auth.projectId, params.agentId, body.sessionId)
        : null;
    if (paused) {
      // Answering it continues the session: checked as a new turn would be (session-access.ts).
      checkSessionTurn(auth.policy, auth.projectId, paused.agentId, body.sessionId!);
      const answered = await answerClarification(
        ctx,
        paused,
        { answer: body.prompt! },
        auth.keyId,
        answerDelivery(body),
      );
      if (body.stream) {
        openEventStream(res);
        const afterSeq = answered.resumeAfter;
        await streamEvents(ctx.db, ctx.feed, res, paused.id, { afterSeq, follow: false, resuming: true });
        return responded;
      }
      return replyAfterAnswer(ctx, reply, auth.projectId, answered, body, receivedAt);
    }
    const { generation, created, callbackSecret } = await startGeneration(ctx, auth, params.agentId, body, key);
    if (!created) res.setHeader('idempotent-replayed', 'true');
    // The callback signing secret is shown once, in the response that created the generation.
    const extra = callbackSecret ? { callbackSecret } : {};
    if (body.stream) {
      openEventStream(res);
      await streamEvents(ctx.db, ctx.feed, res, generation.id, { afterSeq: 0, follow: false });
      return responded;
    }
    if (body.async) {
      // A row this request created has no trace yet as of that row: the worker's first writes
      // follow it, and the 202 shows the row as inserted, with its (empty) trace, without a read.
      const steps = created ? [] : await loadSteps(ctx.db, generation.id);
      return reply(202, { ...generationView(generation, steps), ...extra });
    }
    return replyWhenSettled(ctx, reply, generation.id, 0, body.waitSeconds, extra);
  });

  r.add(generationRoutes.submitToolOutputs, async ({ auth, action, params, body, res, reply }) => {
    const receivedAt = Date.now();
    holdSlot(ctx.connections, heldBy(body), auth, res);
    const answered = await submitToolOutputs(
      ctx,
      auth,
      action,
      params.agentId,
      params.generationId,
      body,
      answerDelivery(body),
    );
    if (body.stream) {
      openEventStream(res);
      await streamEvents(ctx.db, ctx.feed, res, answered.generation.id, {
        afterSeq: answered.resumeAfter,
        follow: false,
        resuming: true,
      });
      return responded;
    }
    return replyAfterAnswer(ctx, reply, auth.projectId, answered, body, receivedAt);
  });

  r.add(generationRoutes.getForAgent, async ({ auth, action, params }) => {
    const g = await findGeneration(ctx, auth, action, params.generationId, params.agentId);
    return generationView(g, await loadSteps(ctx.db, g.id));
  });

  return r.router;
}

/** Generations across the project's agents (/v1/generations…). */
export function generationsRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/generations', ctx);

  r.add(generationRoutes.list, async ({ auth, action, query: q }) => {
    const denied = await deniedAgentIds(ctx, auth, action);
    const where = {
      projectId: auth.projectId,
      ...agentFilter(denied, q.agentId || undefined),
      ...(q.status ? { status: q.status } : {}),
      ...(q.sessionId ? { sessionId: q.sessionId } : {}),
      ...(q.traceId ? { traceId: q.traceId } : {}),
    };
    // Lists carry the generation without its step trace; GET one for the steps.
    return listPage(
      q,
      ({ after, ...window }) => ctx.db.generation.findMany({ where: { ...where, ...after }, ...window }),
      (g) => generationView(g, []),
    );
  });

  r.add(generationRoutes.get, async ({ auth, action, params }) => {
    const g = await findGeneration(ctx, auth, action, params.generationId);
    return generationView(g, await loadSteps(ctx.db, g.id));
  });

  r.add(generationRoutes.events, async ({ auth, action, params, query, req, res }) => {
    holdSlot(ctx.connections, 'stream', auth, res);
    const g = await findGeneration(ctx, auth, action, params.generationId);
    openEventStream(res);
    await streamEvents(ctx.db, ctx.feed, res, g.id, {
      afterSeq: lastEventId(req),
      follow: query.follow === 'true',
    });
    return responded;
  });

  r.add(generationRoutes.cancel, async ({ auth, action, params, res, reply }) => {
    holdSlot(ctx.connections, 'wait', auth, res);
    const g = await findGeneration(ctx, auth, action, params.generationId);
    if (settledStatuses.has(g.status as GenerationStatus) && g.status !== 'requires_action') {
      throw new ApiError(409, 'conflict', `The generation is already ${g.status}`);
    }
    if (g.waitingForTurn) {
      // Waiting for its turn (a busy session, a full project): it never started, so it is cancelled here.
      await cancelWaitingTurn(ctx.db, g.id);
      await ctx.feed.publish(g.id);
      const settled = await findGeneration(ctx, auth, action, g.id);
      if (settled.status === 'cancelled') return reply(200, generationView(settled, []));
    }
    await requestCancel(ctx, g.id);
    const { generation } = await waitForSettled(ctx.db, ctx.feed, g.id, g.stateVersion, CANCEL_WAIT_MS);
    return reply(
      generation.status === 'cancelled' ? 200 : 202,
      generationView(generation, await loadSteps(ctx.db, g.id)),
    );
  });

  r.add(forkRoutes.fork, async ({ auth, action, params, body, req, reply }) => {
    const origin = await findGeneration(ctx, auth, action, params.generationId);
    const fork = await startFork(ctx, auth, origin, body, idempotencyKeyOf(req));
    return reply(202, generationView(fork, await loadSteps(ctx.db, fork.id)));
  });

  r.add(generationRoutes.addMessage, async ({ auth, action, params, body, reply }) => {
    const g = await findGeneration(ctx, auth, action, params.generationId);
    return reply(202, steeringView(await addSteeringMessage(ctx.db, g, body), g));
  });

  return r.router;
}
