import pg from 'pg';
import { onCleanup } from './cleanup.js';

/** PostgreSQL the benchmark may create and drop databases on (trust auth, like the tests). */
export const adminDatabaseUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string): string {
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminDatabaseUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A fresh database dropped (WITH FORCE) at cleanup. */
export async function createDatabase(name: string): Promise<string> {
  await withAdmin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  // BENCH_KEEP_DATABASE=1 keeps it for a look at the plans after the run (drop it by hand).
  if (process.env.BENCH_KEEP_DATABASE !== '1')
    onCleanup(`database ${name}`, () =>
      withAdmin(async (c) => void (await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
    );
  return databaseUrl(name);
}

export async function postgresVersion(): Promise<string | null> {
  try {
    return await withAdmin(
      async (c) => (await c.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v ?? null,
    );
  } catch {
    return null;
  }
}
