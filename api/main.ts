import { loadConfigOrExit } from '../config/env.js';
import { createLogger } from '../infra/logger.js';
import { startTracing, stopTracing } from '../infra/observability/tracing.js';
import { createRuntime } from '../infra/runtime.js';
import { connectClient } from '../infra/temporal/connection.js';
import { createApp } from './app.js';
import { startReconciler } from './generations/hand-off.js';
import { ensureBootstrap } from './bootstrap.js';

/** The API as its own process (docker compose, crash tests): needs DATABASE_URL and TEMPORAL_ADDRESS. */
const env = loadConfigOrExit('service');
await startTracing('durable-agents-api', env.OTEL_EXPORTER_OTLP_ENDPOINT);
const logger = createLogger(env.LOG_LEVEL, 'api');
const runtime = createRuntime(env, env.DATABASE_URL!, { embeddedDatabase: false });
const temporal = await connectClient(env, env.TEMPORAL_ADDRESS!);
const boot = await ensureBootstrap(runtime.db, env.BOOTSTRAP_API_KEY);
if (boot.apiKey && !env.BOOTSTRAP_API_KEY)
  logger.warn({ bootstrapApiKey: boot.apiKey }, 'Created the bootstrap admin API key; it is shown only this once');

const ctx = {
  env,
  db: runtime.db,
  temporal,
  feed: runtime.feed,
  secrets: runtime.secrets,
  logger,
  outbound: runtime.outbound,
};
const app = createApp(ctx);
// Generations stored but never handed to Temporal (a crash or an outage in between) are started here.
const stopReconciler = startReconciler(ctx);
const server = app.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  logger.info({ port }, `API listening on http://${env.HOST}:${port}`);
});

async function shutdown(signal: string): Promise<void> {
  logger.info({ signal }, 'shutting down');
  stopReconciler();
  server.close();
  server.closeAllConnections();
  await temporal.connection.close();
  await runtime.close();
  await stopTracing();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
