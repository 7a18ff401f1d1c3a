import type { Router } from 'express';
import type { ApprovalView } from '../../contracts/schemas/index.js';
import type { Approval, Generation } from '../../generated/prisma/client.js';
import type { AppContext } from '../context.js';
import { found } from '../http.js';
import { answerClarification, decideApproval } from '../generations/answers.js';
import { answerDelivery, checkAgentNotDenied, deniedAgentIds, replyAfterResume } from '../generations/resume.js';
import { approvalRoutes } from './approvals.operations.js';
import { heldBy, holdSlot } from '../services/connection-limits.js';
import { toolParameters } from '../services/tool-arguments.js';
import { listPage } from '../pagination.js';
import { ApiRouter } from '../routing.js';

export { checkApprover } from '../services/approvers.js';

/** The generation fields an approval's view shows. */
type ApprovalGeneration = Pick<
  Generation,
  'agentId' | 'channel' | 'createdByKeyId' | 'snapshot' | 'discoveredTools' | 'traceId' | 'parentGenerationId'
>;

/** The columns approvalView reads from the approval's generation. */
export const approvalGenerationSelect = {
  id: true,
  agentId: true,
  channel: true,
  createdByKeyId: true,
  snapshot: true,
  discoveredTools: true,
  traceId: true,
  parentGenerationId: true,
} as const;

export function approvalView(a: Approval, g: ApprovalGeneration | undefined): ApprovalView {
  return {
    id: a.id,
    object: 'approval',
    projectId: a.projectId,
    generationId: a.generationId,
    agentId: g?.agentId ?? '',
    traceId: g?.traceId ?? null,
    parentGenerationId: g?.parentGenerationId ?? null,
    toolCallId: a.toolCallId,
    toolName: a.toolName,
    arguments: a.arguments,
    status: a.status as ApprovalView['status'],
    requestedAt: a.createdAt.toISOString(),
    expiresAt: a.expiresAt.toISOString(),
    decidedAt: a.decidedAt ? a.decidedAt.toISOString() : null,
    decidedBy: a.decidedBy,
    reason: a.reason,
    editedArguments: a.editedArgs ?? null,
    requestedBy: {
      channel: g?.channel === 'public_chat' ? 'public_chat' : 'api',
      apiKeyId: g?.channel === 'public_chat' ? null : (g?.createdByKeyId ?? null),
    },
    toolParameters: g ? toolParameters(g as Generation, a.toolName) : null,
  };
}

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
      ...(q.generationId ? { generationId: q.generationId } : {}),
      ...(generationFilter ? { generationId: { in: generationFilter } } : {}),
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
    const { generation, update } = await decideApproval(
      ctx,
      auth,
      action,
      params.generationId,
      params.approvalId,
      body,
      answerDelivery(body),
    );
    return replyAfterResume(ctx, reply, auth.projectId, generation.id, update, body, receivedAt);
  });

  r.add(approvalRoutes.answerClarification, async ({ auth, action, params, body, res, reply }) => {
    const receivedAt = Date.now();
    holdSlot(ctx.connections, heldBy(body), auth, res);
    const { generation, update } = await answerClarification(
      ctx,
      auth,
      action,
      params.generationId,
      { answer: body.answer, toolCallId: body.toolCallId },
      answerDelivery(body),
    );
    return replyAfterResume(ctx, reply, auth.projectId, generation.id, update, body, receivedAt);
  });

  return r.router;
}
