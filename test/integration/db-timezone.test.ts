import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotQuery, sql } from '../../infra/db/hot-sql.js';
import { createDb, type Db } from '../../infra/db/prisma.js';
import { adminDatabaseUrl } from '../support/env.js';
import { createTestDatabase } from '../support/database.js';

/**
 * Timestamp columns hold UTC without a zone (what Prisma writes). Statements of our own that use
 * `now()` must write the same, on a database whose default zone is not UTC.
 */
describe('the database pool on a server whose zone is not UTC', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    const admin = new pg.Client({ connectionString: adminDatabaseUrl });
    await admin.connect();
    await admin.query(`ALTER DATABASE ${database.name} SET timezone TO 'Pacific/Kiritimati'`);
    await admin.end();
    db = createDb(database.url, 2);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database?.drop();
  });

  it('writes and reads now() as UTC, through the pool and through Prisma', async () => {
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    const { rows } = await other.query<{ zone: string }>(`SELECT current_setting('TimeZone') AS zone`);
    await other.end();
    expect(rows[0]!.zone).toBe('Pacific/Kiritimati');

    const [pooled] = await hotQuery<{ zone: string; at: Date }>(
      db,
      sql`SELECT current_setting('TimeZone') AS "zone", now()::timestamp(3) AS "at"`,
    );
    expect(pooled!.zone).toBe('UTC');
    expect(Math.abs(pooled!.at.getTime() - Date.now())).toBeLessThan(60_000);
    const [viaPrisma] = await db.$queryRaw<Array<{ at: Date }>>`SELECT now()::timestamp(3) AS "at"`;
    expect(Math.abs(new Date(viaPrisma!.at).getTime() - Date.now())).toBeLessThan(60_000);
  });
});
