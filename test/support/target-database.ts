import pg from 'pg';
import { createTestDatabase } from './database.js';
import { startTcpRelay } from './tcp-relay.js';

/**
 * A target database for the database tools: tables the agent may use (one of them limited to some
 * columns), and tables and columns it may not read. The tools reach it through a relay on a port
 * of its own: the service's own database endpoint is closed to them.
 */
export async function targetDatabase() {
  const db = await createTestDatabase();
  const server = new URL(db.url);
  const relay = await startTcpRelay({ host: server.hostname, port: Number(server.port || 5432) });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await client.query(`
    CREATE SCHEMA shop;
    CREATE TABLE shop.orders (id int PRIMARY KEY, status text NOT NULL);
    CREATE TABLE shop.customers (id int PRIMARY KEY, name text, password text);
    CREATE TABLE shop.counters (id int PRIMARY KEY, n int NOT NULL);
    CREATE SCHEMA secret;
    CREATE TABLE secret.keys (k text);
    CREATE TABLE public.internal_secrets (secret text);
    INSERT INTO shop.orders VALUES (1, 'open'), (2, 'shipped');
    INSERT INTO shop.customers VALUES (1, 'Ada', 'hunter2');
    INSERT INTO secret.keys VALUES ('top-secret');
    INSERT INTO public.internal_secrets VALUES ('internal-secret-value');
  `);
  const snapshot = async () =>
    JSON.stringify(
      (
        await client.query(
          `SELECT (SELECT json_agg(o ORDER BY id) FROM shop.orders o) AS o,
                  (SELECT json_agg(c ORDER BY id) FROM shop.customers c) AS c,
                  (SELECT json_agg(k) FROM secret.keys k) AS k,
                  (SELECT count(*) FROM information_schema.tables WHERE table_schema IN ('shop','secret','public')) AS t`,
        )
      ).rows[0],
    );
  return {
    url: relay.urlFor(db.url),
    relay,
    client,
    snapshot,
    async close() {
      await client.end();
      await relay.close();
      await db.drop();
    },
  };
}

/** The tables the database tools may use in the target database. */
export const shopTables = [
  { schema: 'shop', table: 'orders' },
  { schema: 'shop', table: 'customers', columns: ['id', 'name'] },
  { schema: 'shop', table: 'counters' },
];
