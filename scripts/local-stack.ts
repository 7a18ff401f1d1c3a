import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { builtinOptionsFromEnv } from '../activities/builtins/index.js';
import { createApp } from '../api/app.js';
import { startReconciler } from '../api/generations/hand-off.js';
import { ensureBootstrap } from '../api/bootstrap.js';
import type { Env } from '../config/env.js';
import { applyMigrations } from '../infra/db/migrate.js';
import { startEmbeddedPostgres } from '../infra/db/pglite-server.js';
import type { Logger } from '../infra/logger.js';
import { createRuntime } from '../infra/runtime.js';
import { resolveTemporalCli } from '../infra/temporal/cli.js';
import { connectClient, connectWorker } from '../infra/temporal/connection.js';
import { startTemporalDevServer } from '../infra/temporal/dev-server.js';
import { createWorker, installTemporalRuntime } from '../worker.js';
import { readDevKey, saveDevKey } from './dev-key.js';
import { startTracing } from '../infra/observability/tracing.js';

export interface LocalStack {
  apiUrl: string;
  apiKey: string | null;
  temporalAddress: string;
  temporalUi: string | null;
  databaseLabel: string;
  /** Resolves if the worker stops on its own (a fatal error). */
  workerStopped: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Everything in one process on embedded defaults: a Temporal dev server and PGlite persisting
 * under DATA_DIR (unless TEMPORAL_ADDRESS / DATABASE_URL are set), migrations, the worker and the
 * API. Used by `npm run dev` and `npm run demo`.
 */
export async function startLocalStack(
  env: Env,
  logger: Logger,
  opts: { say: (line: string) => void; headless?: boolean },
): Promise<LocalStack> {
  await startTracing('durable-agents', env.OTEL_EXPORTER_OTLP_ENDPOINT);
  installTemporalRuntime(env.LOG_LEVEL);
  const { say } = opts;
  const dataDir = resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((err: unknown) => logger.error({ err }, 'error while stopping'));
  };

  try {
    let temporalAddress = env.TEMPORAL_ADDRESS;
    let temporalUi: string | null = null;
    const temporalInternal: Array<{ name: string; host: string; port: number }> = [];
    if (!temporalAddress) {
      const cli = resolveTemporalCli({ cliPathFromEnv: env.TEMPORAL_CLI_PATH, log: say });
      say(`Starting the Temporal dev server (${cli.kind === 'path' ? cli.path : 'downloaded by the Temporal SDK'})…`);
      const server = await startTemporalDevServer({
        cli,
        namespace: env.TEMPORAL_NAMESPACE,
        dbFile: join(dataDir, 'temporal.db'),
        port: env.TEMPORAL_DEV_PORT,
        uiPort: opts.headless ? null : env.TEMPORAL_UI_PORT,
        log: say,
      });
      stops.push(() => server.stop());
      temporalAddress = server.address;
      temporalUi = server.uiUrl;
      temporalInternal.push(
        { name: "the Temporal dev server's HTTP API", host: '127.0.0.1', port: server.internalPorts.http },
        { name: "the Temporal dev server's metrics", host: '127.0.0.1', port: server.internalPorts.metrics },
      );
    }

    let databaseUrl = env.DATABASE_URL;
    const embedded = !databaseUrl;
    if (!databaseUrl) {
      say(`Starting embedded PostgreSQL (PGlite) in ${join(dataDir, 'pglite')}…`);
      const pglite = await startEmbeddedPostgres({ dataDir: join(dataDir, 'pglite'), port: env.EMBEDDED_PG_PORT });
      stops.push(() => pglite.stop());
      databaseUrl = pglite.url;
    }
    say('Applying database migrations…');
    await applyMigrations(databaseUrl, say);

    const runtime = createRuntime(env, databaseUrl, {
      embeddedDatabase: embedded,
      endpoints: { temporalAddress, temporalUiUrl: temporalUi, extra: temporalInternal },
    });
    stops.push(() => runtime.close());
    const boot = await ensureBootstrap(runtime.db, env.BOOTSTRAP_API_KEY);
    if (boot.apiKey && !env.BOOTSTRAP_API_KEY) saveDevKey(dataDir, boot.apiKey);
    const apiKey = env.BOOTSTRAP_API_KEY ?? boot.apiKey ?? readDevKey(dataDir);

    const workerConnection = await connectWorker(env, temporalAddress);
    const temporal = await connectClient(env, temporalAddress);
    stops.push(() => temporal.connection.close());
    const worker = await createWorker({
      connection: workerConnection,
      namespace: env.TEMPORAL_NAMESPACE,
      taskQueue: env.TEMPORAL_TASK_QUEUE,
      ...(env.WORKFLOW_BUNDLE_PATH ? { workflowBundle: { codePath: env.WORKFLOW_BUNDLE_PATH } } : {}),
      maxCachedWorkflows: env.WORKER_CACHED_WORKFLOWS,
      deps: {
        db: runtime.db,
        feed: runtime.feed,
        secrets: runtime.secrets,
        dispatcher: runtime.dispatcher,
        providerDispatcher: runtime.providerDispatcher,
        modelTimeoutMs: env.MODEL_CALL_TIMEOUT_SECONDS * 1000,
        builtins: builtinOptionsFromEnv(env, runtime.outbound.rules.tool),
        turnStarter: {
          client: temporal,
          taskQueue: env.TEMPORAL_TASK_QUEUE,
          maxRunningGenerations: env.PROJECT_MAX_RUNNING_GENERATIONS,
        },
        temporal,
      },
      logger,
    });
    const workerRun = worker.run();
    stops.push(async () => {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await workerRun.catch(() => {});
      await workerConnection.close();
    });

    // Generations link to the embedded dev server's UI unless TEMPORAL_UI_URL says otherwise.
    const linkedEnv = { ...env, TEMPORAL_UI_URL: env.TEMPORAL_UI_URL ?? temporalUi ?? undefined };
    const ctx = {
      env: linkedEnv,
      db: runtime.db,
      temporal,
      feed: runtime.feed,
      secrets: runtime.secrets,
      logger,
      outbound: runtime.outbound,
    };
    const app = createApp(ctx);
    const stopReconciler = startReconciler(ctx);
    stops.push(async () => stopReconciler());
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
    return {
      apiUrl: `http://${env.HOST}:${port}`,
      apiKey,
      temporalAddress,
      temporalUi,
      databaseLabel: embedded ? `embedded PGlite (${join(dataDir, 'pglite')})` : 'PostgreSQL at DATABASE_URL',
      workerStopped: workerRun.then(
        () => undefined,
        () => undefined,
      ),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
