import {
  traceOrder,
  type ApprovalOutcome,
  type ApprovalRequest,
  type StatusWrite,
} from '../contracts/generation/index.js';
import { hotQuery, sql } from '../infra/db/hot-sql.js';
import type { Db } from '../infra/db/prisma.js';
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
    // Columns are UTC timestamps without a zone, as Prisma writes them.
    const [request] = await hotQuery<{ toolName: string }>(
      db,
      sql`UPDATE "Approval"
      SET "status" = ${o.status}, "decidedAt" = (${o.decidedAt}::timestamptz AT TIME ZONE 'UTC'),
          "decidedBy" = ${o.decidedBy}, "reason" = ${o.reason},
          "editedArgs" = ${o.editedArguments === null ? null : JSON.stringify(o.editedArguments)}::jsonb
      WHERE "id" = ${o.approvalId}
      RETURNING "toolName"`,
    );
    if (!request) throw new Error(`approval ${o.approvalId} does not exist`);
    await store.recordStepEntries(
      generationId,
      [
        {
          type: 'approval_resolved',
          data: {
            step,
            approvalId: o.approvalId,
            toolCallId: o.toolCallId,
            status: o.status,
            decidedBy: o.decidedBy,
            decidedAt: o.decidedAt,
            reason: o.reason,
          },
          key: `approval_resolved:${o.approvalId}`,
        },
      ],
      [
        {
          key: `approval:${o.approvalId}:resolved`,
          order: traceOrder.approvalResolved(step, i),
          entry: {
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
          },
        },
      ],
    );
  }
  await store.writeStatus(status);
}
