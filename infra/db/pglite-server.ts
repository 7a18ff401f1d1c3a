import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { freePort } from '../temporal/dev-server.js';

/**
 * Embedded PostgreSQL (PGlite, WASM) served over the wire protocol so Prisma, pg and the
 * migration engine connect to it like to any server. It runs a single backend session, so it
 * accepts one connection at a time: callers use a pool of size 1.
 */
export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(opts: { dataDir: string; port?: number }): Promise<EmbeddedPostgres> {
  mkdirSync(opts.dataDir, { recursive: true });
  const db = await PGlite.create(opts.dataDir);
  const port = opts.port || (await freePort());
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 1 });
  await server.start();
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
