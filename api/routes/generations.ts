import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { Router, type Response } from 'express';
import { ApiError, notFound, unprocessable } from '../../contracts/errors.js';
import {
  approvalDecisionRequestSchema,
  clarificationAnswerRequestSchema,
  generateRequestSchema,
  listGenerationsQuerySchema,
  settledStatuses,
  streamQuerySchema,
  toolOutputsRequestSchema,
  type GenerationStatus,
} from '../../contracts/schemas/index.js';
import type { GenerationSnapshot } from '../../contracts/snapshot.js';
import { answerClarificationUpdate, decideApprovalUpdate, submitToolOutputsUpdate, updateRejection } from '../../workflows/definitions.js';
import type { AppContext } from '../context.js';
import { authorize, handler, parseInput, type AuthInfo } from '../http.js';
import { afterCursor, newestFirst, page } from '../pagination.js';
import { startGeneration } from '../generations/start.js';
import { generationView, loadGenerationView, loadSteps } from '../../infra/db/generation-view.js';
import { waitForSettled } from '../generations/wait.js';
import { lastEventId, openEventStream, streamEvents } from '../generations/stream.js';

const idempotencyKeySchema = /^[\x21-\x7e]{1,255}$/;


async function respondWhenSettled(
  ctx: AppContext, res: Response, generationId: string, afterVersion: number, waitSeconds: number, extra: Record<string, unknown> = {},
): Promise<void> {
  const { generation, settled } = await waitForSettled(ctx.db, ctx.feed, generationId, afterVersion, waitSeconds * 1000);
  const view = generationView(generation, await loadSteps(ctx.db, generationId));
  res.status(settled ? 200 : 202).json({ ...view, ...extra });
}

async function findGeneration(ctx: AppContext, auth: AuthInfo, id: string, agentId?: string) {
  const g = await ctx.db.generation.findFirst({ where: { id, projectId: auth.projectId, ...(agentId ? { agentId } : {}) } });
  if (!g) throw notFound('Generation');
  return g;
}

/** Update rejections from the workflow's validator → 409 / 422. */
function mapUpdateError(err: unknown): never {
  if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure) {
    const { type, message } = err.cause;
    if (type === updateRejection.unknownToolCall) throw new ApiError(422, 'unprocessable', message);
    if (type === updateRejection.invalid) throw new ApiError(422, 'unprocessable', message);
    if (type === updateRejection.alreadyAnswered) throw new ApiError(409, 'conflict', message);
    if (type === updateRejection.notWaiting) throw new ApiError(409, 'generation_not_waiting', message);
    if (type === updateRejection.approvalNotFound) throw new ApiError(404, 'not_found', message);
    if (type === updateRejection.approvalDecided || type === updateRejection.approvalExpired) throw new ApiError(409, 'conflict', message);
    // Fail closed: a decision that does not match the pending call exactly is refused.
    if (type === updateRejection.approvalMismatch) throw new ApiError(409, 'conflict', message);
  }
  if (err instanceof WorkflowNotFoundError) throw new ApiError(409, 'generation_not_waiting', 'The generation has already finished');
  throw err;
}

export function agentGenerationsRouter(ctx: AppContext): Router {
  const r = Router({ mergeParams: true });

  r.post('/:agentId/generate', handler(async (req, res) => {
    const agentId = String(req.params.agentId);
    const auth = authorize(req, 'agents:CreateAgentGeneration', `agents/${agentId}`);
    const body = parseInput(generateRequestSchema, req.body, 'body');
    const key = req.header('idempotency-key');
    if (key !== undefined && !idempotencyKeySchema.test(key)) {
      throw new ApiError(400, 'invalid_request', 'Idempotency-Key must be 1-255 visible ASCII characters');
    }
    const { generation, created, callbackSecret } = await startGeneration(ctx, auth, agentId, body, key);
    if (!created) res.setHeader('idempotent-replayed', 'true');
    // The callback signing secret is shown once, in the response that created the generation.
    const extra = callbackSecret ? { callbackSecret } : {};
    if (body.stream) {
      openEventStream(res);
      await streamEvents(ctx.db, ctx.feed, req, res, generation.id, { afterSeq: 0, follow: false });
      return;
    }
    if (body.async) {
      res.status(202).json({ ...generationView(generation, await loadSteps(ctx.db, generation.id)), ...extra });
      return;
    }
    await respondWhenSettled(ctx, res, generation.id, 0, body.waitSeconds, extra);
  }));

  r.post('/:agentId/generate/:generationId/tool-outputs', handler(async (req, res) => {
    const agentId = String(req.params.agentId);
    const auth = authorize(req, 'agents:SubmitAgentToolOutputs', `agents/${agentId}`);
    const body = parseInput(toolOutputsRequestSchema, req.body, 'body');
    const generation = await findGeneration(ctx, auth, String(req.params.generationId), agentId);
    if (generation.status !== 'requires_action') {
      throw new ApiError(409, 'generation_not_waiting', `The generation is ${generation.status}, not waiting for tool outputs`);
    }
    const snapshot = generation.snapshot as unknown as GenerationSnapshot;
    const attached = new Set(snapshot.tools.map((t) => t.id));
    const check = (ids: string[] | undefined, path: string) => {
      const bad = (ids ?? []).filter((id) => !attached.has(id));
      if (bad.length) throw unprocessable(`${path} must be a subset of the generation's tools; unknown: ${bad.join(', ')}`, { path });
    };
    check(body.activeToolIds, 'body.activeToolIds');
    check(body.defaults?.activeToolIds, 'body.defaults.activeToolIds');
    for (const [i, rule] of (body.stepRules ?? []).entries()) check(rule.activeToolIds, `body.stepRules.${i}.activeToolIds`);

    // Events recorded from here on belong to the resumed run (for stream: true).
    const { eventSeq: resumeAfter } = await ctx.db.generation.findUniqueOrThrow({ where: { id: generation.id }, select: { eventSeq: true } });
    const handle = ctx.temporal.workflow.getHandle(generation.id);
    const result = await handle
      .executeUpdate(submitToolOutputsUpdate, {
        args: [{
          toolOutputs: body.toolOutputs,
          ...(body.toolChoice !== undefined || body.activeToolIds !== undefined
            ? { next: { ...(body.toolChoice !== undefined ? { toolChoice: body.toolChoice } : {}), ...(body.activeToolIds ? { activeToolIds: body.activeToolIds } : {}) } }
            : {}),
          ...(body.stepRules ? { stepRules: body.stepRules } : {}),
          ...(body.defaults ? { defaults: body.defaults } : {}),
        }],
      })
      .catch(mapUpdateError);

    if (body.stream) {
      openEventStream(res);
      await streamEvents(ctx.db, ctx.feed, req, res, generation.id, { afterSeq: resumeAfter, follow: false, resuming: true });
      return;
    }
    if (result.pending.length > 0) {
      // Partial submission: answer once the workflow has stored the calls still pending, so a
      // read right after this response sees the same state (read-your-writes).
      await respondWhenSettled(ctx, res, generation.id, result.stateVersion, 10);
      return;
    }
    if (body.async) {
      const view = await loadGenerationView(ctx.db, auth.projectId, generation.id);
      res.status(202).json({ ...view!, status: 'running', requiredAction: null });
      return;
    }
    await respondWhenSettled(ctx, res, generation.id, result.stateVersion, body.waitSeconds);
  }));

  r.get('/:agentId/generations/:generationId', handler(async (req, res) => {
    const auth = authorize(req, 'agents:GetAgentGeneration', `agents/${req.params.agentId}`);
    const g = await findGeneration(ctx, auth, String(req.params.generationId), String(req.params.agentId));
    res.json(generationView(g, await loadSteps(ctx.db, g.id)));
  }));

  return r;
}

export function generationsRouter(ctx: AppContext): Router {
  const r = Router();

  r.get('/', handler(async (req, res) => {
    const auth = authorize(req, 'agents:ListAgentGenerations', 'generations/*');
    const q = parseInput(listGenerationsQuerySchema, req.query, 'query');
    const rows = await ctx.db.generation.findMany({
      where: {
        projectId: auth.projectId,
        ...(q.agentId ? { agentId: q.agentId } : {}),
        ...(q.status ? { status: q.status } : {}),
        ...(q.sessionId ? { sessionId: q.sessionId } : {}),
        ...(q.traceId ? { traceId: q.traceId } : {}),
        ...afterCursor(q.cursor),
      },
      orderBy: newestFirst,
      take: q.limit + 1,
    });
    const { items, nextCursor } = page(rows, q.limit);
    // Lists carry the generation without its step trace; GET one for the steps.
    res.json({ data: items.map((g) => generationView(g, [])), nextCursor });
  }));

  r.get('/:generationId', handler(async (req, res) => {
    const auth = authorize(req, 'agents:GetAgentGeneration', `generations/${req.params.generationId}`);
    const g = await findGeneration(ctx, auth, String(req.params.generationId));
    res.json(generationView(g, await loadSteps(ctx.db, g.id)));
  }));

  r.get('/:generationId/events', handler(async (req, res) => {
    const auth = authorize(req, 'agents:StreamAgentGeneration', `generations/${req.params.generationId}`);
    const q = parseInput(streamQuerySchema, req.query, 'query');
    const g = await findGeneration(ctx, auth, String(req.params.generationId));
    openEventStream(res);
    await streamEvents(ctx.db, ctx.feed, req, res, g.id, { afterSeq: lastEventId(req), follow: q.follow === 'true' });
  }));

  r.post('/:generationId/approvals/:approvalId', handler(async (req, res) => {
    const auth = authorize(req, 'agents:DecideApproval', `generations/${req.params.generationId}`);
    const body = parseInput(approvalDecisionRequestSchema, req.body, 'body');
    const g = await findGeneration(ctx, auth, String(req.params.generationId));
    const approval = await ctx.db.approval.findFirst({ where: { id: String(req.params.approvalId), generationId: g.id, projectId: auth.projectId } });
    if (!approval) throw notFound('Approval');
    if (approval.status !== 'pending') throw new ApiError(409, 'conflict', `Approval ${approval.id} is already ${approval.status}`);
    const result = await ctx.temporal.workflow
      .getHandle(g.id)
      .executeUpdate(decideApprovalUpdate, {
        args: [{
          approvalId: approval.id,
          approved: body.approved,
          ...(body.reason !== undefined ? { reason: body.reason } : {}),
          ...(body.arguments !== undefined ? { arguments: body.arguments } : {}),
          decidedBy: auth.keyId,
          toolName: approval.toolName,
          argumentsHash: approval.argumentsHash,
        }],
      })
      .catch(mapUpdateError);
    if (result.pending.length > 0) {
      // Other approvals of the step are still open: answer with the stored remaining ones.
      await respondWhenSettled(ctx, res, g.id, result.stateVersion, 10);
      return;
    }
    if (body.async) {
      const view = await loadGenerationView(ctx.db, auth.projectId, g.id);
      res.status(202).json({ ...view!, status: 'running', requiredAction: null });
      return;
    }
    await respondWhenSettled(ctx, res, g.id, result.stateVersion, body.waitSeconds);
  }));

  r.post('/:generationId/clarification', handler(async (req, res) => {
    const auth = authorize(req, 'agents:AnswerClarification', `generations/${req.params.generationId}`);
    const body = parseInput(clarificationAnswerRequestSchema, req.body, 'body');
    const g = await findGeneration(ctx, auth, String(req.params.generationId));
    const action = g.requiredAction as { type?: string } | null;
    if (g.status !== 'requires_action' || action?.type !== 'answer_clarification') {
      throw new ApiError(409, 'generation_not_waiting', 'The generation is not waiting for a clarification');
    }
    const result = await ctx.temporal.workflow
      .getHandle(g.id)
      .executeUpdate(answerClarificationUpdate, { args: [{ answer: body.answer, answeredBy: auth.keyId }] })
      .catch(mapUpdateError);
    if (body.async) {
      const view = await loadGenerationView(ctx.db, auth.projectId, g.id);
      res.status(202).json({ ...view!, status: 'running', requiredAction: null });
      return;
    }
    await respondWhenSettled(ctx, res, g.id, result.stateVersion, body.waitSeconds);
  }));

  r.post('/:generationId/cancel', handler(async (req, res) => {
    const auth = authorize(req, 'agents:CancelAgentGeneration', `generations/${req.params.generationId}`);
    const g = await findGeneration(ctx, auth, String(req.params.generationId));
    if (settledStatuses.has(g.status as GenerationStatus) && g.status !== 'requires_action') {
      throw new ApiError(409, 'conflict', `The generation is already ${g.status}`);
    }
    try {
      await ctx.temporal.workflow.getHandle(g.id).cancel();
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) throw err;
    }
    const { generation } = await waitForSettled(ctx.db, ctx.feed, g.id, g.stateVersion, 10_000);
    res.status(generation.status === 'cancelled' ? 200 : 202).json(generationView(generation, await loadSteps(ctx.db, g.id)));
  }));

  return r;
}
