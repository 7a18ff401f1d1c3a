import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../infra/db/migrate.js';
import { adminDatabaseUrl, databaseUrl } from '../support/env.js';

const prismaCli = join(dirname(createRequire(import.meta.url).resolve('prisma/package.json')), 'build', 'index.js');

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminDatabaseUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Tables, columns, indexes and constraints: what a migration must produce. */
async function describeSchema(url: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const columns = await c.query(
      `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name <> '_prisma_migrations' ORDER BY table_name, column_name`,
    );
    const indexes = await c.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY indexname`,
    );
    const constraints = await c.query(
      `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY conname`,
    );
    return [
      ...columns.rows.map(
        (r) =>
          `col ${r.table_name}.${r.column_name} ${r.data_type}/${r.udt_name} null=${r.is_nullable} default=${r.column_default}`,
      ),
      ...indexes.rows.map((r) => `idx ${r.indexdef}`),
      ...constraints.rows
        .filter((r) => !String(r.conname).startsWith('_prisma'))
        .map((r) => `con ${r.conname} ${r.def}`),
    ];
  } finally {
    await c.end();
  }
}

describe('database migrations (offline, WebAssembly schema engine)', () => {
  const names = [`da_mig_a_${process.pid}`, `da_mig_b_${process.pid}`];
  afterAll(async () => {
    await admin(async (c) => {
      for (const n of names) await c.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
    });
  });

  it('apply to a fresh database, are idempotent, and match prisma/schema.prisma exactly', async () => {
    const [migrated, pushed] = names as [string, string];
    await admin(async (c) => {
      for (const n of names) {
        await c.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
        await c.query(`CREATE DATABASE ${n}`);
      }
    });
    const logs: string[] = [];
    await applyMigrations(databaseUrl(migrated), (l) => logs.push(l));
    await applyMigrations(databaseUrl(migrated), (l) => logs.push(l));
    expect(logs).toEqual(['Migrations applied', 'Database schema is up to date']);

    // The schema as Prisma would create it from schema.prisma, applied to a second database.
    const sql = execFileSync(
      process.execPath,
      [prismaCli, 'migrate', 'diff', '--from-empty', '--to-schema-datamodel', 'prisma/schema.prisma', '--script'],
      {
        env: { ...process.env, DATABASE_URL: databaseUrl(pushed), CHECKPOINT_DISABLE: '1' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    const c = new pg.Client({ connectionString: databaseUrl(pushed) });
    await c.connect();
    await c.query(sql);
    await c.end();

    const fromMigrations = await describeSchema(databaseUrl(migrated));
    expect(fromMigrations.length).toBeGreaterThan(50);
    expect(fromMigrations).toEqual(await describeSchema(databaseUrl(pushed)));
  });
});
