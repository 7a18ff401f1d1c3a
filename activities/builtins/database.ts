import pg from 'pg';
import { parse as parseConnectionString } from 'pg-connection-string';
import {
  DATABASE_DEFAULT_TIMEOUT_MS,
  DATABASE_RESULT_MAX_CHARS,
  DATABASE_RESULT_MAX_WIRE_BYTES,
  databaseWriteConfigSchema,
  type DatabaseConfig,
} from '../../contracts/builtins/database.js';
import { resolveChecked, SsrfBlockedError } from '../../infra/net/ssrf.js';
import { builtinError, builtinSuccess, type BuiltinCall, type BuiltinResult } from './context.js';
import { capReceivedBytes, capRows, fetchCapped } from './database-rows.js';
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
  const port = parsed.port ? Number(parsed.port) : 5432;
  // By port too: the service's own database is never reachable, whatever the allow-list says.
  const { address } = await resolveChecked(host, port, call.options.toolRules);
  const client = new pg.Client({
    user: parsed.user,
    password: parsed.password,
    database: parsed.database ?? undefined,
    port,
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
  // A lost connection fails the statement in flight; unheard, the event would end the worker.
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** One statement by the extended protocol: never more than one, whatever the text holds. */
const statement = (text: string, values: Param[] = []) => ({ text, values, queryMode: 'extended' }) as pg.QueryConfig;

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

const CURSOR = 'durable_agents_rows';

/**
 * database_query: one SELECT in a READ ONLY transaction that is always rolled back, its rows read
 * through a cursor up to the result's cap (database-rows.ts), never buffered whole.
 */
export async function runDatabaseQuery(call: BuiltinCall): Promise<BuiltinResult> {
  const ready = await prepare(call, 'query');
  if ('status' in ready) return ready;
  let client: pg.Client | undefined;
  try {
    client = await connect(call, ready.config);
    await client.query('BEGIN TRANSACTION READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${timeoutOf(ready.config)}`);
    await client.query(SEARCH_PATH);
    // The guard parsed the text as exactly one SELECT: it is the cursor's query as it stands.
    await client.query(statement(`DECLARE ${CURSOR} NO SCROLL CURSOR FOR ${ready.sql}`, ready.params));
    const { rows, truncated, tooLarge } = await fetchCapped(client, CURSOR);
    if (!tooLarge) await client.query('ROLLBACK');
    return builtinSuccess({
      rowCount: rows.length,
      rows,
      ...(truncated
        ? {
            truncated: true,
            note: tooLarge
              ? `reading stopped at a row larger than ${DATABASE_RESULT_MAX_WIRE_BYTES} bytes; more rows were not read`
              : `rows cut at ${DATABASE_RESULT_MAX_CHARS} characters; more rows were not read`,
          }
        : {}),
    });
  } catch (err) {
    return failure(err);
  } finally {
    await client?.end().catch(() => {});
  }
}

/**
 * The outcome of a write is not known yet (an earlier attempt's transaction still open, a COMMIT
 * without an answer): thrown, so Temporal retries the call and the retry's earlierAttempt reads it.
 */
class RetryLater extends Error {}

type Earlier = 'committed' | 'rolled back' | 'stopped' | 'unknown';

const NOTES: Record<Exclude<Earlier, 'unknown'>, string> = {
  committed: 'an earlier attempt of this call committed this write before it was interrupted; it was not run again',
  'rolled back': 'an earlier attempt of this call was interrupted and rolled back; this attempt wrote',
  stopped:
    'an earlier attempt of this call was left open on the database; it was stopped and rolled back, and this attempt wrote',
};

const xactStatus = async (client: pg.Client, xid: string) =>
  (await client.query<{ s: string | null }>('SELECT pg_xact_status($1::xid8) AS s', [xid])).rows[0]?.s ?? null;

/**
 * How the transaction of an interrupted attempt ended. One still in progress belongs to an attempt
 * that is gone (Temporal retries only once it is) on a connection the database has not seen close
 * (a half-open TCP connection keeps it until keepalives notice, hours by default): its backend is
 * terminated, which commits nothing, and the outcome read again.
 */
async function earlierAttempt(client: pg.Client, xid: string): Promise<Earlier> {
  let status = await xactStatus(client, xid);
  let stopped = false;
  if (status === 'in progress') {
    // The 32-bit xid of a running transaction is unique among running ones.
    const backends = await client
      .query('SELECT pg_terminate_backend(pid) AS t FROM pg_stat_activity WHERE backend_xid = $1::xid8::xid', [xid])
      .catch(() => ({ rowCount: 0 }));
    stopped = (backends.rowCount ?? 0) > 0;
    for (let i = 0; i < 50 && status === 'in progress'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = await xactStatus(client, xid);
    }
  }
  if (status === 'committed') return 'committed';
  if (status === 'aborted') return stopped ? 'stopped' : 'rolled back';
  if (status === 'in progress') throw new RetryLater(`transaction ${xid} of an earlier attempt is still open`);
  // Too old for the commit log (or another server): the write may have landed.
  return 'unknown';
}

const withNote = (content: string, note: string) => JSON.stringify({ ...JSON.parse(content), note });

/**
 * database_write: one INSERT/UPDATE/DELETE. Before COMMIT, the target's transaction id and the
 * result are recorded in our database; a retry after a crash finds them and asks the target
 * (pg_xact_status) how that transaction ended, so a write lands at most once per call: committed,
 * the recorded result is returned; rolled back (or stopped, see earlierAttempt), it runs again once.
 */
export async function runDatabaseWrite(call: BuiltinCall): Promise<BuiltinResult> {
  const ready = await prepare(call, 'write');
  if ('status' in ready) return ready;
  const key = { generationId: call.generationId, toolCallId: call.toolCallId };
  let client: pg.Client | undefined;
  try {
    client = await connect(call, ready.config);
    const earlier = await call.db.builtinWrite.findUnique({ where: { generationId_toolCallId: key } });
    const before = earlier ? await earlierAttempt(client, earlier.transactionId) : undefined;
    if (before === 'committed') return { status: 'success', content: withNote(earlier!.result, NOTES.committed) };
    if (before === 'unknown')
      return builtinError(
        `Whether an earlier attempt of this call committed (transaction ${earlier!.transactionId}) cannot be known any more: not run again`,
      );
    if (earlier) await call.db.builtinWrite.delete({ where: { generationId_toolCallId: key } });
    await client.query('BEGIN');
    await client.query(`SET LOCAL statement_timeout = ${timeoutOf(ready.config)}`);
    await client.query(SEARCH_PATH);
    let content: string;
    // RETURNING rows are read whole: past the byte cap the connection goes, and the write with it.
    const wire = capReceivedBytes(client);
    try {
      const result = await client.query(statement(ready.sql, ready.params));
      const { rows, truncated } = capRows(result.rows);
      content = JSON.stringify({
        rowCount: result.rowCount ?? 0,
        ...(result.rows.length ? { rows } : {}),
        ...(truncated ? { truncated: true } : {}),
        ...(before ? { note: NOTES[before] } : {}),
      });
    } catch (err) {
      if (wire.exceeded())
        return builtinError(
          `The RETURNING rows are larger than ${DATABASE_RESULT_MAX_WIRE_BYTES} bytes: nothing was written`,
        );
      await client.query('ROLLBACK').catch(() => {});
      return failure(err);
    } finally {
      wire.stop();
    }
    const xid = await client.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
    await call.db.builtinWrite.create({ data: { ...key, transactionId: xid.rows[0]!.xid, result: content } });
    call.options.crashPoint?.('databaseWriteRecorded');
    try {
      await client.query('COMMIT');
    } catch (err) {
      // The server refused the commit: nothing was written. Without its answer the outcome is
      // unknown: the retry's earlierAttempt reads it.
      if ((err as { code?: string }).code) return failure(err);
      throw new RetryLater(`the COMMIT of transaction ${xid.rows[0]!.xid} got no answer`);
    }
    call.options.crashPoint?.('databaseWriteCommitted');
    return { status: 'success', content };
  } catch (err) {
    if (err instanceof RetryLater) throw err;
    return failure(err);
  } finally {
    await client?.end().catch(() => {});
  }
}
