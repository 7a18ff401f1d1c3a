import pg from 'pg';
import { parse as parseConnectionString } from 'pg-connection-string';
import {
  DATABASE_DEFAULT_TIMEOUT_MS,
  DATABASE_RESULT_MAX_CHARS,
  databaseWriteConfigSchema,
  type DatabaseConfig,
} from '../../contracts/builtins/database.js';
import { resolveChecked, SsrfBlockedError } from '../../infra/net/ssrf.js';
import { builtinError, builtinSuccess, type BuiltinCall, type BuiltinResult } from './context.js';
import { checkSql, type SqlMode } from './sql-guard.js';

/** Unqualified names resolve to public, never to pg_catalog or temporary tables first. */
const SEARCH_PATH = 'SET LOCAL search_path TO public, pg_catalog, pg_temp';

type Param = string | number | boolean | null;

function readArguments(args: Record<string, unknown>): { sql: string; params: Param[] } | string {
  if (typeof args.sql !== 'string' || args.sql.trim() === '') return 'sql is required';
  const params = args.params ?? [];
  if (!Array.isArray(params) || params.some((p) => p !== null && !['string', 'number', 'boolean'].includes(typeof p)))
    return 'params must be an array of strings, numbers, booleans or nulls';
  return { sql: args.sql, params: params as Param[] };
}

/** A client for the tool's database; its host goes through the SSRF rules like any other call. */
async function connect(call: BuiltinCall, config: DatabaseConfig): Promise<pg.Client> {
  const parsed = parseConnectionString(config.databaseUrl!);
  const host = parsed.host ?? 'localhost';
  if (host.startsWith('/')) throw new SsrfBlockedError(host, host, 'unixSocket');
  const { address } = await resolveChecked(host, call.options.ssrfAllowList);
  const client = new pg.Client({
    user: parsed.user,
    password: parsed.password,
    database: parsed.database ?? undefined,
    port: parsed.port ? Number(parsed.port) : 5432,
    host: address,
    ...(parsed.ssl
      ? {
          ssl:
            typeof parsed.ssl === 'object'
              ? { ...parsed.ssl, cert: parsed.ssl.cert ?? undefined, servername: host }
              : { servername: host },
        }
      : {}),
    connectionTimeoutMillis: 10_000,
    application_name: 'durable-agents-builtin',
  });
  await client.connect();
  return client;
}

/** Rows as JSON, cut at whole rows below the character cap. */
function capRows(rows: unknown[]): { rows: unknown[]; truncated: boolean } {
  const out: unknown[] = [];
  let size = 2;
  for (const row of rows) {
    size += JSON.stringify(row).length + 1;
    if (size > DATABASE_RESULT_MAX_CHARS - 200) return { rows: out, truncated: true };
    out.push(row);
  }
  return { rows: out, truncated: false };
}

async function prepare(call: BuiltinCall, mode: SqlMode) {
  const config = databaseWriteConfigSchema.parse(call.config);
  if (!config.databaseUrl)
    return builtinError(`${call.tool.name} has no database configured: set config.databaseUrl on the tool`);
  if (!config.tables?.length)
    return builtinError(`${call.tool.name} has no allow-listed tables: set config.tables on the tool`);
  const args = readArguments(call.arguments);
  if (typeof args === 'string') return builtinError(args);
  const verdict = await checkSql(args.sql, mode, config.tables as Parameters<typeof checkSql>[2]);
  if (!verdict.ok) return builtinError(`Statement refused: ${verdict.reason}`);
  return { config, ...args };
}

const timeoutOf = (config: DatabaseConfig) => config.statementTimeoutMs ?? DATABASE_DEFAULT_TIMEOUT_MS;

function failure(err: unknown): BuiltinResult {
  if (err instanceof SsrfBlockedError) return builtinError(err.message);
  const e = err as { message?: string; code?: string };
  return builtinError(`Database error: ${e.message ?? String(err)}`, e.code ? { code: e.code } : {});
}

/** database_query: one SELECT in a READ ONLY transaction that is always rolled back. */
export async function runDatabaseQuery(call: BuiltinCall): Promise<BuiltinResult> {
  const ready = await prepare(call, 'query');
  if ('status' in ready) return ready;
  let client: pg.Client | undefined;
  try {
    client = await connect(call, ready.config);
    await client.query('BEGIN TRANSACTION READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${timeoutOf(ready.config)}`);
    await client.query(SEARCH_PATH);
    const result = await client.query({ text: ready.sql, values: ready.params });
    await client.query('ROLLBACK');
    const { rows, truncated } = capRows(result.rows);
    return builtinSuccess({
      rowCount: result.rowCount ?? result.rows.length,
      rows,
      ...(truncated ? { truncated: true, note: `rows cut at ${DATABASE_RESULT_MAX_CHARS} characters` } : {}),
    });
  } catch (err) {
    return failure(err);
  } finally {
    await client?.end().catch(() => {});
  }
}

/**
 * database_write: one INSERT/UPDATE/DELETE. Before COMMIT, the target's transaction id and the
 * result are recorded in our database; a retry after a crash finds them and asks the target
 * (pg_xact_status) whether that transaction committed, so a write lands at most once per call.
 */
export async function runDatabaseWrite(call: BuiltinCall): Promise<BuiltinResult> {
  const ready = await prepare(call, 'write');
  if ('status' in ready) return ready;
  const key = { generationId: call.generationId, toolCallId: call.toolCallId };
  let client: pg.Client | undefined;
  try {
    client = await connect(call, ready.config);
    const earlier = await call.db.builtinWrite.findUnique({ where: { generationId_toolCallId: key } });
    if (earlier) {
      const status = await client.query<{ s: string | null }>('SELECT pg_xact_status($1::xid8) AS s', [
        earlier.transactionId,
      ]);
      const s = status.rows[0]?.s;
      if (s === 'committed') return { status: 'success', content: earlier.result };
      // Still running on a connection of the crashed attempt: let Temporal retry a little later.
      if (s === 'in progress')
        throw new Error(`transaction ${earlier.transactionId} of an earlier attempt is still open`);
      await call.db.builtinWrite.delete({ where: { generationId_toolCallId: key } });
    }
    await client.query('BEGIN');
    await client.query(`SET LOCAL statement_timeout = ${timeoutOf(ready.config)}`);
    await client.query(SEARCH_PATH);
    let content: string;
    try {
      const result = await client.query({ text: ready.sql, values: ready.params });
      const { rows, truncated } = capRows(result.rows);
      content = JSON.stringify({
        rowCount: result.rowCount ?? 0,
        ...(result.rows.length ? { rows } : {}),
        ...(truncated ? { truncated: true } : {}),
      });
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      return failure(err);
    }
    const xid = await client.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
    await call.db.builtinWrite.create({ data: { ...key, transactionId: xid.rows[0]!.xid, result: content } });
    await client.query('COMMIT');
    return { status: 'success', content };
  } catch (err) {
    if ((err as Error).message?.includes('of an earlier attempt is still open')) throw err;
    return failure(err);
  } finally {
    await client?.end().catch(() => {});
  }
}
