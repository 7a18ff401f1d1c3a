import {
  traceOrder,
  type ApprovalOutcome,
  type ApprovalRequest,
  type StatusWrite,
} from '../contracts/generation/index.js';
import { sql } from '../infra/db/hot-sql.js';
import type { Db } from '../infra/db/prisma.js';
import type { ChangeFeed } from '../infra/events/change-feed.js';
import { statusChange, statusEvents } from './status-write.js';
import { writeStepRecord } from './step-record.js';

/*
 * The approval rows of a generation's pauses: opened (row, trace entry, event) with the status
 * write that enters the pause, closed with the decisions and the status write that leaves it.
 */

/** What the `approval_requested` event and the pending trace entry both show of a request. */
function requestShown(step: number, a: ApprovalRequest) {
  const { approvalId, toolCallId, toolName, arguments: args, expiresAt } = a;
  return { step, approvalId, toolCallId, toolName, arguments: args, expiresAt };
}

/** What the `approval_resolved` event and the resolved trace entry both show of a decision. */
function decisionShown(step: number, o: ApprovalOutcome) {
  const { approvalId, toolCallId, status, decidedBy, decidedAt } = o;
  return { step, approvalId, toolCallId, status, decidedBy, decidedAt };
}

/** The approval rows, trace entries and `approval_requested` events of a pause, with its status write: one statement. */
export async function openApprovals(
  db: Db,
  feed: ChangeFeed,
  generationId: string,
  step: number,
  approvals: ApprovalRequest[],
  status: StatusWrite,
): Promise<void> {
  const rows = JSON.stringify(approvals.map((a) => ({ ...a, arguments: a.arguments ?? {} })));
  // Timestamp columns hold UTC without a zone, as Prisma writes them; a retried open keeps the row.
  const also = sql`opened AS (
      INSERT INTO "Approval" ("id", "projectId", "generationId", "toolCallId", "toolName", "argumentsHash", "arguments", "status", "expiresAt", "createdAt")
      SELECT a.value->>'approvalId', g."projectId", g."id", a.value->>'toolCallId', a.value->>'toolName', a.value->>'argumentsHash',
             a.value->'arguments', 'pending', ((a.value->>'expiresAt')::timestamptz AT TIME ZONE 'UTC'), now()
      FROM "Generation" g, jsonb_array_elements(${rows}::jsonb) AS a(value)
      WHERE g."id" = ${generationId}
      ON CONFLICT ("id") DO NOTHING
    ), `;
  await writeStepRecord(
    db,
    feed,
    {
      generationId,
      messages: [],
      events: approvals.map((a) => ({
        type: 'approval_requested',
        data: requestShown(step, a),
        key: `approval_requested:${a.approvalId}`,
      })),
      traces: approvals.map((a, i) => ({
        key: `approval:${a.approvalId}:requested`,
        order: traceOrder.approvalRequested(step, i),
        entry: { ...requestShown(step, a), type: 'approval', status: 'pending' },
      })),
      status: { write: status, events: statusEvents(status, null) },
      also,
    },
    statusChange(status),
  );
}

/** The decisions of a pause (approval rows, trace entries, `approval_resolved` events) with the status write that leaves it: one statement. */
export async function closeApprovals(
  db: Db,
  feed: ChangeFeed,
  generationId: string,
  step: number,
  outcomes: ApprovalOutcome[],
  status: StatusWrite,
): Promise<void> {
  const decisions = JSON.stringify(outcomes);
  const also = sql`decided AS (
      UPDATE "Approval" a
      SET "status" = o.value->>'status', "decidedAt" = ((o.value->>'decidedAt')::timestamptz AT TIME ZONE 'UTC'),
          "decidedBy" = o.value->>'decidedBy', "reason" = o.value->>'reason',
          "editedArgs" = NULLIF(o.value->'editedArguments', 'null'::jsonb)
      FROM jsonb_array_elements(${decisions}::jsonb) AS o(value)
      WHERE a."id" = o.value->>'approvalId' AND a."generationId" = ${generationId}
    ), `;
  await writeStepRecord(
    db,
    feed,
    {
      generationId,
      messages: [],
      events: outcomes.map((o) => ({
        type: 'approval_resolved',
        data: { ...decisionShown(step, o), reason: o.reason },
        key: `approval_resolved:${o.approvalId}`,
      })),
      traces: outcomes.map((o, i) => ({
        key: `approval:${o.approvalId}:resolved`,
        order: traceOrder.approvalResolved(step, i),
        entry: {
          ...decisionShown(step, o),
          type: 'approval',
          toolName: o.toolName,
          ...(o.reason ? { reason: o.reason } : {}),
          ...(o.editedArguments ? { editedArguments: o.editedArguments } : {}),
        },
      })),
      status: { write: status, events: statusEvents(status, null) },
      also,
    },
    statusChange(status),
  );
}
