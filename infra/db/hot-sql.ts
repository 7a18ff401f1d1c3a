import type pg from 'pg';
import type { Db } from './prisma.js';

/**
 * SQL on the hot path (docs/performance.md): the statements every step runs go straight to the pg
 * pool under the Prisma client, skipping Prisma's request pipeline (about 0.3 ms of CPU per query
 * here, measured against `pool.query`). Prisma stays the tool for schema, migrations and CRUD.
 */

export interface SqlQuery {
  text: string;
  values: unknown[];
}

/** A parameterised statement from a template: every `${value}` becomes a `$n` placeholder. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): SqlQuery {
  let text = strings[0]!;
  for (let i = 0; i < values.length; i++) text += `$${i + 1}${strings[i + 1]!}`;
  return { text, values };
}

const pools = new WeakMap<Db, pg.Pool>();

/** Called by `createDb`: the pool its adapter uses, for `hotQuery`. */
export function registerPool(db: Db, pool: pg.Pool): void {
  pools.set(db, pool);
}

/**
 * Runs `query` on the pool under `db` (the rows, as pg returns them: json parsed, int4 as number,
 * int8 as string). A client made some other way goes through Prisma's raw query instead.
 */
export async function hotQuery<Row>(db: Db, query: SqlQuery): Promise<Row[]> {
  const pool = pools.get(db);
  if (pool) return (await pool.query(query.text, query.values)).rows as Row[];
  return db.$queryRawUnsafe<Row[]>(query.text, ...query.values);
}
