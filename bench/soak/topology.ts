import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { applyMigrations } from '../../infra/db/migrate.js';
import { resolveTemporalCli } from '../../infra/temporal/cli.js';
import { freePort, startTemporalDevServer, type TemporalDevServer } from '../../infra/temporal/dev-server.js';
import { onCleanup } from '../lib/cleanup.js';
import { createDatabase } from '../lib/database.js';
import { errorText, log } from '../lib/log.js';
import { runNodeScript, spawnNode, type Child } from '../lib/proc.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './proxy.js';

/**
 * The soak's topology on one machine: a Temporal dev server persisting to a file (so a kill -9
 * keeps its state), a fresh PostgreSQL database, two workers and two API replicas as separate
 * processes behind a round-robin proxy. Each process is supervised: killed, it is started again
 * after `restartDelayMs`, as systemd's Restart=always or a Kubernetes Deployment would.
 */
export interface SupervisedProcess {
  readonly name: string;
  isUp(): boolean;
  /** SIGKILL now; the supervisor starts it again. Resolves once the old process has exited. */
  kill(): Promise<void>;
  /** Resolves when the process is up (started and ready). */
  whenUp(): Promise<void>;
  restarts: number;
  stop(): Promise<void>;
}

function supervise(
  name: string,
  start: () => Promise<{ kill: () => Promise<void>; exited: Promise<void>; stop: () => Promise<void> }>,
  restartDelayMs: number,
): SupervisedProcess {
  let current: { kill: () => Promise<void>; exited: Promise<void>; stop: () => Promise<void> } | null = null;
  let stopped = false;
  let upWaiters: Array<() => void> = [];
  const self: SupervisedProcess = {
    name,
    restarts: -1,
    isUp: () => current !== null,
    async kill() {
      const c = current;
      if (c) await c.kill();
    },
    whenUp: () => (current ? Promise.resolve() : new Promise<void>((r) => upWaiters.push(r))),
    async stop() {
      stopped = true;
      await current?.stop();
    },
  };
  const loop = async () => {
    while (!stopped) {
      try {
        const c = await start();
        self.restarts++;
        current = c;
        for (const w of upWaiters) w();
        upWaiters = [];
        await c.exited;
        current = null;
      } catch (err) {
        if (!stopped) log(`${name} did not start: ${errorText(err).slice(0, 300)}`);
      }
      if (!stopped) await new Promise((r) => setTimeout(r, restartDelayMs));
    }
  };
  void loop();
  return self;
}

export interface SoakTopology {
  proxy: RoundRobinProxy;
  apiKey: string;
  databaseUrl: string;
  databaseName: string;
  temporal: SupervisedProcess;
  workers: SupervisedProcess[];
  apis: SupervisedProcess[];
  /** A Temporal client of the soak's own (reconnects after the server restarts). */
  temporalClient(): Promise<Client>;
  stop(): Promise<void>;
}

export async function startSoakTopology(serviceEnv: Record<string, string>): Promise<SoakTopology> {
  const dir = mkdtempSync(join(tmpdir(), 'da-soak-'));
  onCleanup('soak temp dir', async () => rmSync(dir, { recursive: true, force: true }));
  const dbName = `da_soak_${process.pid}`;
  const bundlePath = join(dir, 'workflow-bundle.js');
  const temporalPort = await freePort();
  const cli = resolveTemporalCli({ cliPathFromEnv: process.env.TEMPORAL_CLI_PATH, log });
  if (cli.kind !== 'path') throw new Error('the soak kills the Temporal server: it needs the Temporal CLI binary');
  const dbFile = join(dir, 'temporal.db');

  log(`soak: migrating ${dbName}, bundling workflows, starting Temporal on :${temporalPort}…`);
  const temporal = supervise(
    'temporal',
    async () => {
      const s: TemporalDevServer = await startTemporalDevServer({ cli, dbFile, port: temporalPort, uiPort: null });
      let resolveExit!: () => void;
      const exited = new Promise<void>((r) => (resolveExit = r));
      return {
        // The dev server's handle has no exit promise; its kill() resolves once it has exited.
        kill: async () => {
          await s.kill();
          resolveExit();
        },
        exited,
        stop: async () => {
          await s.stop();
          resolveExit();
        },
      };
    },
    500,
  );
  const [databaseUrl] = await Promise.all([
    createDatabase(dbName).then(async (u) => {
      await applyMigrations(u);
      return u;
    }),
    runNodeScript('scripts/bundle-workflows.ts', [bundlePath]),
    temporal.whenUp(),
  ]);
  onCleanup('Temporal dev server', () => temporal.stop());

  const apiKey = `da_soak_${randomBytes(20).toString('hex')}`;
  const apiPorts = [await freePort(), await freePort()];
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: `127.0.0.1:${temporalPort}`,
    TEMPORAL_TASK_QUEUE: 'soak',
    SECRETS_KEY: randomBytes(32).toString('base64'),
    BOOTSTRAP_API_KEY: apiKey,
    SSRF_ALLOWLIST: '127.0.0.1',
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '100000000',
    WORKFLOW_BUNDLE_PATH: bundlePath,
    ...serviceEnv,
  };
  const node = (name: string, entry: string, extra: Record<string, string>, ready: (out: string) => Promise<boolean>) =>
    supervise(
      name,
      async () => {
        const child: Child = await spawnNode(name, entry, [], { ...env, ...extra }, ready, 90_000);
        const exited = new Promise<void>((r) => {
          if (child.child.exitCode !== null || child.child.signalCode !== null) r();
          else child.child.once('exit', () => r());
        });
        return {
          kill: async () => {
            child.child.kill('SIGKILL');
            await exited;
          },
          exited,
          stop: () => child.stop(5_000),
        };
      },
      1_000,
    );
  const metricsPorts = [await freePort(), await freePort()];
  const workers = metricsPorts.map((port, i) =>
    node(`worker-${i + 1}`, 'worker.ts', { WORKER_METRICS_PORT: String(port) }, async (out) =>
      out.includes('WORKER_READY'),
    ),
  );
  const apis = apiPorts.map((port, i) =>
    node(`api-${i + 1}`, 'api/main.ts', { PORT: String(port) }, () =>
      fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      ),
    ),
  );
  for (const p of [...workers, ...apis]) onCleanup(p.name, () => p.stop());
  await Promise.all([...workers, ...apis].map((p) => p.whenUp()));
  const proxy = await startRoundRobinProxy(apiPorts);
  onCleanup('proxy', () => proxy.close());

  let client: Client | null = null;
  return {
    proxy,
    apiKey,
    databaseUrl,
    databaseName: dbName,
    temporal,
    workers,
    apis,
    async temporalClient() {
      if (!client) {
        const connection = await Connection.connect({ address: `127.0.0.1:${temporalPort}` });
        onCleanup('soak Temporal client', () => connection.close());
        client = new Client({ connection, namespace: 'default' });
      }
      return client;
    },
    stop: async () => {
      await proxy.close();
      await Promise.all([...apis, ...workers].map((p) => p.stop()));
      await temporal.stop();
    },
  };
}
