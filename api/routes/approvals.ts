import type { Router } from 'express';
import { ApiError } from '../../contracts/errors.js';
import type { ApprovalView } from '../../contracts/schemas/index.js';
import type { Approval, Generation } from '../../generated/prisma/client.js';
import { readApprovalHookConfig, readSnapshot } from '../../infra/db/json-columns.js';
import { answerClarificationUpdate, decideApprovalUpdate } from '../../workflows/definitions.js';
import type { AppContext } from '../context.js';
import { found, type AuthInfo } from '../http.js';
import {
  checkAgentNotDenied,
  deniedAgentIds,
  findGeneration,
  mapUpdateError,
  replyAfterResume,
} from '../generations/resume.js';
import { approvalRoutes } from './approvals.operations.js';
import { heldBy, holdSlot } from '../services/connection-limits.js';
import { toolArgumentProblems, toolParameters } from '../services/tool-arguments.js';
import { listPage } from '../pagination.js';
import { ApiRouter } from '../routing.js';
import { approvalDecisionSeconds } from '../../infra/observability/metrics.js';

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
    // A public-chat visitor holds no API key, so any approver key is someone other than the requester.
    const requester = g.channel === 'public_chat' ? undefined : g.createdByKeyId;
    if (config.requesterMayNotApprove === true && (requester === null || requester === auth.keyId)) {
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
    holdSlot(ctx.connections, heldBy(body), auth, res);
    const g = await findGeneration(ctx, auth, action, params.generationId);
    const approval = found(
      await ctx.db.approval.findFirst({
        where: { id: params.approvalId, generationId: g.id, projectId: auth.projectId },
      }),
      'Approval',
    );
    checkApprover(g, approval.toolName, auth);
    if (approval.status !== 'pending')
      throw new ApiError(409, 'conflict', `Approval ${approval.id} is already ${approval.status}`);
    if (body.arguments !== undefined) {
      const problems = toolArgumentProblems(toolParameters(g, approval.toolName), body.arguments);
      if (problems.length)
        throw new ApiError(
          422,
          'unprocessable',
          `The edited arguments do not match the parameters of ${approval.toolName}: ${problems[0]!.path} ${problems[0]!.message}`,
          problems,
        );
    }
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
    approvalDecisionSeconds.observe((Date.now() - approval.createdAt.getTime()) / 1000);
    return replyAfterResume(ctx, reply, auth.projectId, g.id, result, body);
  });

  r.add(approvalRoutes.answerClarification, async ({ auth, action, params, body, res, reply }) => {
    holdSlot(ctx.connections, heldBy(body), auth, res);
    const g = await findGeneration(ctx, auth, action, params.generationId);
    const required = g.requiredAction as { type?: string } | null;
    if (g.status !== 'requires_action' || required?.type !== 'answer_clarification') {
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
