import { createHash } from 'node:crypto';
import pg from 'pg';
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

function isSqlQuery(value: unknown): value is SqlQuery {
  return typeof value === 'object' && value !== null && 'text' in value && 'values' in value && !Array.isArray(value);
}

/**
 * A parameterised statement from a template: every `${value}` becomes a `$n` placeholder, and a
 * nested `sql` fragment is spliced in with its placeholders renumbered.
 */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): SqlQuery {
  let text = strings[0]!;
  const params: unknown[] = [];
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (isSqlQuery(value)) {
      const offset = params.length;
      text += value.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
      params.push(...value.values);
    } else {
      params.push(value);
      text += `$${params.length}`;
    }
    text += strings[i + 1]!;
  }
  return { text, values: params };
}

/**
 * A SELECT that sends `notify` (a change feed's inline notification) when the statement commits,
 * and nothing when it is null.
 */
export function notifySelect(notify: { channel: string; payload: string } | null): SqlQuery {
  return sql`SELECT pg_notify(v.channel, v.payload)
    FROM (VALUES (${notify?.channel ?? null}::text, ${notify?.payload ?? null}::text)) AS v(channel, payload)
    WHERE v.channel IS NOT NULL`;
}

const pools = new WeakMap<Db, { pool: pg.Pool; prepared: boolean }>();

/**
 * Called by `createDb`: the pool its adapter uses, for `hotQuery`. With `prepared`, each statement
 * text is a named prepared statement on every connection, so PostgreSQL parses and plans it once
 * per connection instead of on every call (docs/adr/0028).
 */
export function registerPool(db: Db, pool: pg.Pool, prepared: boolean): void {
  pools.set(db, { pool, prepared });
}

/**
 * Runs `query` on the pool under `db` (the rows, as pg returns them: json parsed, int4 as number,
 * int8 as string). A client made some other way goes through Prisma's raw query instead.
 */
export async function hotQuery<Row>(db: Db, query: SqlQuery): Promise<Row[]> {
  const registered = pools.get(db);
  if (!registered) return db.$queryRawUnsafe<Row[]>(query.text, ...query.values);
  const name = registered.prepared ? statementName(query.text) : undefined;
  const result = name
    ? await registered.pool.query({ name, text: query.text, values: query.values })
    : await registered.pool.query(query.text, query.values);
  return result.rows as Row[];
}

/**
 * Distinct statement texts prepared per process at most. The hot path has a few dozen, all fixed
 * (values are parameters); a text past the limit runs unprepared rather than growing every
 * connection's set of prepared statements.
 */
const MAX_PREPARED_STATEMENTS = 256;
const statementNames = new Map<string, string>();

/** The name a statement text is prepared under on every connection (the same text, the same name). */
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED_STATEMENTS) {
    name = `da_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** PostgreSQL's `timestamp` (without zone): what Prisma's DateTime columns are. */
const TIMESTAMP_OID = 1114;
/** Array types of the scalar lists the schema uses (text[], int4[], float8[]). */
const LIST_OIDS = new Set([1009, 1007, 1022]);
// Timestamp columns hold UTC without a zone (Prisma's convention): parse them as UTC, whatever
// the process's zone is; every other type as pg parses it.
const modelTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP_OID && format !== 'binary'
      ? (text: string) => new Date(`${text.replace(' ', 'T')}Z`)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/**
 * Runs a `SELECT *` of a model's table on the pool under `db`, with the row types Prisma gives
 * (DateTime as a Date in UTC, a NULL scalar list as []): for reads on the hot path that hand rows
 * to code written against Prisma's model types. Not for BigInt or Decimal columns.
 */
export async function hotModelRows<Row>(db: Db, query: SqlQuery): Promise<Row[]> {
  // Never prepared: a `SELECT *` plan cached before a migration added a column would fail.
  const pool = pools.get(db)?.pool;
  if (!pool) return db.$queryRawUnsafe<Row[]>(query.text, ...query.values);
  const result = await pool.query({ text: query.text, values: query.values, types: modelTypes });
  const lists = result.fields.filter((f) => LIST_OIDS.has(f.dataTypeID)).map((f) => f.name);
  if (lists.length)
    for (const row of result.rows as Array<Record<string, unknown>>) for (const name of lists) row[name] ??= [];
  return result.rows as Row[];
}
