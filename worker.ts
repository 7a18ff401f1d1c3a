import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  DefaultLogger,
  type NativeConnection,
  Runtime,
  Worker,
  bundleWorkflowCode,
  type WorkflowBundle,
  type WorkflowBundleOption,
} from '@temporalio/worker';
import { createActivities, type ActivityDeps } from './activities/index.js';

const here = import.meta.url;
/** The workflows entry, `.ts` under tsx and tests, `.js` once built. */
export const workflowsPath = fileURLToPath(
  new URL(here.endsWith('.ts') ? './workflows/index.ts' : './workflows/index.js', here),
);

export async function bundleWorkflows(): Promise<WorkflowBundle> {
  return bundleWorkflowCode({ workflowsPath, logger: new DefaultLogger('WARN') });
}

/**
 * The SDK's core runtime logs at INFO by default (bundler output, state changes); keep it to
 * warnings unless LOG_LEVEL asks for more. Must run before the first connection is made.
 */
export function installTemporalRuntime(level: string): void {
  const sdkLevel = level === 'debug' || level === 'trace' ? 'DEBUG' : level === 'info' ? 'WARN' : 'ERROR';
  try {
    Runtime.install({ logger: new DefaultLogger(sdkLevel) });
  } catch {
    // Already installed in this process (tests start several workers).
  }
}

export interface WorkerOptions {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  deps: ActivityDeps;
  /** A prebuilt bundle (tests build it once per run); otherwise bundled from source. */
  workflowBundle?: WorkflowBundleOption;
  maxConcurrentActivities?: number;
}

export async function createWorker(opts: WorkerOptions): Promise<Worker> {
  return Worker.create({
    connection: opts.connection,
    namespace: opts.namespace,
    taskQueue: opts.taskQueue,
    ...(opts.workflowBundle ? { workflowBundle: opts.workflowBundle } : { workflowsPath }),
    activities: createActivities(opts.deps),
    maxConcurrentActivityTaskExecutions: opts.maxConcurrentActivities ?? 100,
    // A paused generation holds no memory: evict idle workflows from the sticky cache.
    maxCachedWorkflows: 500,
  });
}

/** The worker as its own process (docker compose, crash tests). */
async function main(): Promise<void> {
  const { loadConfigOrExit } = await import('./config/env.js');
  const { createLogger } = await import('./infra/logger.js');
  const { createRuntime } = await import('./infra/runtime.js');
  const { connectClient, connectWorker } = await import('./infra/temporal/connection.js');
  const env = loadConfigOrExit('service');
  installTemporalRuntime(env.LOG_LEVEL);
  const logger = createLogger(env.LOG_LEVEL, 'worker');
  const runtime = createRuntime(env, env.DATABASE_URL!, { embeddedDatabase: false });
  const connection = await connectWorker(env, env.TEMPORAL_ADDRESS!);
  const client = await connectClient(env, env.TEMPORAL_ADDRESS!);
  const worker = await createWorker({
    connection,
    ...(env.WORKFLOW_BUNDLE_PATH ? { workflowBundle: { codePath: env.WORKFLOW_BUNDLE_PATH } } : {}),
    namespace: env.TEMPORAL_NAMESPACE,
    taskQueue: env.TEMPORAL_TASK_QUEUE,
    deps: {
      db: runtime.db,
      feed: runtime.feed,
      secrets: runtime.secrets,
      dispatcher: runtime.dispatcher,
      modelTimeoutMs: env.MODEL_CALL_TIMEOUT_SECONDS * 1000,
      turnStarter: { client, taskQueue: env.TEMPORAL_TASK_QUEUE },
    },
  });
  process.once('SIGINT', () => worker.shutdown());
  process.once('SIGTERM', () => worker.shutdown());
  logger.info({ taskQueue: env.TEMPORAL_TASK_QUEUE }, 'worker started');
  // Tests watch for this line to know the worker polls.
  process.stdout.write('WORKER_READY\n');
  await worker.run();
  await client.connection.close();
  await connection.close();
  await runtime.close();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
