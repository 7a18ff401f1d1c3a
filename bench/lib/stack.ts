import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { applyMigrations } from '../../infra/db/migrate.js';
import { resolveTemporalCli } from '../../infra/temporal/cli.js';
import { freePort, startTemporalDevServer } from '../../infra/temporal/dev-server.js';
import { ensureSearchAttributes } from '../../infra/temporal/search-attributes.js';
import { onCleanup } from './cleanup.js';
import { findPid } from './cpu.js';
import { createDatabase } from './database.js';
import { log } from './log.js';
import { spawnNode, runNodeScript, type Child } from './proc.js';

export interface ServiceStack {
  apiUrl: string;
  apiKey: string;
  taskQueue: string;
  temporalAddress: string;
  temporalNamespace: string;
  temporalCli: string;
  databaseUrl: string;
  databaseName: string;
  /** The Temporal dev server process (for CPU accounting), if found. */
  temporalPid: number | null;
  worker: Child;
  api: Child;
  /** For reading workflow histories (the benchmark's own connection, not the API's). */
  temporal: Client;
  serviceEnv: Record<string, string>;
}

/**
 * The service exactly as deployed: a real Temporal dev server (in memory, headless), a fresh
 * migrated PostgreSQL database, the worker and the API as two separate `node` processes
 * (api/main.ts, worker.ts) configured only through their environment.
 */
export async function startServiceStack(): Promise<ServiceStack> {
  const dbName = `da_bench_${process.pid}`;
  const taskQueue = `bench-${process.pid}`;
  const bundleDir = mkdtempSync(join(tmpdir(), 'da-bench-bundle-'));
  onCleanup('workflow bundle dir', async () => rmSync(bundleDir, { recursive: true, force: true }));
  const bundlePath = join(bundleDir, 'workflow-bundle.js');

  log(`bundling workflows, migrating ${dbName}…`);
  const [server, url] = await Promise.all([
    provideTemporal(),
    createDatabase(dbName).then(async (u) => {
      await applyMigrations(u);
      return u;
    }),
    runNodeScript('scripts/bundle-workflows.ts', [bundlePath]),
  ]);

  const port = await freePort();
  const apiKey = `da_bench_${randomBytes(20).toString('hex')}`;
  const serviceEnv: Record<string, string> = {
    NODE_ENV: 'production',
    // As the image (Dockerfile) runs both services: two glibc malloc arenas (docs/adr/0035).
    MALLOC_ARENA_MAX: '2',
    LOG_LEVEL: 'warn',
    DATABASE_URL: url,
    TEMPORAL_ADDRESS: server.address,
    TEMPORAL_TASK_QUEUE: taskQueue,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    BOOTSTRAP_API_KEY: apiKey,
    SSRF_ALLOWLIST: '127.0.0.1',
    HOST: '127.0.0.1',
    PORT: String(port),
    // The benchmark sends far more than the default 600 requests/minute from one key.
    RATE_LIMIT_PER_MINUTE: '100000000',
    // The history scenario runs 100 tool steps + the answer (the default cap is 100).
    MAX_STEPS_CAP: '200',
    WORKFLOW_BUNDLE_PATH: bundlePath,
  };
  log('starting the worker and the API as separate processes…');
  const apiUrl = `http://127.0.0.1:${port}`;
  const [worker, api] = await Promise.all([
    spawnNode('worker', 'worker.ts', [], serviceEnv, (out) => out.includes('WORKER_READY')).then((w) => {
      onCleanup('worker process', () => w.stop());
      return w;
    }),
    spawnNode('api', 'api/main.ts', [], serviceEnv, () =>
      fetch(`${apiUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      ),
    ).then((a) => {
      onCleanup('api process', () => a.stop());
      return a;
    }),
  ]);
  const connection = await Connection.connect({ address: server.address });
  onCleanup('Temporal client connection', () => connection.close());
  const temporal = new Client({ connection, namespace: server.namespace });
  // An external server's CPU is not this machine's to read: the figures leave it out.
  const temporalPid = server.external ? null : findPid(['start-dev', `--port ${server.address.split(':').at(-1)} `]);
  return {
    apiUrl,
    apiKey,
    taskQueue,
    temporalAddress: server.address,
    temporalNamespace: server.namespace,
    temporalCli: server.description,
    databaseUrl: url,
    databaseName: dbName,
    temporalPid,
    worker,
    api,
    temporal,
    serviceEnv,
  };
}

interface ProvidedTemporal {
  address: string;
  namespace: string;
  /** The dev server's CLI, or the external server's address (for the results' versions). */
  description: string;
  external: boolean;
}

/**
 * A Temporal dev server of the run's own, or, with `BENCH_TEMPORAL_ADDRESS` (and
 * `BENCH_TEMPORAL_NAMESPACE`, default `default`), that server: to measure a deployment whose
 * Temporal server has cores of its own (bench/README.md). The service's search attributes are
 * registered in its namespace if missing, as the dev server's are.
 */
async function provideTemporal(): Promise<ProvidedTemporal> {
  const address = process.env.BENCH_TEMPORAL_ADDRESS?.trim();
  if (address) {
    const namespace = process.env.BENCH_TEMPORAL_NAMESPACE?.trim() || 'default';
    log(`using the Temporal server at ${address}, namespace ${namespace}`);
    const connection = await Connection.connect({ address, connectTimeout: 10_000 });
    try {
      await connection.workflowService.describeNamespace({ namespace });
      await ensureSearchAttributes(connection.operatorService, namespace);
    } finally {
      await connection.close();
    }
    return { address, namespace, description: `external server at ${address}`, external: true };
  }
  const cli = resolveTemporalCli({ cliPathFromEnv: process.env.TEMPORAL_CLI_PATH, log });
  const description = cli.kind === 'path' ? cli.path : `SDK download (${cli.reason})`;
  log(`starting Temporal dev server (${description})…`);
  const server = await startTemporalDevServer({ cli, uiPort: null, log });
  onCleanup('Temporal dev server', () => server.stop());
  return { address: server.address, namespace: server.namespace, description, external: false };
}
