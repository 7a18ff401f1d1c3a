import { randomUUID } from 'node:crypto';
import { ApiError } from '../../contracts/errors.js';
import {
  argumentsHash,
  canonicalJson,
  type AnswerControls,
  type ApprovalExpiry,
  type ClaimedAnswer,
  type ExpireApprovalsInput,
} from '../../contracts/generation/index.js';
import { hotQuery, sql, type SqlQuery } from '../../infra/db/hot-sql.js';
import type { Db } from '../../infra/db/prisma.js';

/**
 * Answers to a pause are claimed here before the workflow is told (docs/adr/0041). A claim is one
 * statement: one `PauseAnswer` row per thing answered (a client tool call, an approval, a
 * question), inserted only while the generation's row still shows the pause the answer was read
 * for. The primary key makes each thing answered once: a second answer fails the statement as a
 * whole, so an answer is claimed entirely or not at all. An approval's expiry claims its row the
 * same way (`expireApprovals`), so PostgreSQL decides between a late decision and the deadline.
 */

/** The generation row as an answer reads it. */
export interface PausedRow {
  id: string;
  status: string;
  pauseVersion: number | null;
  requiredAction: unknown;
}

/** One thing an answer answers, and what with. */
export interface AnsweredKey {
  key: string;
  payload: Record<string, unknown>;
}

/**
 * What a claim did: the answers to signal (this request's; or, for the same answer sent again,
 * the earlier request's, rebuilt from their rows so none of their keys is lost), and whether it
 * was a repeat.
 */
export interface Claim {
  answers: ClaimedAnswer[];
  repeated: boolean;
}

export const notWaiting = (what: string) =>
  new ApiError(409, 'generation_not_waiting', `The generation is not waiting for ${what}`);

/** PostgreSQL's unique_violation: another answer claimed one of the keys first. */
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** `answer` minus its id, version and author: what the rows of one answer have in common. */
type AnswerBody = ClaimedAnswer extends infer A
  ? A extends unknown
    ? Omit<A, 'answerId' | 'pauseVersion' | 'answeredBy'>
    : never
  : never;

/**
 * Claims `keys` for a new answer at the pause the row shows. `also` adds data-modifying CTEs to
 * the statement (an approval's row), run only when the claim is; `gate` narrows the rows claimed.
 */
async function insertClaim(
  db: Db,
  g: PausedRow,
  body: AnswerBody,
  keys: AnsweredKey[],
  answeredBy: string | null,
  opts: { also?: SqlQuery; gate?: SqlQuery } = {},
): Promise<ClaimedAnswer | 'conflict' | 'closed'> {
  const answerId = randomUUID();
  const pauseVersion = g.pauseVersion!;
  const rows = JSON.stringify(keys);
  try {
    const claimed = await hotQuery<{ key: string }>(
      db,
      sql`WITH open AS (
          SELECT 1 FROM "Generation"
          WHERE "id" = ${g.id} AND "status" = 'requires_action' AND "pauseVersion" = ${pauseVersion}::int
        ), claimed AS (
          INSERT INTO "PauseAnswer" ("generationId", "pauseVersion", "key", "answerId", "kind", "payload", "answeredBy", "createdAt")
          SELECT ${g.id}, ${pauseVersion}::int, k.value->>'key', ${answerId}, ${body.kind}, k.value->'payload', ${answeredBy}::text,
                 now() AT TIME ZONE 'UTC'
          FROM open, jsonb_array_elements(${rows}::jsonb) AS k(value)
          WHERE ${opts.gate ?? sql`true`}
          RETURNING "key"
        )${opts.also ? sql`, ${opts.also}` : sql``}
        SELECT "key" FROM claimed`,
    );
    if (claimed.length === 0) return 'closed';
    return { ...body, answerId, pauseVersion, answeredBy } as ClaimedAnswer;
  } catch (err) {
    if (isUniqueViolation(err)) return 'conflict';
    throw err;
  }
}

/** A claimed row. */
export interface ClaimedRow {
  generationId: string;
  pauseVersion: number;
  key: string;
  answerId: string;
  kind: string;
  payload: Record<string, unknown>;
  answeredBy: string | null;
}

const claimedColumns = sql`"generationId", "pauseVersion", "key", "answerId", "kind", "payload", "answeredBy"`;

/** The rows already claimed for `keys` at the row's pause. */
export async function claimedRows(
  db: Db,
  g: Pick<PausedRow, 'id' | 'pauseVersion'>,
  keys: string[],
): Promise<ClaimedRow[]> {
  return hotQuery<ClaimedRow>(
    db,
    sql`SELECT ${claimedColumns} FROM "PauseAnswer"
        WHERE "generationId" = ${g.id} AND "pauseVersion" = ${g.pauseVersion!}::int AND "key" = ANY(${keys}::text[])
        ORDER BY "key"`,
  );
}

/** Every row of the answers `answerIds`, to rebuild them as they were claimed. */
export async function rowsOfAnswers(db: Db, answerIds: string[]): Promise<ClaimedRow[]> {
  return hotQuery<ClaimedRow>(
    db,
    sql`SELECT ${claimedColumns} FROM "PauseAnswer" WHERE "answerId" = ANY(${answerIds}::text[]) ORDER BY "answerId", "key"`,
  );
}

/** The answers the rows of a claim hold, as they were signalled (expiries are no answers). */
export function answersFromRows(rows: ClaimedRow[]): ClaimedAnswer[] {
  const byAnswer = new Map<string, ClaimedRow[]>();
  for (const r of rows)
    if (r.kind !== 'expiry' && r.kind !== 'escalation')
      byAnswer.set(r.answerId, [...(byAnswer.get(r.answerId) ?? []), r]);
  return [...byAnswer.values()].map((group): ClaimedAnswer => {
    const first = group[0]!;
    const base = { answerId: first.answerId, pauseVersion: first.pauseVersion, answeredBy: first.answeredBy };
    if (first.kind === 'toolOutputs') {
      const { next, stepRules, defaults } = first.payload as AnswerControls;
      return {
        ...base,
        kind: 'toolOutputs',
        toolOutputs: group.map((r) => ({ toolCallId: r.key, output: r.payload.output })),
        ...(next ? { next } : {}),
        ...(stepRules ? { stepRules } : {}),
        ...(defaults ? { defaults } : {}),
      };
    }
    if (first.kind === 'clarification')
      return { ...base, kind: 'clarification', toolCallId: first.key, answer: String(first.payload.answer) };
    const p = first.payload as {
      toolName: string;
      argumentsHash: string;
      approved: boolean;
      reason?: string;
      arguments?: Record<string, unknown>;
      decidedAt: string;
    };
    return { ...base, kind: 'approval', approvalId: approvalOfKey(first.key), ...p };
  });
}

/** The earlier answers that claimed exactly `keys` with exactly these payloads, or null. */
async function sameAnswersAgain(
  db: Db,
  g: PausedRow,
  keys: AnsweredKey[],
  kind: string,
): Promise<ClaimedAnswer[] | null> {
  const existing = await claimedRows(
    db,
    g,
    keys.map((k) => k.key),
  );
  const byKey = new Map(existing.map((r) => [r.key, r]));
  const same = keys.every((k) => {
    const row = byKey.get(k.key);
    return row?.kind === kind && canonicalJson(row.payload) === canonicalJson(k.payload);
  });
  if (!same) return null;
  return answersFromRows(await rowsOfAnswers(db, [...new Set(existing.map((r) => r.answerId))]));
}

/**
 * The outputs of client tools, for some or all of the pending calls. The same outputs sent again
 * (a retry of a request whose reply was lost) are accepted and signalled again; other outputs for
 * a call already answered are a 409.
 */
export async function claimToolOutputs(
  db: Db,
  g: PausedRow,
  outputs: Array<{ toolCallId: string; output: unknown }>,
  controls: AnswerControls,
  answeredBy: string | null,
): Promise<Claim> {
  const required = g.requiredAction as { type?: string; toolCalls?: Array<{ toolCallId: string }> } | null;
  if (g.status !== 'requires_action' || required?.type !== 'submit_tool_outputs' || g.pauseVersion === null)
    throw notWaiting('tool outputs');
  const seen = new Set<string>();
  for (const o of outputs) {
    if (seen.has(o.toolCallId)) throw new ApiError(422, 'unprocessable', `toolCallId ${o.toolCallId} appears twice`);
    seen.add(o.toolCallId);
  }
  const keys = outputs.map((o) => ({ key: o.toolCallId, payload: { output: o.output ?? null, ...controls } }));
  const body: AnswerBody = { kind: 'toolOutputs', toolOutputs: outputs, ...controls };
  const pending = new Set((required.toolCalls ?? []).map((c) => c.toolCallId));
  // Calls the row no longer lists were answered before (or never asked for): no new claim.
  const claimed = outputs.every((o) => pending.has(o.toolCallId))
    ? await insertClaim(db, g, body, keys, answeredBy)
    : 'conflict';
  if (typeof claimed === 'object') return { answers: [claimed], repeated: false };
  if (claimed === 'closed') throw notWaiting('tool outputs');
  const again = await sameAnswersAgain(db, g, keys, 'toolOutputs');
  if (again) return { answers: again, repeated: true };
  const answered = await claimedRows(db, g, [...seen]);
  if (answered.length > 0) throw new ApiError(409, 'conflict', `toolCallId ${answered[0]!.key} was already answered`);
  const unknown = outputs.find((o) => !pending.has(o.toolCallId));
  if (unknown) throw new ApiError(422, 'unprocessable', `toolCallId ${unknown.toolCallId} is not a pending tool call`);
  throw notWaiting('tool outputs');
}

/** The answer to the open agent_clarify question (`toolCallId` names it; absent: whichever is open). */
export async function claimClarification(
  db: Db,
  g: PausedRow,
  answer: string,
  toolCallId: string | undefined,
  answeredBy: string | null,
): Promise<Claim> {
  const required = g.requiredAction as { type?: string; clarification?: { toolCallId: string } } | null;
  const open = required?.type === 'answer_clarification' ? required.clarification?.toolCallId : undefined;
  if (g.status !== 'requires_action' || open === undefined || g.pauseVersion === null)
    throw notWaiting('a clarification');
  if (toolCallId !== undefined && toolCallId !== open)
    throw new ApiError(
      409,
      'conflict',
      `The open question is ${open}, not ${toolCallId}; it was answered already or never asked`,
    );
  if (answer.trim() === '') throw new ApiError(422, 'unprocessable', 'answer must not be empty');
  const body: AnswerBody = { kind: 'clarification', toolCallId: open, answer };
  const keys = [{ key: open, payload: { answer } }];
  const claimed = await insertClaim(db, g, body, keys, answeredBy);
  if (typeof claimed === 'object') return { answers: [claimed], repeated: false };
  if (claimed === 'closed') throw notWaiting('a clarification');
  const again = await sameAnswersAgain(db, g, keys, 'clarification');
  if (again) return { answers: again, repeated: true };
  throw new ApiError(409, 'conflict', `The question ${open} was already answered`);
}

/** An approval row, as a decision reads it. */
export interface PendingApprovalRow {
  id: string;
  status: string;
  expiresAt: Date;
  toolName: string;
  argumentsHash: string;
  /** Set once the first deadline handed the approval to its escalation group. */
  escalatedAt: Date | null;
}

/**
 * A decision on one approval: claimed while the approval is pending and not expired, and written
 * to the approval's row in the same statement, so the inbox shows it decided at once. A second
 * decision, or one after the deadline, is a 409.
 */
export async function claimApprovalDecision(
  db: Db,
  g: PausedRow,
  approval: PendingApprovalRow,
  decision: { approved: boolean; reason?: string | undefined; arguments?: Record<string, unknown> | undefined },
  answeredBy: string,
): Promise<Claim> {
  const decided = () => new ApiError(409, 'conflict', `Approval ${approval.id} is already ${approval.status}`);
  if (approval.status !== 'pending') throw decided();
  const expired = () =>
    new ApiError(409, 'conflict', `Approval ${approval.id} expired at ${approval.expiresAt.toISOString()}`);
  if (approval.expiresAt.getTime() <= Date.now()) throw expired();
  if (g.status !== 'requires_action' || g.pauseVersion === null) throw notWaiting('an approval decision');
  // Fail closed: the approval's row and the pause's required action (one write of the workflow)
  // must name the same call, by tool and argument hash.
  const asked = (
    g.requiredAction as { approvals?: Array<{ approvalId: string; toolName: string; arguments: unknown }> } | null
  )?.approvals?.find((a) => a.approvalId === approval.id);
  if (!asked || asked.toolName !== approval.toolName || argumentsHash(asked.arguments) !== approval.argumentsHash)
    throw new ApiError(409, 'conflict', `Approval ${approval.id} does not match the pending call`);
  const edited = decision.approved ? decision.arguments : undefined;
  const decidedAt = new Date().toISOString();
  const payload = {
    approved: decision.approved,
    ...(decision.reason !== undefined ? { reason: decision.reason } : {}),
    ...(edited !== undefined ? { arguments: edited } : {}),
    decidedAt,
  };
  const call = { toolName: approval.toolName, argumentsHash: approval.argumentsHash };
  const body: AnswerBody = { kind: 'approval', approvalId: approval.id, ...call, ...payload };
  const status = decision.approved ? 'approved' : 'denied';
  // The group the approver check read must still be the one deciding: the escalation changes both.
  const escalated = approval.escalatedAt !== null;
  const key = approvalClaimKey(approval.id, escalated);
  const claimed = await insertClaim(db, g, body, [{ key, payload: { ...call, ...payload } }], answeredBy, {
    gate: sql`EXISTS (SELECT 1 FROM "Approval" a WHERE a."id" = ${approval.id} AND a."generationId" = ${g.id}
                AND a."status" = 'pending' AND a."expiresAt" > (now() AT TIME ZONE 'UTC')
                AND (a."escalatedAt" IS NOT NULL) = ${escalated}::boolean)`,
    also: sql`decided AS (
        UPDATE "Approval" SET "status" = ${status}, "decidedBy" = ${answeredBy},
          "decidedAt" = (${decidedAt}::timestamptz AT TIME ZONE 'UTC'), "reason" = ${decision.reason ?? null}::text,
          "editedArgs" = ${edited === undefined ? null : JSON.stringify(edited)}::jsonb
        WHERE "id" = ${approval.id} AND EXISTS (SELECT 1 FROM claimed)
      )`,
  });
  if (typeof claimed === 'object') return { answers: [claimed], repeated: false };
  const [row] = await claimedRows(db, g, [key]);
  if (row?.kind === 'expiry') throw expired();
  if (row?.kind === 'escalation')
    throw new ApiError(409, 'conflict', `Approval ${approval.id} was escalated to another group of approvers`);
  if (row) throw new ApiError(409, 'conflict', `Approval ${approval.id} is already decided`);
  if (approval.expiresAt.getTime() <= Date.now()) throw expired();
  throw notWaiting('an approval decision');
}

const ESCALATED_KEY = '#escalated';
/** The claim key of an approval: its id, or for its escalated group a key of its own (docs/approvals.md). */
export const approvalClaimKey = (approvalId: string, escalated: boolean) =>
  escalated ? `${approvalId}${ESCALATED_KEY}` : approvalId;
/** The approval a claim key belongs to. */
export const approvalOfKey = (key: string) => (key.endsWith(ESCALATED_KEY) ? key.slice(0, -ESCALATED_KEY.length) : key);

/** What the deadline decides for each approval: as given for hooks with deadline behaviour, else expired. */
function deadlineRows(input: ExpireApprovalsInput) {
  const given = new Map((input.deadlines ?? []).map((d) => [d.approvalId, d]));
  return input.approvalIds.map((approvalId) => {
    const d = given.get(approvalId);
    return {
      approvalId,
      key: approvalClaimKey(approvalId, d?.escalated ?? false),
      status: d?.approve ? 'approved' : 'expired',
      reason: d?.reason ?? 'No decision before the approval expired',
      decidedBy: d?.decidedBy ?? 'system:expiry',
    };
  });
}

/**
 * Claims undecided approvals of a pause at their deadline: expired, or what the hook's `onExpiry`
 * says; those a decision claimed first keep it. The expiry's rows are keyed by the pause, so a
 * re-run of the same expiry reads its own claim back.
 */
export async function claimExpiry(db: Db, input: ExpireApprovalsInput): Promise<ApprovalExpiry[]> {
  const { generationId, pauseVersion } = input;
  const answerId = `expiry:${generationId}:${pauseVersion}`;
  const rows = deadlineRows(input);
  await hotQuery(
    db,
    sql`WITH d AS (
        SELECT value->>'approvalId' AS id, value->>'key' AS key, value->>'status' AS status,
               value->>'reason' AS reason, value->>'decidedBy' AS by
        FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb)
      ), claimed AS (
        INSERT INTO "PauseAnswer" ("generationId", "pauseVersion", "key", "answerId", "kind", "payload", "createdAt", "signalledAt")
        SELECT ${generationId}, ${pauseVersion}::int, d.key, ${answerId}, 'expiry', '{}'::jsonb,
               now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
        FROM d
        ON CONFLICT DO NOTHING
        RETURNING "key"
      )
      UPDATE "Approval" a SET "status" = d.status, "decidedAt" = now() AT TIME ZONE 'UTC',
        "reason" = d.reason, "decidedBy" = d.by
      FROM d
      WHERE a."generationId" = ${generationId} AND a."status" = 'pending' AND a."id" = d.id
        AND d.key IN (SELECT "key" FROM claimed)`,
  );
  // A statement of its own: it sees the decisions whose claims committed while the insert waited on them.
  const claimed = await claimedRows(
    db,
    { id: generationId, pauseVersion },
    rows.map((r) => r.key),
  );
  return claimed.map((r) => ({
    approvalId: approvalOfKey(r.key),
    decision: r.kind === 'expiry' ? 'expired' : decisionOf(r),
  }));
}

/** A decision as its claimed row holds it. */
export function decisionOf(r: ClaimedRow): Exclude<ApprovalExpiry['decision'], 'expired'> {
  return {
    approved: r.payload.approved === true,
    ...(typeof r.payload.reason === 'string' ? { reason: r.payload.reason } : {}),
    ...(r.payload.arguments ? { arguments: r.payload.arguments as Record<string, unknown> } : {}),
    decidedAt: String(r.payload.decidedAt),
    decidedBy: r.answeredBy,
  };
}
