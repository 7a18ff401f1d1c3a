import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import { waitFor } from '../support/wait.js';

/**
 * The one decision of the per-project limit (docs/adr/0050): `generation_start_slot`, the SQL
 * function every admission and release calls, on rows written here directly.
 */
describe('generation_start_slot: who takes a project slot', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: pg.Pool;
  let n = 0;
  let created = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new pg.Pool({ connectionString: database.url, max: 4 });
  });
  afterAll(async () => {
    await db?.end();
    await database?.drop();
  });

  let project = '';
  beforeEach(async () => {
    project = `prj_slots_${++n}`;
    await db.query(`INSERT INTO "Project" ("id", "name", "updatedAt") VALUES ($1, 'slots', now())`, [project]);
  });

  type Row = {
    status: string;
    waiting?: boolean;
    parent?: string;
    session?: string;
    turn?: number;
  };
  /** A generation row of the project, created a millisecond after the previous one. */
  async function row(id: string, r: Row, client: pg.Pool | pg.PoolClient = db): Promise<string> {
    const fullId = `${project}_${id}`;
    await client.query(`INSERT INTO "Trace" ("id", "projectId", "rootGenerationId") VALUES ($1, $2, $1)`, [
      fullId,
      project,
    ]);
    if (r.session)
      await client.query(
        `INSERT INTO "Session" ("id", "projectId", "agentId", "updatedAt") VALUES ($1, $2, 'agt', now())
         ON CONFLICT DO NOTHING`,
        [`${project}_${r.session}`, project],
      );
    await client.query(
      `INSERT INTO "Generation" ("id", "projectId", "agentId", "traceId", "status", "waitingForTurn",
         "parentGenerationId", "sessionId", "sessionTurn", "snapshot", "createdAt", "updatedAt")
       VALUES ($1, $2, 'agt', $1, $3, $4, $5, $6, $7, '{}',
         TIMESTAMP '2026-01-01' + ($8 || ' milliseconds')::interval, now())`,
      [
        fullId,
        project,
        r.status,
        r.waiting ?? false,
        r.parent ? `${project}_${r.parent}` : null,
        r.session ? `${project}_${r.session}` : null,
        r.turn ?? null,
        String(++created),
      ],
    );
    return fullId;
  }
  const slot = async (max: number, candidate: string | null, client: pg.Pool | pg.PoolClient = db) =>
    (await client.query(`SELECT "generation_start_slot"($1, $2, $3) AS "next"`, [project, max, candidate])).rows[0]
      .next as string | null;

  it('counts queued-and-handed-over, running and paused generations, children included; not waiting or settled ones', async () => {
    await row('queued', { status: 'queued' });
    await row('running', { status: 'running' });
    await row('paused', { status: 'requires_action' });
    await row('child', { status: 'running', parent: 'running' });
    await row('done', { status: 'completed' });
    await row('failed', { status: 'failed' });
    await row('cancelled', { status: 'cancelled' });
    expect(await slot(4, 'new')).toBeNull();
    expect(await slot(5, 'new')).toBe('new');
    // A stored generation asking again (a fork) is not counted against itself.
    const stored = `${project}_queued`;
    expect(await slot(4, stored)).toBe(stored);
  });

  it('gives a free slot to the oldest waiting generation before a newcomer', async () => {
    await row('running', { status: 'running' });
    const first = await row('w1', { status: 'queued', waiting: true });
    await row('w2', { status: 'queued', waiting: true });
    expect(await slot(1, 'new')).toBeNull();
    expect(await slot(2, 'new')).toBe(first);
    expect(await slot(2, null)).toBe(first);
  });

  it("passes over a session's waiting turn while its session is busy, and takes its turns in order", async () => {
    await row('t1', { status: 'running', session: 's', turn: 1 });
    await row('t2', { status: 'queued', waiting: true, session: 's', turn: 2 });
    const other = await row('w', { status: 'queued', waiting: true });
    expect(await slot(10, null)).toBe(other);
    await db.query(`UPDATE "Generation" SET "status" = 'completed' WHERE "id" = $1`, [`${project}_t1`]);
    await db.query(`UPDATE "Generation" SET "waitingForTurn" = false WHERE "id" = $1`, [other]);
    expect(await slot(10, null)).toBe(`${project}_t2`);
    // A later turn never overtakes an earlier one of its session, even with slots free.
    await db.query(`UPDATE "Generation" SET "status" = 'completed' WHERE "id" = $1`, [other]);
    await row('t3', { status: 'queued', waiting: true, session: 's', turn: 3 });
    expect(await slot(10, null)).toBe(`${project}_t2`);
  });

  it('holds the project row until the asking transaction ends, so two starts never both take the last slot', async () => {
    const first = await db.connect();
    try {
      await first.query('BEGIN');
      expect(await slot(1, 'a', first)).toBe('a');
      await row('a', { status: 'queued' }, first);
      // The second start waits for the first one's lock...
      const second = slot(1, 'b');
      await waitFor(async () => {
        const { rows } = await db.query(
          `SELECT count(*)::int AS c FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%generation_start_slot%'`,
        );
        return rows[0].c === 1 ? true : undefined;
      }, 'the second start to wait for the project lock');
      await first.query('COMMIT');
      // ...and then sees its generation: no slot is left.
      expect(await second).toBeNull();
    } finally {
      first.release();
    }
  });
});
