import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { loadConfigOrExit } from '../config/env.js';
import { createApp } from '../api/app.js';
import { ensureBootstrap } from '../api/bootstrap.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../infra/db/pglite-server.js';
import { applyMigrations } from '../infra/db/migrate.js';
import { createLogger } from '../infra/logger.js';
import { createRuntime } from '../infra/runtime.js';
import { resolveTemporalCli } from '../infra/temporal/cli.js';
import { connectClient, connectWorker } from '../infra/temporal/connection.js';
import { startTemporalDevServer, type TemporalDevServer } from '../infra/temporal/dev-server.js';
import { createWorker, installTemporalRuntime } from '../worker.js';
import { readDevKey, saveDevKey } from './dev-key.js';

/**
 * `npm run dev`: everything in one command on embedded defaults — a Temporal dev server and
 * PGlite persisting under DATA_DIR (unless TEMPORAL_ADDRESS / DATABASE_URL are set), migrations,
 * the worker and the API in this process. Ctrl-C stops it all; a restart keeps the data.
 */
const env = loadConfigOrExit('dev');
installTemporalRuntime(env.LOG_LEVEL);
const logger = createLogger(env.LOG_LEVEL, 'dev');
const say = (line: string) => process.stdout.write(`${line}\n`);
const dataDir = resolve(env.DATA_DIR);
mkdirSync(dataDir, { recursive: true });

const stops: Array<() => Promise<void>> = [];
let stopping = false;
async function stopAll(code: number): Promise<never> {
  if (stopping) process.exit(code);
  stopping = true;
  say('\nStopping…');
  for (const stop of stops.reverse()) {
    await stop().catch((err: unknown) => logger.error({ err }, 'error while stopping'));
  }
  process.exit(code);
}
process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));

try {
  let temporalAddress = env.TEMPORAL_ADDRESS;
  let temporalUi: string | null = null;
  if (!temporalAddress) {
    const cli = resolveTemporalCli({ cliPathFromEnv: env.TEMPORAL_CLI_PATH, log: say });
    say(`Starting the Temporal dev server (${cli.kind === 'path' ? cli.path : 'SDK download'})…`);
    const server: TemporalDevServer = await startTemporalDevServer({
      cli,
      namespace: env.TEMPORAL_NAMESPACE,
      dbFile: join(dataDir, 'temporal.db'),
      port: env.TEMPORAL_DEV_PORT,
      uiPort: env.TEMPORAL_UI_PORT,
      log: say,
    });
    stops.push(() => server.stop());
    temporalAddress = server.address;
    temporalUi = server.uiUrl;
  }

  let databaseUrl = env.DATABASE_URL;
  let pglite: EmbeddedPostgres | null = null;
  if (!databaseUrl) {
    say(`Starting embedded PostgreSQL (PGlite) in ${join(dataDir, 'pglite')}…`);
    pglite = await startEmbeddedPostgres({ dataDir: join(dataDir, 'pglite'), port: env.EMBEDDED_PG_PORT });
    stops.push(() => pglite!.stop());
    databaseUrl = pglite.url;
  }
  say('Applying database migrations…');
  await applyMigrations(databaseUrl, say);

  const runtime = createRuntime(env, databaseUrl, { embeddedDatabase: pglite !== null });
  stops.push(() => runtime.close());
  const boot = await ensureBootstrap(runtime.db, env.BOOTSTRAP_API_KEY);
  if (boot.apiKey && !env.BOOTSTRAP_API_KEY) saveDevKey(dataDir, boot.apiKey);
  const apiKey = env.BOOTSTRAP_API_KEY ?? boot.apiKey ?? readDevKey(dataDir);

  const workerConnection = await connectWorker(env, temporalAddress);
  const worker = await createWorker({
    connection: workerConnection,
    namespace: env.TEMPORAL_NAMESPACE,
    taskQueue: env.TEMPORAL_TASK_QUEUE,
    deps: { db: runtime.db, feed: runtime.feed, secrets: runtime.secrets, dispatcher: runtime.dispatcher, modelTimeoutMs: env.MODEL_CALL_TIMEOUT_SECONDS * 1000 },
  });
  const workerRun = worker.run();
  stops.push(async () => {
    worker.shutdown();
    await workerRun;
    await workerConnection.close();
  });
  workerRun.catch((err: unknown) => {
    logger.error({ err }, 'worker stopped unexpectedly');
    void stopAll(1);
  });

  const temporal = await connectClient(env, temporalAddress);
  stops.push(() => temporal.connection.close());
  const app = createApp({ env, db: runtime.db, temporal, feed: runtime.feed, secrets: runtime.secrets, logger });
  const server = await new Promise<Server>((done, fail) => {
    const s = app.listen(env.PORT, env.HOST, () => done(s)).on('error', fail);
  });
  stops.push(
    () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  );
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;

  say('');
  say('Durable Agents is running');
  say(`  API          http://${env.HOST}:${port}  (health: /healthz, readiness: /readyz)`);
  say(`  Temporal     ${temporalAddress}${temporalUi ? `  (UI: ${temporalUi})` : ''}`);
  say(`  Database     ${pglite ? `embedded PGlite (${join(dataDir, 'pglite')})` : 'DATABASE_URL'}`);
  say(`  API key      ${apiKey ?? '(created on an earlier start; see BOOTSTRAP_API_KEY in the README)'}`);
  say('Press Ctrl-C to stop.');
} catch (err) {
  logger.error({ err }, 'start-up failed');
  await stopAll(1);
}
