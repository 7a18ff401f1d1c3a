import { createRequire } from 'node:module';
import { Worker as NodeWorker } from 'node:worker_threads';
import type { Logger } from '@temporalio/worker';
import { ThreadedVMWorkflowCreator, WorkerThreadClient } from '@temporalio/worker/lib/workflow/threaded-vm.js';
import type { WorkflowBundleWithSourceMapAndFilename } from '@temporalio/worker/lib/workflow/workflow-worker-thread/input.js';

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
