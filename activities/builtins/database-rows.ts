import type pg from 'pg';
import { DATABASE_RESULT_MAX_CHARS, DATABASE_RESULT_MAX_WIRE_BYTES } from '../../contracts/builtins/database.js';

/**
 * Reading a database tool's rows within a byte budget. The result the model gets is capped in
 * characters; before that cap can apply, the rows have to be in memory. Reading them through a
 * cursor in batches, and counting the bytes the connection receives, keeps what is held to about
 * the cap, whatever the query returns (issue 43: 600 MB of rows were buffered whole).
 */

/** Room left in the result for the fields around the rows. */
const ROWS_MAX_CHARS = DATABASE_RESULT_MAX_CHARS - 200;
const FIRST_BATCH = 16;
const MAX_BATCH = 1000;

/**
 * Counts the bytes the connection receives until `stop()`; past the limit it destroys the socket,
 * so the statement in flight fails and nothing more arrives. The pg parser has seen at most one
 * more chunk by then: what is held stays near the limit.
 */
export function capReceivedBytes(
  client: pg.Client,
  limit = DATABASE_RESULT_MAX_WIRE_BYTES,
): { exceeded(): boolean; stop(): void } {
  const socket = client.connection.stream;
  let received = 0;
  let exceeded = false;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit && !exceeded) {
      exceeded = true;
      socket.destroy();
    }
  };
  socket.on('data', count);
  return { exceeded: () => exceeded, stop: () => socket.off('data', count) };
}

export interface CappedRows {
  rows: unknown[];
  /** Rows were left unread: the character cap, or a row past the byte cap (`tooLarge`). */
  truncated: boolean;
  tooLarge?: true;
}

/** Whole rows, as JSON, below the character cap (rows of a write's RETURNING, already read). */
export function capRows(rows: unknown[]): CappedRows {
  const out: unknown[] = [];
  let size = 2;
  for (const row of rows) {
    size += JSON.stringify(row).length + 1;
    if (size > ROWS_MAX_CHARS) return { rows: out, truncated: true };
    out.push(row);
  }
  return { rows: out, truncated: false };
}

/**
 * The rows of an open cursor, fetched in batches sized to the characters still free, until the
 * cap or the end. Past the byte cap the connection is gone: the rows of earlier batches stay.
 */
export async function fetchCapped(client: pg.Client, cursor: string): Promise<CappedRows> {
  const rows: unknown[] = [];
  let chars = 2;
  let batch = FIRST_BATCH;
  const wire = capReceivedBytes(client);
  try {
    for (;;) {
      const fetched = await client.query(`FETCH FORWARD ${batch} FROM ${cursor}`);
      for (const row of fetched.rows) {
        const size = JSON.stringify(row).length + 1;
        if (chars + size > ROWS_MAX_CHARS) return { rows, truncated: true };
        chars += size;
        rows.push(row);
      }
      if (fetched.rows.length < batch) return { rows, truncated: false };
      const perRow = chars / rows.length;
      batch = Math.max(1, Math.min(MAX_BATCH, Math.floor((ROWS_MAX_CHARS - chars) / perRow)));
    }
  } catch (err) {
    if (wire.exceeded()) return { rows, truncated: true, tooLarge: true };
    throw err;
  } finally {
    wire.stop();
  }
}
