import { Router } from 'express';
import { notFound } from '../../contracts/errors.js';
import { listApprovalsQuerySchema, type ApprovalView } from '../../contracts/schemas/index.js';
import type { Approval } from '../../generated/prisma/client.js';
import type { AppContext } from '../context.js';
import { authorize, handler, parseInput } from '../http.js';
import { afterCursor, newestFirst, page } from '../pagination.js';

export function approvalView(a: Approval, agentId: string): ApprovalView {
  return {
    id: a.id,
    object: 'approval',
    projectId: a.projectId,
    generationId: a.generationId,
    agentId,
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

/** The approvals inbox: pending (and decided) approvals across the project's generations. */
export function approvalsRouter(ctx: AppContext): Router {
  const r = Router();

  async function agentIdsOf(generationIds: string[]): Promise<Map<string, string>> {
    const rows = await ctx.db.generation.findMany({ where: { id: { in: [...new Set(generationIds)] } }, select: { id: true, agentId: true } });
    return new Map(rows.map((g) => [g.id, g.agentId]));
  }

  r.get('/', handler(async (req, res) => {
    const auth = authorize(req, 'agents:ListApprovals', 'approvals/*');
    const q = parseInput(listApprovalsQuerySchema, req.query, 'query');
    let generationFilter: string[] | undefined;
    if (q.agentId) {
      const gens = await ctx.db.generation.findMany({ where: { projectId: auth.projectId, agentId: q.agentId }, select: { id: true } });
      generationFilter = gens.map((g) => g.id);
    }
    const rows = await ctx.db.approval.findMany({
      where: {
        projectId: auth.projectId,
        ...(q.status ? { status: q.status } : {}),
        ...(q.generationId ? { generationId: q.generationId } : {}),
        ...(generationFilter ? { generationId: { in: generationFilter } } : {}),
        ...afterCursor(q.cursor),
      },
      orderBy: newestFirst,
      take: q.limit + 1,
    });
    const { items, nextCursor } = page(rows, q.limit);
    const agents = await agentIdsOf(items.map((a) => a.generationId));
    res.json({ data: items.map((a) => approvalView(a, agents.get(a.generationId) ?? '')), nextCursor });
  }));

  r.get('/:approvalId', handler(async (req, res) => {
    const auth = authorize(req, 'agents:GetApproval', `approvals/${req.params.approvalId}`);
    const row = await ctx.db.approval.findFirst({ where: { id: String(req.params.approvalId), projectId: auth.projectId } });
    if (!row) throw notFound('Approval');
    const agents = await agentIdsOf([row.generationId]);
    res.json(approvalView(row, agents.get(row.generationId) ?? ''));
  }));

  return r;
}
