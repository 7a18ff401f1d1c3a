import type { Router } from 'express';
import { ApiError } from '../../contracts/errors.js';
import type { ApprovalView } from '../../contracts/schemas/index.js';
import type { Approval, Generation } from '../../generated/prisma/client.js';
import { readApprovalHookConfig, readSnapshot } from '../../infra/db/json-columns.js';
import { answerClarificationUpdate, decideApprovalUpdate } from '../../workflows/definitions.js';
import type { AppContext } from '../context.js';
import { found, type AuthInfo } from '../http.js';
import { findGeneration, mapUpdateError, replyAfterResume } from '../generations/resume.js';
import { approvalRoutes } from './approvals.operations.js';
import { listPage } from '../pagination.js';
import { ApiRouter } from '../routing.js';

/** The generation an approval belongs to, as the approval shows it. */
export interface ApprovalOwner {
  agentId: string;
  traceId: string | null;
  parentGenerationId: string | null;
}

export function approvalView(a: Approval, owner: ApprovalOwner | undefined): ApprovalView {
  return {
    id: a.id,
    object: 'approval',
    projectId: a.projectId,
    generationId: a.generationId,
    agentId: owner?.agentId ?? '',
    traceId: owner?.traceId ?? null,
    parentGenerationId: owner?.parentGenerationId ?? null,
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
  };
}

/**
 * Who may decide an approval: every approval hook of the generation's snapshot (the configuration it
 * started with, not the live hooks) that matches the tool applies — `approvers` lists the API key
 * ids that may decide, `requesterMayNotApprove` excludes the key that started the generation. Any
 * one refusing is a 403; a generation whose starter is unknown is refused too (fail closed).
 */
export function checkApprover(g: Generation, toolName: string, auth: AuthInfo): void {
  const hooks = readSnapshot(g.snapshot).hooks.filter(
    (h) => h.type === 'approval' && h.event === 'PreToolUse' && (h.matcher === null || h.matcher === toolName),
  );
  for (const hook of hooks) {
    const config = readApprovalHookConfig(hook.config);
    if (config.approvers !== undefined && !config.approvers.includes(auth.keyId)) {
      throw new ApiError(403, 'forbidden', `This API key is not an approver of hook ${hook.id}`, { hookId: hook.id });
    }
    if (config.requesterMayNotApprove === true && (g.createdByKeyId === null || g.createdByKeyId === auth.keyId)) {
      throw new ApiError(
        403,
        'forbidden',
        `Hook ${hook.id} does not let the API key that started the generation decide its approvals`,
        { hookId: hook.id },
      );
    }
  }
}

/** The approvals inbox: pending (and decided) approvals across the project's generations. */
export function approvalsRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/approvals', ctx);

  async function ownersOf(generationIds: string[]): Promise<Map<string, ApprovalOwner>> {
    const rows = await ctx.db.generation.findMany({
      where: { id: { in: [...new Set(generationIds)] } },
      select: { id: true, agentId: true, traceId: true, parentGenerationId: true },
    });
    return new Map(rows.map((g) => [g.id, g]));
  }

  r.add(approvalRoutes.list, async ({ auth, query: q }) => {
    let generationFilter: string[] | undefined;
    if (q.agentId) {
      const gens = await ctx.db.generation.findMany({
        where: { projectId: auth.projectId, agentId: q.agentId },
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
    const owners = await ownersOf(data.map((a) => a.generationId));
    return { data: data.map((a) => approvalView(a, owners.get(a.generationId))), nextCursor };
  });

  r.add(approvalRoutes.get, async ({ auth, params }) => {
    const row = found(
      await ctx.db.approval.findFirst({ where: { id: params.approvalId, projectId: auth.projectId } }),
      'Approval',
    );
    const owners = await ownersOf([row.generationId]);
    return approvalView(row, owners.get(row.generationId));
  });

  return r.router;
}

/** Human answers to a paused generation: approval decisions and clarifications (/v1/generations/{id}/…). */
export function generationApprovalsRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/generations', ctx);

  r.add(approvalRoutes.decide, async ({ auth, params, body, reply }) => {
    const g = await findGeneration(ctx, auth.projectId, params.generationId);
    const approval = found(
      await ctx.db.approval.findFirst({
        where: { id: params.approvalId, generationId: g.id, projectId: auth.projectId },
      }),
      'Approval',
    );
    checkApprover(g, approval.toolName, auth);
    if (approval.status !== 'pending')
      throw new ApiError(409, 'conflict', `Approval ${approval.id} is already ${approval.status}`);
    const result = await ctx.temporal.workflow
      .getHandle(g.id)
      .executeUpdate(decideApprovalUpdate, {
        args: [
          {
            approvalId: approval.id,
            approved: body.approved,
            ...(body.reason !== undefined ? { reason: body.reason } : {}),
            ...(body.arguments !== undefined ? { arguments: body.arguments } : {}),
            decidedBy: auth.keyId,
            toolName: approval.toolName,
            argumentsHash: approval.argumentsHash,
          },
        ],
      })
      .catch(mapUpdateError);
    return replyAfterResume(ctx, reply, auth.projectId, g.id, result, body);
  });

  r.add(approvalRoutes.answerClarification, async ({ auth, params, body, reply }) => {
    const g = await findGeneration(ctx, auth.projectId, params.generationId);
    const action = g.requiredAction as { type?: string } | null;
    if (g.status !== 'requires_action' || action?.type !== 'answer_clarification') {
      throw new ApiError(409, 'generation_not_waiting', 'The generation is not waiting for a clarification');
    }
    const result = await ctx.temporal.workflow
      .getHandle(g.id)
      .executeUpdate(answerClarificationUpdate, { args: [{ answer: body.answer, answeredBy: auth.keyId }] })
      .catch(mapUpdateError);
    return replyAfterResume(ctx, reply, auth.projectId, g.id, result, body);
  });

  return r.router;
}
