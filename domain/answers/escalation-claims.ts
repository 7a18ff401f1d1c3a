import { traceOrder, type ApprovalEscalation, type EscalateApprovalsInput } from '../../contracts/generation/index.js';
import { hotQuery, sql } from '../../infra/db/hot-sql.js';
import type { Db } from '../../infra/db/prisma.js';
import { claimedRows, decisionOf } from './claims.js';

/**
 * The first deadline of approvals whose hook escalates: claims each approval's first-group key for
 * the escalation (so a first-group decision either won before it or is refused after it), and in
 * the same statement moves the approval to its second group (`escalatedAt`) with the new deadline
 * and records an `approval` trace entry with status `escalated` for each approval it moved.
 * Decisions of the second group claim a key of their own (`approvalClaimKey`). A re-run reads its
 * own claim back (its trace entries are keyed, so they are written once).
 */
export async function claimEscalation(db: Db, input: EscalateApprovalsInput): Promise<ApprovalEscalation[]> {
  const { generationId, pauseVersion, step } = input;
  const answerId = `escalation:${generationId}:${pauseVersion}`;
  const at = new Date().toISOString();
  const entries = input.approvals.map((a, i) => ({
    id: a.approvalId,
    expires: a.expiresAt,
    seq: traceOrder.approvalEscalated(step, i),
    entry: {
      step,
      type: 'approval',
      status: 'escalated',
      approvalId: a.approvalId,
      decidedBy: 'system:escalation',
      decidedAt: at,
      expiresAt: a.expiresAt,
      at,
    },
  }));
  await hotQuery(
    db,
    sql`WITH d AS (
        SELECT value->>'id' AS id, (value->>'expires')::timestamptz AT TIME ZONE 'UTC' AS expires,
               (value->>'seq')::bigint AS seq, value->'entry' AS entry
        FROM jsonb_array_elements(${JSON.stringify(entries)}::jsonb)
      ), claimed AS (
        INSERT INTO "PauseAnswer" ("generationId", "pauseVersion", "key", "answerId", "kind", "payload", "answeredBy", "createdAt", "signalledAt")
        SELECT ${generationId}, ${pauseVersion}::int, d.id, ${answerId}, 'escalation', '{}'::jsonb, 'system:escalation',
               now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
        FROM d
        ON CONFLICT DO NOTHING
        RETURNING "key"
      ), moved AS (
        UPDATE "Approval" a SET "escalatedAt" = now() AT TIME ZONE 'UTC', "expiresAt" = d.expires
        FROM d
        WHERE a."generationId" = ${generationId} AND a."status" = 'pending' AND a."id" = d.id
          AND d.id IN (SELECT "key" FROM claimed)
        RETURNING a."id"
      )
      INSERT INTO "GenerationStep" ("generationId", "key", "seq", "step", "type", "data", "createdAt")
      SELECT ${generationId}, 'approval:' || d.id || ':escalated', d.seq, ${step}::int, 'approval', d.entry, now()
      FROM d WHERE d.id IN (SELECT "id" FROM moved)
      ON CONFLICT ("generationId", "key") DO NOTHING`,
  );
  const rows = await claimedRows(
    db,
    { id: generationId, pauseVersion },
    input.approvals.map((a) => a.approvalId),
  );
  return rows.map((r) => ({ approvalId: r.key, decision: r.kind === 'escalation' ? 'escalated' : decisionOf(r) }));
}
