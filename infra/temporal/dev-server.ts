import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Connection } from '@temporalio/client';
import type { CliResolution } from './cli.js';
import { devServerSearchAttributeArgs, ensureSearchAttributes } from './search-attributes.js';

/** A running local Temporal dev server (a real Temporal server, SQLite-backed). */
export interface TemporalDevServer {
  address: string;
  namespace: string;
  uiUrl: string | null;
  /**
   * Its other ports on 127.0.0.1, the HTTP API (which serves workflow histories) and metrics, fixed
   * here instead of left random so that the service can keep tenant traffic away from them.
   */
  internalPorts: { http: number; metrics: number };
  stop(): Promise<void>;
  /** SIGKILL the server (a crash, for tests); resolves once it has exited. */
  kill(): Promise<void>;
}

export interface DevServerOptions {
  cli: CliResolution;
  namespace?: string;
  /** SQLite file to persist to; omit for an in-memory server (tests). */
  dbFile?: string;
  /** 0 picks a free port. */
  port?: number;
  /** null disables the web UI. */
  uiPort?: number | null;
  /**
   * Partitions of every task queue (the server's default is 4). Fairness and priority order hold
   * within a partition, so the test run uses 1, where a fairness test can expect the exact order.
   */
  taskQueuePartitions?: number;
  /**
   * The workflow task timeout of every workflow that does not set its own (the server's default is
   * 10 s): how long the server waits for a worker that took a workflow task and died before it
   * hands the task to another. The test run shortens it; crash tests kill workers that hold one.
   */
  defaultWorkflowTaskTimeoutSeconds?: number;
  log?: (line: string) => void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Task queue fairness (docs/knowledge-bases.md, "Ingestion"): tasks carry their project as the
 * fairness key and a backlog is dispatched round-robin across projects, not first come first served.
 */
const fairnessArgs = ['--dynamic-config-value', 'matching.enableFairness=true'];

const workflowTaskTimeoutArgs = (seconds: number | undefined) =>
  seconds === undefined ? [] : ['--dynamic-config-value', `history.defaultWorkflowTaskTimeout="${seconds}s"`];

const partitionArgs = (n: number | undefined) =>
  n === undefined
    ? []
    : [
        '--dynamic-config-value',
        `matching.numTaskqueueReadPartitions=${n}`,
        '--dynamic-config-value',
        `matching.numTaskqueueWritePartitions=${n}`,
      ];

export async function startTemporalDevServer(opts: DevServerOptions): Promise<TemporalDevServer> {
  const namespace = opts.namespace ?? 'default';
  const port = opts.port || (await freePort());
  const uiPort = opts.uiPort === null ? null : opts.uiPort || (await freePort());
  const internalPorts = { http: await freePort(), metrics: await freePort() };
  const internalArgs = ['--http-port', String(internalPorts.http), '--metrics-port', String(internalPorts.metrics)];
  if (opts.cli.kind === 'sdk-download')
    return startWithSdkDownload(opts, namespace, port, uiPort, internalPorts, internalArgs);

  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--namespace',
    namespace,
    '--log-level',
    'error',
    '--log-format',
    'json',
    ...devServerSearchAttributeArgs(),
    ...fairnessArgs,
    ...partitionArgs(opts.taskQueuePartitions),
    ...workflowTaskTimeoutArgs(opts.defaultWorkflowTaskTimeoutSeconds),
    ...internalArgs,
  ];
  if (opts.dbFile) args.push('--db-filename', opts.dbFile);
  if (uiPort === null) args.push('--headless');
  else args.push('--ui-port', String(uiPort));

  const child = spawn(opts.cli.path, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const address = `127.0.0.1:${port}`;
  try {
    await waitUntilServing(address, namespace, child, () => stderr);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    address,
    namespace,
    uiUrl: uiPort === null ? null : `http://127.0.0.1:${uiPort}`,
    internalPorts,
    stop: () => stopChild(child),
    kill: () => killChild(child),
  };
}

async function waitUntilServing(
  address: string,
  namespace: string,
  child: ChildProcess,
  stderr: () => string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Temporal dev server exited (${child.exitCode ?? child.signalCode}): ${stderr()}`);
    }
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1000 });
      try {
        await connection.workflowService.describeNamespace({ namespace });
        await ensureSearchAttributes(connection.operatorService, namespace);
        return;
      } finally {
        await connection.close();
      }
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`Temporal dev server did not become ready at ${address}: ${String(lastError)} ${stderr()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}

function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGKILL');
  });
}

/** Machines with internet and no CLI: let the Temporal SDK download and run the dev server. */
async function startWithSdkDownload(
  opts: DevServerOptions,
  namespace: string,
  port: number,
  uiPort: number | null,
  internalPorts: TemporalDevServer['internalPorts'],
  internalArgs: string[],
): Promise<TemporalDevServer> {
  opts.log?.(
    `No local Temporal CLI (${opts.cli.kind === 'sdk-download' ? opts.cli.reason : ''}); downloading it through the Temporal SDK`,
  );
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      namespace,
      ip: '127.0.0.1',
      port,
      ...(opts.dbFile ? { dbFilename: opts.dbFile } : {}),
      ...(uiPort === null ? {} : { ui: true, uiPort }),
      extraArgs: [
        ...devServerSearchAttributeArgs(),
        ...fairnessArgs,
        ...partitionArgs(opts.taskQueuePartitions),
        ...workflowTaskTimeoutArgs(opts.defaultWorkflowTaskTimeoutSeconds),
        ...internalArgs,
      ],
    },
  });
  await ensureSearchAttributes(env.connection.operatorService, namespace);
  return {
    address: `127.0.0.1:${port}`,
    namespace,
    uiUrl: uiPort === null ? null : `http://127.0.0.1:${uiPort}`,
    internalPorts,
    stop: () => env.teardown(),
    // The SDK owns that process: no SIGKILL, a teardown.
    kill: () => env.teardown(),
  };
}
