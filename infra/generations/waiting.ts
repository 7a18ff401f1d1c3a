import type { Generation } from '../../generated/prisma/client.js';
import { hotQuery, sql, type SqlQuery } from '../db/hot-sql.js';
import type { Db } from '../db/prisma.js';

/**
 * Stored generations waiting to start (docs/adr/0050). A waiting generation is `queued` with
 * `waitingForTurn` and has no workflow; it waits for its session's turn (docs/adr/0009) or for a
 * slot of its project (PROJECT_MAX_RUNNING_GENERATIONS: its active generations, children
 * included). Who may start is decided by one SQL function, `generation_start_slot` (migration
 * 20261203120000_project_running_limit), under the project's row lock; every admission and
 * release goes through this module:
 *
 * - a new top-level generation asks in the statement or transaction that stores it (`waitsSql`),
 *   a fork right after it was stored (`admitStored`);
 * - a generation that settles releases the project's oldest waiting ones while slots are free
 *   (`startWaiting`, from the worker's final write), and the API's reconciler does the same for
 *   a release that never happened (`projectsWithWaiting`).
 *
 * Child generations never ask: they are started by their parent's workflow and only counted, so a
 * parent waiting for its child is never held back by the slot it holds itself.
 */

/**
 * The default limit: one default worker's workflow cache (WORKER_CACHED_WORKFLOWS, 100 runs), so
 * one project alone cannot push a worker's cache past full, and far above what a project runs
 * interactively; a backfill or a loop of API calls queues behind it instead of flooding the queue.
 */
export const DEFAULT_PROJECT_MAX_RUNNING_GENERATIONS = 100;

/**
 * SQL: true when the generation `id`, not counted yet (about to be stored, or stored and not
 * handed over), must wait. Locks the project's row until the transaction ends.
 */
export function waitsSql(projectId: string, id: string, maxRunning: number): SqlQuery {
  return sql`("generation_start_slot"(${projectId}::text, ${maxRunning}::int, ${id}::text) IS DISTINCT FROM ${id}::text)`;
}

type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

/** Inside an interactive transaction: must the new generation `id` wait? The project stays locked. */
export async function waitsForSlot(tx: Tx, projectId: string, id: string, maxRunning: number): Promise<boolean> {
  const q = sql`SELECT ${waitsSql(projectId, id, maxRunning)} AS "waits"`;
  const [row] = await tx.$queryRawUnsafe<Array<{ waits: boolean }>>(q.text, ...q.values);
  return row!.waits;
}

/**
 * A generation stored without asking (a fork, stored by domain/generations/fork.ts) asks now:
 * when it must wait it is marked waiting, in the same statement. True when it may start.
 */
export async function admitStored(db: Db, g: Pick<Generation, 'id' | 'projectId'>, maxRunning: number) {
  await hotQuery<{ id: string }>(
    db,
    sql`WITH slot AS (SELECT ${waitsSql(g.projectId, g.id, maxRunning)} AS "waits")
      UPDATE "Generation" SET "waitingForTurn" = true, "updatedAt" = LOCALTIMESTAMP(3)
      FROM slot WHERE "id" = ${g.id} AND "status" = 'queued' AND NOT "waitingForTurn" AND slot."waits"
      RETURNING "id"`,
  );
  // The row as it is now: a concurrent same-key request may have marked it waiting already.
  const [row] = await hotQuery<{ waits: boolean }>(
    db,
    sql`SELECT "waitingForTurn" AS "waits" FROM "Generation" WHERE "id" = ${g.id}`,
  );
  return row !== undefined && !row.waits;
}

/** Whose project: a project id, or the project of a generation (the one that just settled). */
export type ProjectOf = { projectId: string } | { generationId: string };

/**
 * Hands the project's next free slot to its oldest waiting generation that may start (its
 * session idle) and returns its id; null when no slot is free or nobody may start.
 */
export async function claimNextWaiting(db: Db, of: ProjectOf, maxRunning: number): Promise<string | null> {
  const project =
    'projectId' in of
      ? sql`${of.projectId}::text`
      : sql`(SELECT "projectId" FROM "Generation" WHERE "id" = ${of.generationId})`;
  const [row] = await hotQuery<{ id: string }>(
    db,
    sql`WITH next AS (SELECT "generation_start_slot"(${project}, ${maxRunning}::int, NULL) AS "id")
      UPDATE "Generation" g SET "waitingForTurn" = false, "updatedAt" = LOCALTIMESTAMP(3)
      FROM next WHERE g."id" = next."id" AND g."status" = 'queued' AND g."waitingForTurn"
      RETURNING g."id"`,
  );
  return row?.id ?? null;
}

/**
 * Claims and starts waiting generations of the project while slots are free (at most `limit`),
 * and returns the ids it started. A claimed row whose start fails or never happens (the process
 * died) is an ordinary queued row: the API's reconciler starts it.
 */
export async function startWaiting(
  db: Db,
  of: ProjectOf,
  maxRunning: number,
  start: (g: Generation) => Promise<void>,
  limit = 100,
): Promise<string[]> {
  const started: string[] = [];
  while (started.length < limit) {
    const id = await claimNextWaiting(db, of, maxRunning);
    if (!id) break;
    await start(await db.generation.findUniqueOrThrow({ where: { id } }));
    started.push(id);
  }
  return started;
}

/**
 * Projects with a waiting generation and a free slot, oldest waiter first: the reconciler's release
 * pass (a missed release). Full projects are left out, so they cannot crowd out one that missed it.
 */
export async function projectsWithWaiting(db: Db, maxRunning: number, limit = 100): Promise<string[]> {
  const rows = await hotQuery<{ projectId: string }>(
    db,
    sql`SELECT w."projectId" FROM (
          SELECT "projectId", min("createdAt") AS "oldest" FROM "Generation"
          WHERE "waitingForTurn" AND "status" = 'queued' GROUP BY "projectId"
        ) w
        WHERE (SELECT count(*) FROM "Generation" a WHERE a."projectId" = w."projectId"
               AND a."status" IN ('queued', 'running', 'requires_action') AND NOT a."waitingForTurn") < ${maxRunning}
        ORDER BY w."oldest" LIMIT ${limit}`,
  );
  return rows.map((r) => r.projectId);
}
