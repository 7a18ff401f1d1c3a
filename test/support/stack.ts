import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { Worker } from '@temporalio/worker';
import type { Client } from '@temporalio/client';
import { inject } from 'vitest';
import { builtinOptionsFromEnv } from '../../activities/builtins/index.js';
import { createApp } from '../../api/app.js';
import { cancelRequestedFailure } from '../../contracts/generation/index.js';
import { ensureBootstrap } from '../../api/bootstrap.js';
import { loadConfig, type Env } from '../../config/env.js';
import { createLogger } from '../../infra/logger.js';
import { createRuntime, type Runtime } from '../../infra/runtime.js';
import { connectClient, connectWorker } from '../../infra/temporal/connection.js';
import { reusablePort } from './ports.js';
import { createWorker, installTemporalRuntime } from '../../worker.js';
import { createTestDatabase } from './database.js';
import { spawnService, type ServiceProcess } from './processes.js';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface StackOptions {
  /** `processes` runs the api and the worker as separate OS processes (crash tests). */
  mode?: 'in-process' | 'processes';
  /** Extra environment for the services. */
  env?: Record<string, string>;
  /** Start without a worker (tests that start one later). */
  withoutWorker?: boolean;
  /** processes mode: keep every line the services print (log tests), not only the latest 20 kB. */
  fullOutput?: boolean;
  /** In-process worker: activity slots (default 100); 1 makes a backlog of activity tasks. */
  maxConcurrentActivities?: number;
}

/**
 * A complete service for one test file: its own database (cloned from the run's template), its
 * own task queue on the run's Temporal dev server, the API and a worker.
 */
export class TestStack {
  url = '';
  readonly apiKey = `da_test_${randomBytes(20).toString('hex')}`;
  projectId = '';
  env!: Env;
  runtime!: Runtime;
  temporal!: Client;
  readonly taskQueue = `test-${randomBytes(6).toString('hex')}`;
  private dropDatabase: () => Promise<void> = async () => {};
  private server: Server | null = null;
  private worker: { instance: Worker; running: Promise<void>; close: () => Promise<void> } | null = null;
  apiProcess: ServiceProcess | null = null;
  workerProcess: ServiceProcess | null = null;
  private readonly toolWorkers: ServiceProcess[] = [];
  private processEnv: Record<string, string> = {};

  constructor(private readonly opts: StackOptions = {}) {}

  get db() {
    return this.runtime.db;
  }

  /**
   * Model or tool calls of the generation that its worker stopped on a cancel request
   * (docs/adr/0027): local-activity markers failed with that type.
   */
  async callsStoppedForCancel(generationId: string): Promise<number> {
    const events = (await this.temporal.workflow.getHandle(generationId).fetchHistory()).events ?? [];
    return events.filter(
      (e) => e.markerRecordedEventAttributes?.failure?.applicationFailureInfo?.type === cancelRequestedFailure,
    ).length;
  }

  /** Runs the in-process worker holds in its sticky cache. */
  cachedWorkflows(): number {
    if (!this.worker) throw new Error('no in-process worker');
    return this.worker.instance.getStatus().numCachedWorkflows;
  }

  async start(): Promise<this> {
    installTemporalRuntime('warn');
    const database = await createTestDatabase();
    this.dropDatabase = database.drop;
    // The API and the worker are restarted on the same ports by the crash tests.
    const port = await reusablePort();
    this.processEnv = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      TEMPORAL_TASK_QUEUE: this.taskQueue,
      SECRETS_KEY: randomBytes(32).toString('base64'),
      BOOTSTRAP_API_KEY: this.apiKey,
      SSRF_ALLOWLIST: '127.0.0.1',
      PORT: String(port),
      // Crash tests run several worker processes at once: each its own metrics port.
      WORKER_METRICS_PORT: String(await reusablePort()),
      RATE_LIMIT_PER_MINUTE: '100000',
      WORKFLOW_BUNDLE_PATH: inject('workflowBundlePath'),
      ...this.opts.env,
    };
    this.env = loadConfig(this.processEnv, 'service');
    this.runtime = createRuntime(this.env, database.url, { embeddedDatabase: false });
    this.temporal = await connectClient(this.env, this.env.TEMPORAL_ADDRESS!);
    this.url = `http://127.0.0.1:${port}`;

    if (this.opts.mode === 'processes') {
      this.apiProcess = await this.spawn('api');
    } else {
      const logger = createLogger('warn', 'api-test');
      const app = createApp({
        env: this.env,
        db: this.db,
        temporal: this.temporal,
        feed: this.runtime.feed,
        secrets: this.runtime.secrets,
        logger,
        outbound: this.runtime.outbound,
      });
      this.server = await new Promise<Server>((done) => {
        const s = app.listen(port, '127.0.0.1', () => done(s));
      });
    }
    const boot = await ensureBootstrap(this.db, this.apiKey);
    this.projectId = boot.projectId;
    if (!this.opts.withoutWorker) await this.startWorker();
    return this;
  }

  /** `env` (processes mode): extra environment for this worker process only. */
  async startWorker(env: Record<string, string> = {}): Promise<void> {
    if (this.opts.mode === 'processes') {
      this.workerProcess = await this.spawn('worker', env);
      return;
    }
    if (Object.keys(env).length > 0) throw new Error('a worker environment needs processes mode');
    const connection = await connectWorker(this.env, this.env.TEMPORAL_ADDRESS!);
    const instance = await createWorker({
      connection,
      namespace: this.env.TEMPORAL_NAMESPACE,
      taskQueue: this.taskQueue,
      workflowBundle: { codePath: inject('workflowBundlePath') },
      maxCachedWorkflows: this.env.WORKER_CACHED_WORKFLOWS,
      stickyQueueTimeoutSeconds: this.env.WORKER_STICKY_QUEUE_TIMEOUT_SECONDS,
      ...(this.opts.maxConcurrentActivities ? { maxConcurrentActivities: this.opts.maxConcurrentActivities } : {}),
      deps: {
        db: this.db,
        feed: this.runtime.feed,
        secrets: this.runtime.secrets,
        dispatcher: this.runtime.dispatcher,
        providerDispatcher: this.runtime.providerDispatcher,
        modelTimeoutMs: 30_000,
        builtins: builtinOptionsFromEnv(this.env, this.runtime.outbound.rules.tool),
        turnStarter: {
          client: this.temporal,
          taskQueue: this.taskQueue,
          maxRunningGenerations: this.env.PROJECT_MAX_RUNNING_GENERATIONS,
        },
        temporal: this.temporal,
      },
    });
    const running = instance.run();
    this.worker = {
      instance,
      running,
      close: async () => {
        instance.shutdown();
        await running;
        await connection.close();
      },
    };
  }

  /** SIGKILL the worker process (processes mode) or shut the in-process worker down. */
  async stopWorker(): Promise<void> {
    if (this.workerProcess) {
      await this.workerProcess.kill('SIGKILL');
      this.workerProcess = null;
    }
    if (this.worker) {
      await this.worker.close();
      this.worker = null;
    }
  }

  async restartApi(): Promise<void> {
    if (!this.apiProcess) throw new Error('restartApi needs processes mode');
    await this.apiProcess.kill('SIGKILL');
    this.apiProcess = await this.spawn('api');
  }

  /** Processes mode: resolves when the worker process has exited on its own. */
  async workerExited(): Promise<void> {
    if (!this.workerProcess) throw new Error('no worker process');
    await this.workerProcess.exited;
    this.workerProcess = null;
  }

  /** Processes mode: a tool worker (`worker.ts --tools`) on TEMPORAL_TOOL_TASK_QUEUE; stopped by close(). */
  async startToolWorker(env: Record<string, string> = {}): Promise<ServiceProcess> {
    if (this.opts.mode !== 'processes') throw new Error('a tool worker needs processes mode');
    const tools = await this.spawn('tool-worker', { WORKER_METRICS_PORT: String(await reusablePort()), ...env });
    this.toolWorkers.push(tools);
    return tools;
  }

  private spawn(kind: 'api' | 'worker' | 'tool-worker', env: Record<string, string> = {}): Promise<ServiceProcess> {
    return spawnService(kind, { ...this.processEnv, ...env }, 60_000, this.opts.fullOutput ? 64 * 1024 * 1024 : 20_000);
  }

  async api<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const res = await fetch(this.url + path, {
      method,
      headers: {
        authorization: `Bearer ${this.apiKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  async close(): Promise<void> {
    await this.stopWorker();
    await Promise.all(this.toolWorkers.map((p) => p.kill('SIGKILL')));
    await this.apiProcess?.kill('SIGTERM');
    if (this.server) {
      this.server.closeAllConnections();
      await new Promise<void>((r) => this.server!.close(() => r()));
    }
    await this.temporal?.connection.close();
    await this.runtime?.close();
    await this.dropDatabase();
  }
}

export async function startStack(opts: StackOptions = {}): Promise<TestStack> {
  return new TestStack(opts).start();
}
