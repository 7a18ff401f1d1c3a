import pg from 'pg';

// PostgreSQL's `name` type (OID 19) and `name[]` (1003) cannot be deserialised by the Prisma pg
// adapter (prisma/orm#27403), which breaks the WebAssembly schema engine's introspection queries
// during `migrate deploy`. Both are plain text on the wire, so we report them as text / text[].
const TYPE_REMAP: Record<number, number> = { 19: 25, 1003: 1009 };

function remapFields(result: unknown): void {
  const results = Array.isArray(result) ? result : [result];
  for (const r of results) {
    const fields = (r as { fields?: Array<{ dataTypeID: number }> } | undefined)?.fields;
    if (!fields) continue;
    for (const field of fields) {
      const mapped = TYPE_REMAP[field.dataTypeID];
      if (mapped !== undefined) field.dataTypeID = mapped;
    }
  }
}

/** A pg Client that presents `name` columns as `text`; used as the Pool's `Client`. */
export class NameAsTextClient extends pg.Client {
  // pg's query() has callback, promise and submittable forms; we patch the result in each.
  override query(...args: unknown[]): never {
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      const callback = last as (err: Error | null, res: unknown) => void;
      args[args.length - 1] = (err: Error | null, res: unknown) => {
        if (!err) remapFields(res);
        callback(err, res);
      };
      return (super.query as (...a: unknown[]) => never)(...args);
    }
    const returned = (super.query as (...a: unknown[]) => unknown)(...args);
    if (returned && typeof (returned as Promise<unknown>).then === 'function') {
      return (returned as Promise<unknown>).then((res) => {
        remapFields(res);
        return res;
      }) as never;
    }
    return returned as never;
  }
}

/**
 * An idle pooled client can die (database restart, a terminated backend): pg emits that on the pool,
 * and an 'error' event nobody listens to kills the process. The pool has already dropped the client
 * and opens a new one on demand, so there is nothing else to do.
 */
export function ignoreIdleClientErrors(pool: pg.Pool): pg.Pool {
  pool.on('error', () => {});
  return pool;
}

/** `allowExitOnIdle` lets short-lived CLI processes (migrations) exit as soon as they are done. */
export function createPgPool(connectionString: string, max = 10, opts: { allowExitOnIdle?: boolean } = {}): pg.Pool {
  const idle = opts.allowExitOnIdle ? { idleTimeoutMillis: 50 } : {};
  return ignoreIdleClientErrors(
    new pg.Pool({
      connectionString,
      max,
      // Timestamp columns hold UTC without a zone, as Prisma writes them; `now()` and column
      // defaults in our own SQL are cast in the session's zone, so every session is UTC
      // whatever the server's or the database's default is.
      options: '-c TimeZone=UTC',
      Client: NameAsTextClient,
      allowExitOnIdle: opts.allowExitOnIdle ?? false,
      ...idle,
    }),
  );
}
