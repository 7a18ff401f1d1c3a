import type { Env } from '../config/env.js';
import { createSecretBox, loadOrCreateDevKey, type SecretBox } from './crypto/secrets.js';
import { createDb, type Db } from './db/prisma.js';
import { LocalChangeFeed, PgChangeFeed, type ChangeFeed } from './events/change-feed.js';
import { createOutbound, type KnownEndpoints, type Outbound } from './net/outbound.js';
import type { Agent } from 'undici';
import { configureSandboxMemory } from './isolation/sandbox-memory.js';
import { configureUntrustedPool } from './isolation/untrusted-pool.js';

/** The shared clients of a process (api, worker or both in `npm run dev`). */
export interface Runtime {
  db: Db;
  feed: ChangeFeed;
  secrets: SecretBox;
  /** Tenant tools, MCP, hooks, webhooks and builtins connect through this (outbound.tool). */
  dispatcher: Agent;
  /** Model providers and embeddings connect through this (outbound.provider). */
  providerDispatcher: Agent;
  outbound: Outbound;
  close(): Promise<void>;
}

export function createSecretsFromEnv(env: Env): SecretBox {
  const key = env.SECRETS_KEY ? Buffer.from(env.SECRETS_KEY, 'base64') : loadOrCreateDevKey(env.DATA_DIR);
  const previous = Object.fromEntries(
    Object.entries(env.SECRETS_PREVIOUS_KEYS).map(([id, k]) => [id, Buffer.from(k, 'base64')]),
  );
  return createSecretBox(key, env.SECRETS_KEY_ID, previous);
}

export function createRuntime(
  env: Env,
  databaseUrl: string,
  opts: { embeddedDatabase: boolean; endpoints?: Omit<KnownEndpoints, 'databaseUrl'> },
): Runtime {
  configureIsolation(env);
  // Embedded PGlite serves one connection: one pool slot, and notifications stay in-process.
  // Never prepared on PGlite: its connections share one session, where a statement prepared by a
  // closed connection survives and the next connection's Parse of it fails.
  const db = createDb(
    databaseUrl,
    opts.embeddedDatabase ? 1 : env.DATABASE_POOL_SIZE,
    env.DATABASE_PREPARED_STATEMENTS && !opts.embeddedDatabase,
  );
  const feed: ChangeFeed = opts.embeddedDatabase ? new LocalChangeFeed() : new PgChangeFeed(databaseUrl);
  // The service's own endpoints, this database among them, are out of reach of tenant traffic.
  const outbound = createOutbound(env, { ...opts.endpoints, databaseUrl });
  return {
    db,
    feed,
    secrets: createSecretsFromEnv(env),
    dispatcher: outbound.tool,
    providerDispatcher: outbound.provider,
    outbound,
    async close() {
      await feed.close();
      await outbound.close();
      await db.$disconnect();
    },
  };
}

/** The process's limits for untrusted work (docs/security.md): its thread pool and sandbox memory. */
export function configureIsolation(
  env: Pick<Env, 'UNTRUSTED_THREADS' | 'UNTRUSTED_THREAD_MEMORY_MB' | 'SANDBOX_MEMORY_BUDGET_MB'>,
): void {
  configureUntrustedPool({
    ...(env.UNTRUSTED_THREADS ? { threads: env.UNTRUSTED_THREADS, perProject: env.UNTRUSTED_THREADS - 1 } : {}),
    memoryMb: env.UNTRUSTED_THREAD_MEMORY_MB,
  });
  configureSandboxMemory(env.SANDBOX_MEMORY_BUDGET_MB);
}
