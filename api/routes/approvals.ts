import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { found } from '../http.js';
import { answerClarification, decideAllApprovals, decideApproval } from '../../domain/answers/answer.js';
import { checkAgentNotDenied, deniedAgentIds, findGeneration } from '../../domain/generation-access.js';
import { answerDelivery, replyAfterAnswer } from '../generations/resume.js';
import { approvalRoutes } from './approvals.operations.js';
import { heldBy, holdSlot } from '../services/connection-limits.js';
import { listPage } from '../../domain/pagination.js';
import { ApiRouter } from '../routing.js';
import { approvalGenerationSelect, approvalView, type ApprovalGeneration } from '../../domain/views.js';

export { checkApprover } from '../../domain/answers/approvers.js';

/** The approvals inbox: pending (and decided) approvals across the project's generations. */
export function approvalsRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/approvals', ctx);

  async function generationsOf(generationIds: string[]): Promise<Map<string, ApprovalGeneration>> {
    const rows = await ctx.db.generation.findMany({
      where: { id: { in: [...new Set(generationIds)] } },
      select: approvalGenerationSelect,
    });
    return new Map(rows.map((g) => [g.id, g]));
  }

  r.add(approvalRoutes.list, async ({ auth, action, query: q }) => {
    let generationFilter: string[] | undefined;
    const denied = await deniedAgentIds(ctx, auth, action);
    if (q.agentId || denied.length) {
      const gens = await ctx.db.generation.findMany({
        where: {
          projectId: auth.projectId,
          ...(q.agentId ? { agentId: q.agentId } : {}),
          ...(denied.length ? { NOT: { agentId: { in: denied } } } : {}),
        },
        select: { id: true },
      });
      generationFilter = gens.map((g) => g.id);
    }
    const where = {
      projectId: auth.projectId,
      ...(q.status ? { status: q.status } : {}),
      ...(q.generationId || generationFilter
        ? {
            generationId: {
              ...(q.generationId ? { equals: q.generationId } : {}),
              ...(generationFilter ? { in: generationFilter } : {}),
            },
          }
        : {}),
    };
    const { data, nextCursor } = await listPage(
      q,
      ({ after, ...window }) => ctx.db.approval.findMany({ where: { ...where, ...after }, ...window }),
      (a) => a,
    );
    const generations = await generationsOf(data.map((a) => a.generationId));
    return { data: data.map((a) => approvalView(a, generations.get(a.generationId))), nextCursor };
  });

  r.add(approvalRoutes.get, async ({ auth, action, params }) => {
    const row = found(
      await ctx.db.approval.findFirst({ where: { id: params.approvalId, projectId: auth.projectId } }),
      'Approval',
    );
    const generations = await generationsOf([row.generationId]);
    const g = generations.get(row.generationId);
    checkAgentNotDenied(auth, action, g?.agentId ?? '');
    return approvalView(row, g);
  });

  return r.router;
}

/** Human answers to a paused generation: approval decisions and clarifications (/v1/generations/{id}/…). */
export function generationApprovalsRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/generations', ctx);

  r.add(approvalRoutes.decide, async ({ auth, action, params, body, res, reply }) => {
    const receivedAt = Date.now();
    holdSlot(ctx.connections, heldBy(body), auth, res);
    const answered = await decideApproval(
      ctx,
      auth,
      action,
      params.generationId,
      params.approvalId,
      body,
      answerDelivery(body),
    );
    return replyAfterAnswer(ctx, reply, auth.projectId, answered, body, receivedAt);
  });

  r.add(approvalRoutes.decideAll, async ({ auth, action, params, body, res, reply }) => {
    const receivedAt = Date.now();
    holdSlot(ctx.connections, heldBy(body), auth, res);
    const answered = await decideAllApprovals(ctx, auth, action, params.generationId, body, answerDelivery(body));
    return replyAfterAnswer(ctx, reply, auth.projectId, answered, body, receivedAt);
  });

  r.add(approvalRoutes.answerClarification, async ({ auth, action, params, body, res, reply }) => {
    const receivedAt = Date.now();
    holdSlot(ctx.connections, heldBy(body), auth, res);
    const generation = await findGeneration(ctx, auth, action, params.generationId);
    const answer = { answer: body.answer, toolCallId: body.toolCallId };
    const answered = await answerClarification(ctx, generation, answer, auth.keyId, answerDelivery(body));
    return replyAfterAnswer(ctx, reply, auth.projectId, answered, body, receivedAt);
  });

  return r.router;
}
