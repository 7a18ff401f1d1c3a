/**
 * The one place this project reaches into the Temporal SDK's internals (docs/adr/0044). Everything
 * else uses the SDK's public API only; a lint rule (eslint.config.js) keeps it so. Two changes to
 * how the SDK runs workflow code, each measured to be worth it, and neither reachable through a
 * public option in SDK 1.24:
 *
 * - no per-call sandbox timeout (docs/adr/0024): each call into a workflow's V8 context otherwise
 *   starts and joins a watchdog thread; an activation stuck past ACTIVATION_LIMIT_MS ends the
 *   process instead;
 * - workflow threads without the stack-trace promise hook (docs/adr/0034).
 *
 * `test/unit/sdk-adapter.test.ts` checks the SDK version this was written against and the
 * internal members it uses, so an upgrade fails there, loudly, rather than in production.
 */
import { createRequire } from 'node:module';
import { Worker as NodeWorker } from 'node:worker_threads';
import { Worker, type CompiledWorkerOptions, type Logger } from '@temporalio/worker';
import type { Workflow, WorkflowCreator } from '@temporalio/worker/lib/workflow/interface.js';
import { ThreadedVMWorkflowCreator, WorkerThreadClient } from '@temporalio/worker/lib/workflow/threaded-vm.js';
import type { WorkflowBundleWithSourceMapAndFilename } from '@temporalio/worker/lib/workflow/workflow-worker-thread/input.js';

/** The SDK version this adapter was written against (checked by test/unit/sdk-adapter.test.ts). */
export const ADAPTED_SDK_VERSION = '1.24.0';

const require = createRequire(import.meta.url);

/**
 * The SDK's workflow thread, started without its promise hook (docs/adr/0034). The hook runs
 * twice for every promise the thread creates: each time it compiles a small function to find the
 * promise's run, and at creation it also captures and cuts a stack trace, all to answer Temporal's
 * stack-trace query. Its prepared-stack-trace override (source-mapped workflow stacks) is kept.
 * Marking the SDK's global handlers installed before its thread module loads is what leaves the
 * hook out: the thread's own set-up then skips it, and the query answers "not enabled".
 */
export function workflowThreadSource(): string {
  const vmShared = require.resolve('@temporalio/worker/lib/workflow/vm-shared');
  const thread = require.resolve('@temporalio/worker/lib/workflow/workflow-worker-thread');
  return [
    `const { globalHandlers } = require(${JSON.stringify(vmShared)});`,
    'globalHandlers.overridePrepareStackTrace();',
    'globalHandlers.installed = true;',
    `require(${JSON.stringify(thread)});`,
  ].join('\n');
}

export interface WorkflowThreadOptions {
  workflowBundle: WorkflowBundleWithSourceMapAndFilename;
  threadPoolSize: number;
  reuseV8Context: boolean;
  registeredActivityNames: Set<string>;
  logger: Logger;
  patchActivationCallback?: ConstructorParameters<typeof WorkerThreadClient>[2];
}

/**
 * What the SDK's `ThreadedVMWorkflowCreator.create` does, with threads of `workflowThreadSource`,
 * always untimed (no per-call sandbox watchdog: docs/adr/0024).
 */
export async function createWorkflowThreads(opts: WorkflowThreadOptions): Promise<ThreadedVMWorkflowCreator> {
  const source = workflowThreadSource();
  const clients = Array.from(
    { length: opts.threadPoolSize },
    () => new WorkerThreadClient(new NodeWorker(source, { eval: true }), opts.logger, opts.patchActivationCallback),
  );
  await Promise.all(
    clients.map((client) =>
      client.send({
        type: 'init',
        workflowBundle: opts.workflowBundle,
        // The SDK's type says number; undefined is what starts no watchdog.
        isolateExecutionTimeoutMs: undefined as unknown as number,
        reuseV8Context: opts.reuseV8Context,
        registeredActivityNames: opts.registeredActivityNames,
        hasPatchActivationCallback: opts.patchActivationCallback !== undefined,
      }),
    ),
  );
  return new ThreadedVMWorkflowCreator(clients);
}

/**
 * How long one activation may run before the worker gives up on its workflow thread. The SDK's own
 * limit is 5 s per call into the workflow sandbox; this one is per activation and generous, because
 * the only answer left to a stuck thread is to end the process (see GuardedWorker).
 */
export const ACTIVATION_LIMIT_MS = 30_000;

/** The run whose activation did not answer: the operator terminates it if it keeps doing so. */
export interface StuckRun {
  runId: string;
  workflowId: string;
}

/**
 * Wraps a workflow creator so that every activation is timed from one interval timer: when one has
 * not answered after `limitMs`, `onStuck` is called once with the run id and how long it has run.
 * Monotonic time, so a wall-clock jump (or a suspended machine) does not count as a stuck thread.
 */
export function guardActivations(
  creator: WorkflowCreator,
  limitMs: number,
  onStuck: (run: StuckRun, ranMs: number) => void,
  checkEveryMs = 1_000,
): WorkflowCreator {
  const running = new Map<symbol, StuckRun & { since: number }>();
  let reported = false;
  const timer = setInterval(() => {
    const now = performance.now();
    for (const { since, ...run } of running.values()) {
      if (!reported && now - since > limitMs) {
        reported = true;
        onStuck(run, now - since);
      }
    }
  }, checkEveryMs);
  timer.unref();
  return {
    async createWorkflow(options) {
      const workflow = await creator.createWorkflow(options);
      const { runId, workflowId } = options.info;
      const guarded: Workflow = {
        async activate(activation) {
          const token = Symbol(runId);
          running.set(token, { runId, workflowId, since: performance.now() });
          try {
            return await workflow.activate(activation);
          } finally {
            running.delete(token);
          }
        },
        getAndResetSinkCalls: () => workflow.getAndResetSinkCalls(),
        dispose: () => workflow.dispose(),
      };
      return guarded;
    },
    async destroy() {
      clearInterval(timer);
      await creator.destroy();
    },
  };
}

/**
 * The SDK's worker without its per-call sandbox timeout (docs/adr/0024). With a timeout, every
 * call into a workflow's V8 context (several per activation) makes Node start and join a watchdog
 * thread: about 70 µs of CPU each when idle, and a wait for the scheduler on a busy machine. The
 * benchmark measured 28.7 → 19.6 ms per step without it. The SDK used the timeout to fail a task
 * whose workflow code never yields; here an activation stuck past ACTIVATION_LIMIT_MS ends the
 * process (the thread cannot be interrupted without the timeout), and Temporal gives the task to
 * a worker again.
 */
export class GuardedWorker extends Worker {
  protected static override async createWorkflowCreator(
    workflowBundle: WorkflowBundleWithSourceMapAndFilename,
    compiledOptions: CompiledWorkerOptions,
    logger: Logger,
  ): Promise<WorkflowCreator> {
    // Node's vm starts a watchdog only when `timeout` is given; the SDK passes this value as it.
    const untimed = { ...compiledOptions, isolateExecutionTimeoutMs: undefined } as unknown as CompiledWorkerOptions;
    // Debug mode runs workflows on the main thread: the SDK's own creator. Otherwise the SDK's
    // workflow threads, started without the per-promise hook of the stack-trace query (ADR 0034).
    const creator = compiledOptions.debugMode
      ? await super.createWorkflowCreator(workflowBundle, untimed, logger)
      : await createWorkflowThreads({
          workflowBundle,
          threadPoolSize: compiledOptions.workflowThreadPoolSize,
          reuseV8Context: compiledOptions.reuseV8Context ?? true,
          registeredActivityNames: new Set(compiledOptions.activities.keys()),
          logger,
          patchActivationCallback: compiledOptions.patchActivationCallback,
        });
    return guardActivations(creator, ACTIVATION_LIMIT_MS, (run, ranMs) => {
      // The next worker to take this run's task will get stuck the same way if its code loops on
      // its history: the log names the run to terminate (docs/adr/0024).
      logger.error('A workflow activation did not finish; the workflow thread is stuck, exiting', { ...run, ranMs });
      process.exit(70);
    });
  }
}
