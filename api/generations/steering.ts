import { ApiError } from '../../contracts/errors.js';
import { randomToken } from '../../contracts/ids.js';
import type { SteeringMessageRequest, SteeringMessageView } from '../../contracts/schemas/index.js';
import type { Generation, SteeringMessage } from '../../generated/prisma/client.js';
import { hotQuery, sql } from '../../infra/db/hot-sql.js';
import type { Db } from '../../infra/db/prisma.js';
import { acceptingStatuses, steeringLimits, steeringRefusal } from '../../domain/steering-limits.js';

/**
 * Steering (docs/steering.md): a user message for a running generation. Storing it is the whole
 * delivery: the run's next model call reads the waiting rows in the statement it reads its
 * conversation with, and applies them before its reply. Nothing is signalled, so nothing is left
 * half-delivered when this process dies after the insert.
 */

const accepting: readonly string[] = acceptingStatuses;

/** Statuses no model call follows: a message still pending on them is never applied. */
const ended = ['completed', 'failed', 'cancelled'];

/**
 * The stored row as the API shows it. `not_applied` is read, not written: a message accepted while
 * the run's last model call was in flight stays a pending row, and the run's end is what makes it
 * final (the insert takes nothing once the run ended, so no row can turn pending afterwards).
 */
export function steeringView(m: SteeringMessage, g: Pick<Generation, 'status'>): SteeringMessageView {
  const status = m.status === 'applied' ? 'applied' : ended.includes(g.status) ? 'not_applied' : 'pending';
  return {
    id: m.id,
    object: 'generation.message',
    generationId: m.generationId,
    clientMessageId: m.clientMessageId,
    content: m.content,
    status,
    appliedAtStep: m.appliedAtStep,
    createdAt: m.createdAt.toISOString(),
  };
}

/**
 * Stores the message, or answers with the one stored under the same clientMessageId (even when the
 * caps are reached: a retry of a stored message is not a new one). Refused, storing nothing, when
 * the run cannot take it (409) or it would take the generation's pending messages past a cap (429).
 */
export async function addSteeringMessage(
  db: Db,
  g: Generation,
  body: SteeringMessageRequest,
): Promise<SteeringMessage> {
  const limits = steeringLimits;
  const earlier = await sameMessage(db, g.id, body);
  if (earlier) return earlier;
  if (g.waitingForTurn || !accepting.includes(g.status)) throw steeringRefusal(g, limits);
  // What PostgreSQL's octet_length gives for the stored text, which the run subtracts when it applies it.
  const bytes = Buffer.byteLength(body.content, 'utf8');
  let rows: Array<{ id: string }>;
  try {
    // The ordinal is taken under the generation row's lock in the insert's statement, and only
    // while the run can take a message and its pending messages stay within the caps. The caps are
    // checked against counters on that row, not a count of the rows: after waiting for the lock,
    // PostgreSQL re-checks the condition on the row's newest version, while a count would read the
    // statement's snapshot and miss a concurrent insert.
    rows = await hotQuery<{ id: string }>(
      db,
      sql`WITH next AS (
            UPDATE "Generation"
            SET "steeringSeq" = "steeringSeq" + 1,
                "steeringPendingCount" = "steeringPendingCount" + 1,
                "steeringPendingBytes" = "steeringPendingBytes" + ${bytes}::int
            WHERE "id" = ${g.id} AND "status" IN ('queued', 'running', 'requires_action') AND NOT "waitingForTurn"
              AND "steeringPendingCount" + 1 <= ${limits.messages}::int
              AND "steeringPendingBytes" + ${bytes}::int <= ${limits.bytes}::int
            RETURNING "steeringSeq"
          )
          INSERT INTO "SteeringMessage" ("id", "generationId", "ordinal", "clientMessageId", "content", "status", "createdAt")
          SELECT ${`msg_${randomToken()}`}, ${g.id}, next."steeringSeq", ${body.clientMessageId ?? null}::text, ${body.content},
                 'pending', now() AT TIME ZONE 'UTC'
          FROM next
          RETURNING "id"`,
    );
  } catch (err) {
    // A concurrent request with the same clientMessageId stored it first.
    const raced = await sameMessage(db, g.id, body);
    if (raced) return raced;
    throw err;
  }
  const id = rows[0]?.id;
  if (id === undefined) {
    // A concurrent request with the same clientMessageId may have filled the last place.
    const raced = await sameMessage(db, g.id, body);
    if (raced) return raced;
    // Which condition refused it, read from the row now (nothing was stored either way).
    const now = await db.generation.findUniqueOrThrow({
      where: { id: g.id },
      select: { status: true, waitingForTurn: true, steeringPendingCount: true, steeringPendingBytes: true },
    });
    throw steeringRefusal(now, limits);
  }
  // Read back through Prisma, which reads its own timestamp columns as UTC.
  return db.steeringMessage.findUniqueOrThrow({ where: { id } });
}

async function sameMessage(
  db: Db,
  generationId: string,
  body: SteeringMessageRequest,
): Promise<SteeringMessage | null> {
  if (body.clientMessageId === undefined) return null;
  const m = await db.steeringMessage.findUnique({
    where: { generationId_clientMessageId: { generationId, clientMessageId: body.clientMessageId } },
  });
  if (m && m.content !== body.content)
    throw new ApiError(422, 'idempotency_mismatch', 'This clientMessageId was already used with other content');
  return m;
}
