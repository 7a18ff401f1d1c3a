import { ApiError, conflict } from '../../contracts/errors.js';
import { randomToken } from '../../contracts/ids.js';
import type { SteeringMessageRequest, SteeringMessageView } from '../../contracts/schemas/index.js';
import type { Generation, SteeringMessage } from '../../generated/prisma/client.js';
import { hotQuery, sql } from '../../infra/db/hot-sql.js';
import type { Db } from '../../infra/db/prisma.js';

/**
 * Steering (docs/steering.md): a user message for a running generation. Storing it is the whole
 * delivery: the run's next model call reads the waiting rows in the statement it reads its
 * conversation with, and applies them before its reply. Nothing is signalled, so nothing is left
 * half-delivered when this process dies after the insert.
 */

/** Statuses that can still take a message: queued and running runs, and paused ones (applied after the pause). */
const accepting = ['queued', 'running', 'requires_action'];

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

/** Stores the message, or answers with the one stored under the same clientMessageId. */
export async function addSteeringMessage(
  db: Db,
  g: Generation,
  body: SteeringMessageRequest,
): Promise<SteeringMessage> {
  const earlier = await sameMessage(db, g.id, body);
  if (earlier) return earlier;
  if (g.waitingForTurn || !accepting.includes(g.status)) throw notAccepting(g.status);
  let rows: Array<{ id: string }>;
  try {
    // The ordinal is taken under the generation row's lock in the insert's statement, and only
    // while the run can take a message: a run that ended meanwhile takes nothing.
    rows = await hotQuery<{ id: string }>(
      db,
      sql`WITH next AS (
            UPDATE "Generation" SET "steeringSeq" = "steeringSeq" + 1
            WHERE "id" = ${g.id} AND "status" IN ('queued', 'running', 'requires_action') AND NOT "waitingForTurn"
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
  if (id === undefined) throw notAccepting('finished');
  // Read back through Prisma, which reads its own timestamp columns as UTC.
  return db.steeringMessage.findUniqueOrThrow({ where: { id } });
}

const notAccepting = (status: string) => conflict(`The generation cannot take a message: it is ${status}`, { status });

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
