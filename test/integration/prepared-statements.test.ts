import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.js';
import { hotModelRows, hotQuery, sql } from '../../infra/db/hot-sql.js';
import { createDb, type Db } from '../../infra/db/prisma.js';
import { createTestDatabase } from '../support/database.js';

/**
 * The hot path's statements are prepared once per connection (docs/adr/0028), unless
 * DATABASE_PREPARED_STATEMENTS=false (a connection pooler that cannot keep them, such as PgBouncer
 * in transaction mode before 1.21). One connection per pool, so every statement below runs on the
 * session whose prepared statements it counts.
 */
describe('prepared statements on the pool', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const dbs: Db[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.$disconnect()));
    await database?.drop();
  });

  const open = (prepared: boolean) => {
    const db = createDb(database.url, 1, prepared);
    dbs.push(db);
    return db;
  };
  const prepared = async (db: Db) =>
    (
      await hotModelRows<{ statement: string }>(
        db,
        sql`SELECT "statement" FROM pg_prepared_statements WHERE "name" LIKE 'da\\_%' ORDER BY "statement"`,
      )
    ).map((r) => r.statement);

  it('prepares each statement text once per connection by default, and none when turned off', async () => {
    const env = loadConfig({}, 'dev');
    expect(env.DATABASE_PREPARED_STATEMENTS).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }, 'dev').DATABASE_PREPARED_STATEMENTS).toBe(false);

    const on = open(env.DATABASE_PREPARED_STATEMENTS);
    for (const n of [1, 2, 3]) {
      const [row] = await hotQuery<{ n: number }>(on, sql`SELECT ${n}::int + 1 AS "n"`);
      expect(row!.n).toBe(n + 1);
    }
    await hotQuery(on, sql`SELECT ${'x'}::text AS "other"`);
    // Three calls of one text and one of another: two prepared statements, whatever the values.
    expect(await prepared(on)).toEqual(['SELECT $1::int + 1 AS "n"', 'SELECT $1::text AS "other"']);

    const off = open(false);
    const [row] = await hotQuery<{ n: number }>(off, sql`SELECT ${1}::int + 1 AS "n"`);
    expect(row!.n).toBe(2);
    expect(await prepared(off)).toEqual([]);
  });
});
