import v8 from 'node:v8';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  DefaultLogger,
  type NativeConnection,
  Runtime,
  Worker,
  bundleWorkflowCode,
  type WorkflowBundle,
  type WorkflowBundleOption,
  type WorkerOptions as SdkWorkerOptions,
} from '@temporalio/worker';
import {
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry';
import { builtinOptionsFromEnv } from './activities/builtins/index.js';
import { createActivities, type ActivityDeps } from './activities/index.js';
import { crashPointFor, killAfterActivity } from './infra/crash-injection.js';
import { createLogger, type Logger } from './infra/logger.js';
import {
  observeActivities,
  observeStateChanges,
  type GenerationIds,
} from './infra/observability/activity-interceptor.js';
import { hotQuery, sql } from './infra/db/hot-sql.js';
import { workflowInterceptorModules, workflowSpanSinks } from './infra/observability/tracing.js';
import { GuardedWorker } from './infra/temporal/sdk-adapter.js';
import { assertSearchAttributesRegistered } from './infra/temporal/search-attributes.js';

const here = import.meta.url;
/** The workflows entry, `.ts` under tsx and tests, `.js` once built. */
export const workflowsPath = fileURLToPath(
  new URL(here.endsWith('.ts') ? './workflows/index.ts' : './workflows/index.js', here),
);

/** Evaluated once per worker instead of once per workflow run (see the module's comment). */
export const workflowPreloadModule = fileURLToPath(
  new URL(here.endsWith('.ts') ? './workflows/preload.ts' : './workflows/preload.js', here),
);

export async function bundleWorkflows(): Promise<WorkflowBundle> {
  // The trace-propagation interceptor is always bundled; it copies nothing while tracing is off.
  return bundleWorkflowCode({
    workflowsPath,
    workflowInterceptorModules,
    // The workflow code and its interceptors too: evaluated once per worker rather than once per
    // run built, which every resume of an evicted run paid (docs/adr/0022).
    preloadModules: [workflowPreloadModule, workflowsPath, ...workflowInterceptorModules],
    logger: new DefaultLogger('WARN'),
  });
}

/**
 * The SDK's core runtime logs at INFO by default (bundler output, state changes); keep it to
 * warnings unless LOG_LEVEL asks for more. With `sdkMetricsAddress` (`host:port`) it also serves
 * its own Prometheus metrics there. Must run before the first connection is made.
 */
export function installTemporalRuntime(level: string, sdkMetricsAddress?: string): void {
  const sdkLevel = level === 'debug' || level === 'trace' ? 'DEBUG' : level === 'info' ? 'WARN' : 'ERROR';
  try {
    Runtime.install({
      logger: new DefaultLogger(sdkLevel),
      ...(sdkMetricsAddress
        ? {
            telemetryOptions: {
              metrics: {
                prometheus: { bindAddress: sdkMetricsAddress, countersTotalSuffix: true, useSecondsForDurations: true },
              },
            },
          }
        : {}),
    });
  } catch {
    // Already installed in this process (tests start several workers).
  }
}

/** Worker Versioning (docs/versioning.md): the version this worker polls as, and its runs' default behaviour. */
export interface WorkerVersioning {
  deploymentName: string;
  buildId: string;
  defaultBehavior: 'auto_upgrade' | 'pinned';
}

/** The versioning the environment asks for, if any (both variables or neither: config/env.ts checks). */
export function versioningFromEnv(env: {
  TEMPORAL_DEPLOYMENT_NAME?: string | undefined;
  TEMPORAL_BUILD_ID?: string | undefined;
  TEMPORAL_VERSIONING_BEHAVIOR: 'auto_upgrade' | 'pinned';
}): WorkerVersioning | undefined {
  const { TEMPORAL_DEPLOYMENT_NAME: deploymentName, TEMPORAL_BUILD_ID: buildId } = env;
  if (!deploymentName || !buildId) return undefined;
  return { deploymentName, buildId, defaultBehavior: env.TEMPORAL_VERSIONING_BEHAVIOR };
}

export interface WorkerOptions {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  deps: ActivityDeps;
  /** A prebuilt bundle (tests build it once per run); otherwise bundled from source. */
  workflowBundle?: WorkflowBundleOption;
  maxConcurrentActivities?: number;
  /** The sticky cache's size (`WORKER_CACHED_WORKFLOWS`). */
  maxCachedWorkflows?: number;
  /** How long a cached run's task waits for this worker before another takes it (`WORKER_STICKY_QUEUE_TIMEOUT_SECONDS`). */
  stickyQueueTimeoutSeconds?: number;
  /** Crash tests: die after this activity type's work is done (`WORKER_TEST_KILL_AFTER_ACTIVITY`). */
  killAfterActivity?: string;
  /** Poll as a version of a worker deployment (absent: an unversioned worker). */
  versioning?: WorkerVersioning;
  logger?: Logger;
}

/** What the workflow worker and a tool worker share: the activities, their interceptors and limits. */
type ActivityWorkerOptions = Pick<
  SdkWorkerOptions,
  'sinks' | 'interceptors' | 'maxConcurrentActivityTaskExecutions' | 'workerDeploymentOptions'
> & { activities: ReturnType<typeof createActivities> };

async function activityOptions(opts: WorkerOptions, logger: Logger): Promise<ActivityWorkerOptions> {
  const { db } = opts.deps;
  // Once per generation (the interceptor caches it), through the pool: no Prisma query pipeline.
  const generationIds = async (id: string) =>
    (
      await hotQuery<GenerationIds>(
        db,
        sql`SELECT "projectId", "agentId", "traceId" FROM "Generation" WHERE "id" = ${id}`,
      )
    )[0] ?? null;
  // Heard from the start, so a cancel requested after the worker polls stops the call in flight
  // (docs/adr/0027). Without it cancels still happen, at the workflow task's next heartbeat.
  await opts.deps.feed
    .listenForCancelRequests()
    .catch((err: unknown) => logger.warn({ err }, 'not listening for cancel requests yet'));
  return {
    activities: createActivities({
      onStateChange: observeStateChanges(logger),
      ...opts.deps,
      ...(opts.killAfterActivity ? { crashPoint: crashPointFor(opts.killAfterActivity) } : {}),
    }),
    sinks: workflowSpanSinks(),
    interceptors: {
      activity: [
        (ctx) => ({
          inbound: new OpenTelemetryActivityInboundInterceptor(ctx),
          outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
        }),
        observeActivities(logger, generationIds),
        ...(opts.killAfterActivity ? [killAfterActivity(opts.killAfterActivity)] : []),
      ],
    },
    maxConcurrentActivityTaskExecutions: opts.maxConcurrentActivities ?? 100,
    ...(opts.versioning
      ? {
          workerDeploymentOptions: {
            useWorkerVersioning: true,
            version: { deploymentName: opts.versioning.deploymentName, buildId: opts.versioning.buildId },
            defaultVersioningBehavior: opts.versioning.defaultBehavior === 'pinned' ? 'PINNED' : 'AUTO_UPGRADE',
          },
        }
      : {}),
  };
}

export async function createWorker(opts: WorkerOptions): Promise<Worker> {
  // Starting would fail on the first generation otherwise; say how to fix it instead.
  await assertSearchAttributesRegistered(opts.connection.operatorService, opts.namespace);
  const logger = opts.logger ?? createLogger('warn', 'worker');
  // Without the SDK's per-call sandbox timeout, guarded per activation instead (docs/adr/0024).
  return GuardedWorker.create({
    connection: opts.connection,
    namespace: opts.namespace,
    taskQueue: opts.taskQueue,
    // Always a bundle made by bundleWorkflows(): a bare workflowsPath would leave out the
    // trace-propagation interceptors and the shared modules.
    workflowBundle: opts.workflowBundle ?? (await bundleWorkflows()),
    ...(await activityOptions(opts, logger)),
    // 10 pollers take new runs' first workflow tasks and 10 wait on the sticky queue, where a
    // resumed run's task goes; the SDK's 2 and 8 made the hand-out of new runs bound the rate at
    // which generations reach their first pause (docs/adr/0040).
    maxConcurrentWorkflowTaskPolls: WORKFLOW_TASK_POLLERS.total,
    nonStickyToStickyPollRatio: WORKFLOW_TASK_POLLERS.nonStickyToStickyRatio,
    // Bounded, so paused generations leave the cache instead of growing the worker with their
    // number; each cached run enables AsyncLocalStorage instances that Node 20 copies onto every
    // new promise of the workflow thread (docs/performance.md).
    maxCachedWorkflows: opts.maxCachedWorkflows ?? 100,
    ...(opts.stickyQueueTimeoutSeconds
      ? { stickyQueueScheduleToStartTimeout: `${opts.stickyQueueTimeoutSeconds} seconds` }
      : {}),
  });
}

/**
 * A tool worker (`npm run worker:tools`): no workflows, only the tool activity, polled on the tool
 * task queue (TEMPORAL_TOOL_TASK_QUEUE), so tool calls scale, or are isolated, apart from the
 * workers that run workflow tasks. Workflows are not bundled here: the public SDK worker suffices.
 */
export async function createToolWorker(opts: WorkerOptions): Promise<Worker> {
  const logger = opts.logger ?? createLogger('warn', 'tool-worker');
  const { activities, sinks: _workflowSinks, ...rest } = await activityOptions(opts, logger);
  return Worker.create({
    connection: opts.connection,
    namespace: opts.namespace,
    taskQueue: opts.taskQueue,
    activities: { executeTool: activities.executeTool },
    ...rest,
  });
}

/** Workflow-task pollers per worker process: half of them on the queue of new runs (docs/adr/0040). */
const WORKFLOW_TASK_POLLERS = { total: 20, nonStickyToStickyRatio: 0.5 } as const;

/**
 * V8 lets the old generation grow to a multiple of what survived the last full collection before it
 * collects again; under the load of many generations pausing and resuming that left the worker
 * holding 150–250 MiB of garbage it never returned. A fixed 25% growth keeps the heap near its live
 * size for about the same CPU (docs/adr/0025). Set before the workflow thread's isolate exists.
 */
export const WORKER_V8_FLAGS = '--heap-growing-percent=25';

/** The worker as its own process (docker compose, crash tests). */
async function main(): Promise<void> {
  v8.setFlagsFromString(WORKER_V8_FLAGS);
  const { loadConfigOrExit } = await import('./config/env.js');
  const { createLogger } = await import('./infra/logger.js');
  const { createRuntime } = await import('./infra/runtime.js');
  const { startMetricsServer } = await import('./infra/observability/metrics-server.js');
  const { startTracing, stopTracing } = await import('./infra/observability/tracing.js');
  const { freePort } = await import('./infra/temporal/dev-server.js');
  const { connectClient, connectWorker } = await import('./infra/temporal/connection.js');
  const env = loadConfigOrExit('service');
  // `--tools` (npm run worker:tools): a tool worker on the tool task queue, no workflows.
  const toolsOnly = process.argv.includes('--tools');
  if (toolsOnly && !env.TEMPORAL_TOOL_TASK_QUEUE) {
    process.stderr.write('A tool worker (--tools) needs TEMPORAL_TOOL_TASK_QUEUE: the task queue it serves\n');
    process.exit(78);
  }
  const taskQueue = toolsOnly ? env.TEMPORAL_TOOL_TASK_QUEUE! : env.TEMPORAL_TASK_QUEUE;
  await startTracing(
    toolsOnly ? 'durable-agents-tool-worker' : 'durable-agents-worker',
    env.OTEL_EXPORTER_OTLP_ENDPOINT,
  );
  // The SDK's own exporter listens on loopback only; the worker's endpoint relays it.
  const sdkMetricsAddress = `127.0.0.1:${await freePort()}`;
  installTemporalRuntime(env.LOG_LEVEL, sdkMetricsAddress);
  const logger = createLogger(env.LOG_LEVEL, toolsOnly ? 'tool-worker' : 'worker');
  const { setTemporalUiLink } = await import('./infra/temporal/ui-link.js');
  setTemporalUiLink(env.TEMPORAL_UI_URL, env.TEMPORAL_NAMESPACE);
  const [sdkHost, sdkPort] = sdkMetricsAddress.split(':') as [string, string];
  const runtime = createRuntime(env, env.DATABASE_URL!, {
    embeddedDatabase: false,
    endpoints: { extra: [{ name: "the worker's Temporal SDK metrics", host: sdkHost, port: Number(sdkPort) }] },
  });
  const connection = await connectWorker(env, env.TEMPORAL_ADDRESS!);
  const client = await connectClient(env, env.TEMPORAL_ADDRESS!);
  const versioning = versioningFromEnv(env);
  const worker = await (toolsOnly ? createToolWorker : createWorker)({
    connection,
    ...(env.WORKFLOW_BUNDLE_PATH ? { workflowBundle: { codePath: env.WORKFLOW_BUNDLE_PATH } } : {}),
    maxCachedWorkflows: env.WORKER_CACHED_WORKFLOWS,
    stickyQueueTimeoutSeconds: env.WORKER_STICKY_QUEUE_TIMEOUT_SECONDS,
    ...(env.WORKER_TEST_KILL_AFTER_ACTIVITY ? { killAfterActivity: env.WORKER_TEST_KILL_AFTER_ACTIVITY } : {}),
    ...(versioning ? { versioning } : {}),
    namespace: env.TEMPORAL_NAMESPACE,
    taskQueue,
    deps: {
      db: runtime.db,
      feed: runtime.feed,
      secrets: runtime.secrets,
      dispatcher: runtime.dispatcher,
      providerDispatcher: runtime.providerDispatcher,
      modelTimeoutMs: env.MODEL_CALL_TIMEOUT_SECONDS * 1000,
      builtins: builtinOptionsFromEnv(env, runtime.outbound.rules.tool),
      limits: { maxStepsCap: env.MAX_STEPS_CAP, webhookMaxAttempts: env.WEBHOOK_MAX_ATTEMPTS },
      startLimits: {
        maxStepsCap: env.MAX_STEPS_CAP,
        modelAttempts: env.MODEL_CALL_MAX_ATTEMPTS,
        modelTimeoutSeconds: env.MODEL_CALL_TIMEOUT_SECONDS,
        webhookMaxAttempts: env.WEBHOOK_MAX_ATTEMPTS,
        toolTaskQueue: env.TEMPORAL_TOOL_TASK_QUEUE,
        maxRunningGenerations: env.PROJECT_MAX_RUNNING_GENERATIONS,
      },
      turnStarter: {
        client,
        taskQueue: env.TEMPORAL_TASK_QUEUE,
        maxRunningGenerations: env.PROJECT_MAX_RUNNING_GENERATIONS,
      },
      temporal: client,
    },
    logger,
  });
  const metrics = await startMetricsServer({
    host: env.HOST,
    port: env.WORKER_METRICS_PORT,
    token: env.METRICS_TOKEN,
    sdkMetricsUrl: `http://${sdkMetricsAddress}/metrics`,
  });
  process.once('SIGINT', () => worker.shutdown());
  process.once('SIGTERM', () => worker.shutdown());
  logger.info(
    { taskQueue, metricsPort: metrics.port, versioning },
    toolsOnly ? 'tool worker started' : 'worker started',
  );
  // Tests watch for this line to know the worker polls.
  process.stdout.write('WORKER_READY\n');
  await worker.run();
  await metrics.close();
  await client.connection.close();
  await connection.close();
  await runtime.close();
  await stopTracing();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch(async (err) => {
    const { MissingSearchAttributesError } = await import('./infra/temporal/search-attributes.js');
    if (err instanceof MissingSearchAttributesError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG, like a bad environment variable
    }
    console.error(err);
    process.exit(1);
  });
}
