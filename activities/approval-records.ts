import {
  traceOrder,
  type ApprovalOutcome,
  type ApprovalRequest,
  type StatusWrite,
} from '../contracts/generation/index.js';
import { Prisma, type Db } from '../infra/db/prisma.js';
import type { GenerationStore } from './generation-store.js';

/*
 * The approval rows of a generation's pauses: opened (row, trace entry, event) with the status
 * write that enters the pause, closed with the decisions and the status write that leaves it.
 */

export async function openApprovals(
  db: Db,
  store: GenerationStore,
  generationId: string,
  step: number,
  approvals: ApprovalRequest[],
  status: StatusWrite,
): Promise<void> {
  const generation = await db.generation.findUniqueOrThrow({
    where: { id: generationId },
    select: { projectId: true },
  });
  for (const [i, a] of approvals.entries()) {
    await db.approval.upsert({
      where: { id: a.approvalId },
      create: {
        id: a.approvalId,
        projectId: generation.projectId,
        generationId,
        toolCallId: a.toolCallId,
        toolName: a.toolName,
        argumentsHash: a.argumentsHash,
        arguments: (a.arguments ?? {}) as object,
        status: 'pending',
        expiresAt: new Date(a.expiresAt),
      },
      update: {},
    });
    await store.putTrace(generationId, `approval:${a.approvalId}:requested`, traceOrder.approvalRequested(step, i), {
      step,
      type: 'approval',
      approvalId: a.approvalId,
      toolCallId: a.toolCallId,
      toolName: a.toolName,
      arguments: a.arguments,
      status: 'pending',
      expiresAt: a.expiresAt,
    });
    await store.events.append(
      generationId,
      'approval_requested',
      {
        step,
        approvalId: a.approvalId,
        toolCallId: a.toolCallId,
        toolName: a.toolName,
        arguments: a.arguments,
        expiresAt: a.expiresAt,
      },
      `approval_requested:${a.approvalId}`,
    );
  }
  await store.writeStatus(status);
}

export async function closeApprovals(
  db: Db,
  store: GenerationStore,
  generationId: string,
  step: number,
  outcomes: ApprovalOutcome[],
  status: StatusWrite,
): Promise<void> {
  for (const [i, o] of outcomes.entries()) {
    await db.approval.update({
      where: { id: o.approvalId },
      data: {
        status: o.status,
        decidedAt: new Date(o.decidedAt),
        decidedBy: o.decidedBy,
        reason: o.reason,
        editedArgs: o.editedArguments === null ? Prisma.DbNull : (o.editedArguments as object),
      },
    });
    const request = await db.approval.findUniqueOrThrow({
      where: { id: o.approvalId },
      select: { toolName: true },
    });
    await store.putTrace(generationId, `approval:${o.approvalId}:resolved`, traceOrder.approvalResolved(step, i), {
      step,
      type: 'approval',
      approvalId: o.approvalId,
      toolCallId: o.toolCallId,
      toolName: request.toolName,
      status: o.status,
      decidedBy: o.decidedBy,
      decidedAt: o.decidedAt,
      ...(o.reason ? { reason: o.reason } : {}),
      ...(o.editedArguments ? { editedArguments: o.editedArguments } : {}),
    });
    await store.events.append(
      generationId,
      'approval_resolved',
      {
        step,
        approvalId: o.approvalId,
        toolCallId: o.toolCallId,
        status: o.status,
        decidedBy: o.decidedBy,
        decidedAt: o.decidedAt,
        reason: o.reason,
      },
      `approval_resolved:${o.approvalId}`,
    );
  }
  await store.writeStatus(status);
}
