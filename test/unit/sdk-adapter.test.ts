import { DefaultLogger, Worker, type CompiledWorkerOptions } from '@temporalio/worker';
import type { Workflow, WorkflowCreator } from '@temporalio/worker/lib/workflow/interface.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { once } from 'node:events';
import type { Worker as NodeWorker } from 'node:worker_threads';
import { WorkerThreadClient } from '@temporalio/worker/lib/workflow/threaded-vm.js';
import { createRequire } from 'node:module';
import {
  ACTIVATION_LIMIT_MS,
  ADAPTED_SDK_VERSION,
  GuardedWorker,
  guardActivations,
  workflowThreadSource,
} from '../../infra/temporal/sdk-adapter.js';

type CreateOptions = Parameters<WorkflowCreator['createWorkflow']>[0];
const optionsFor = (runId: string) => ({ info: { runId, workflowId: `wf-${runId}` } }) as unknown as CreateOptions;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A creator whose workflows answer each activation when `release` is called (or at once). */
function fakeCreator(opts: { hang?: boolean } = {}) {
  const calls: string[] = [];
  const workflow: Workflow = {
    activate: async () => {
      calls.push('activate');
      if (opts.hang) await new Promise(() => {});
      return { runId: 'r', successful: { commands: [] } };
    },
    getAndResetSinkCalls: async () => (calls.push('sinks'), []),
    dispose: async () => void calls.push('dispose'),
  };
  const creator: WorkflowCreator = {
    createWorkflow: async () => workflow,
    destroy: async () => void calls.push('destroy'),
  };
  return { creator, calls };
}

const require = createRequire(import.meta.url);

/**
 * The SDK internals infra/temporal/sdk-adapter.ts relies on (docs/adr/0044). An SDK upgrade that
 * moves or renames one fails here first: re-measure the adapter's gain on the new version, then
 * adapt it (or drop it, if the SDK now offers a public option) and update ADAPTED_SDK_VERSION.
 */
describe('the SDK internals the adapter uses', () => {
  it('are those of the SDK version it was written against', () => {
    for (const pkg of ['@temporalio/worker', '@temporalio/workflow', '@temporalio/common'])
      expect(require(`${pkg}/package.json`).version, pkg).toBe(ADAPTED_SDK_VERSION);
  });

  it('still exist with the shape the adapter expects', () => {
    const vmShared = require('@temporalio/worker/lib/workflow/vm-shared') as {
      globalHandlers: { installed: boolean; overridePrepareStackTrace: unknown; install: unknown };
    };
    expect(typeof vmShared.globalHandlers.overridePrepareStackTrace).toBe('function');
    expect(typeof vmShared.globalHandlers.install).toBe('function');
    expect(typeof vmShared.globalHandlers.installed).toBe('boolean');
    expect(require.resolve('@temporalio/worker/lib/workflow/workflow-worker-thread')).toMatch(/workflow-worker-thread/);
    expect(typeof (Worker as unknown as { createWorkflowCreator: unknown }).createWorkflowCreator).toBe('function');
    expect(typeof WorkerThreadClient.prototype.send).toBe('function');
    expect(workflowThreadSource()).toContain('globalHandlers.installed = true;');
  });
});

describe('guardActivations', () => {
  it('passes activations, sink calls, dispose and destroy through to the wrapped creator', async () => {
    const { creator, calls } = fakeCreator();
    const stuck = vi.fn();
    const guarded = guardActivations(creator, 50, stuck, 10);
    const workflow = await guarded.createWorkflow(optionsFor('run-1'));
    expect(await workflow.activate({})).toEqual({ runId: 'r', successful: { commands: [] } });
    expect(await workflow.getAndResetSinkCalls()).toEqual([]);
    await workflow.dispose();
    await sleep(100);
    await guarded.destroy();
    expect(calls).toEqual(['activate', 'sinks', 'dispose', 'destroy']);
    // A finished activation is never reported, however long ago it started.
    expect(stuck).not.toHaveBeenCalled();
  });

  it('reports an activation that has not answered after the limit, once, with its run id', async () => {
    const { creator } = fakeCreator({ hang: true });
    const stuck = vi.fn();
    const guarded = guardActivations(creator, 50, stuck, 10);
    const workflow = await guarded.createWorkflow(optionsFor('run-stuck'));
    void workflow.activate({});
    await sleep(30);
    expect(stuck).not.toHaveBeenCalled();
    await sleep(120);
    expect(stuck).toHaveBeenCalledTimes(1);
    expect(stuck.mock.calls[0]![0]).toEqual({ runId: 'run-stuck', workflowId: 'wf-run-stuck' });
    expect(stuck.mock.calls[0]![1]).toBeGreaterThan(50);
    await guarded.destroy();
  });
});

describe('GuardedWorker', () => {
  afterEach(() => vi.restoreAllMocks());

  it('in debug mode asks the SDK for its workflow creator without the per-call sandbox timeout, and guards it', async () => {
    const { creator, calls } = fakeCreator();
    type CreatorFactory = (b: unknown, o: CompiledWorkerOptions, l: unknown) => Promise<WorkflowCreator>;
    const base = vi
      .spyOn(Worker as unknown as { createWorkflowCreator: CreatorFactory }, 'createWorkflowCreator')
      .mockResolvedValue(creator);
    const compiled = {
      isolateExecutionTimeoutMs: 5000,
      taskQueue: 'q',
      debugMode: true,
    } as unknown as CompiledWorkerOptions;
    const made = await (GuardedWorker as unknown as { createWorkflowCreator: CreatorFactory }).createWorkflowCreator(
      {},
      compiled,
      new DefaultLogger('ERROR'),
    );
    expect(base).toHaveBeenCalledTimes(1);
    const passed = base.mock.calls[0]![1] as unknown as Record<string, unknown>;
    expect(passed).toHaveProperty('isolateExecutionTimeoutMs', undefined);
    expect(passed.taskQueue).toBe('q');
    // The options the worker keeps are not changed.
    expect(compiled.isolateExecutionTimeoutMs).toBe(5000);
    // What comes back is the guard around the SDK's creator, not the creator itself.
    expect(made).not.toBe(creator);
    const workflow = await made.createWorkflow(optionsFor('run-2'));
    await workflow.activate({});
    await made.destroy();
    expect(calls).toEqual(['activate', 'destroy']);
    expect(ACTIVATION_LIMIT_MS).toBeGreaterThan(5000);
  });

  it('otherwise starts workflow threads of its own (ADR 0034), untimed, and guards them', async () => {
    type CreatorFactory = (b: unknown, o: CompiledWorkerOptions, l: unknown) => Promise<WorkflowCreator>;
    const base = vi.spyOn(Worker as unknown as { createWorkflowCreator: CreatorFactory }, 'createWorkflowCreator');
    // The threads start for real; what they are sent is recorded and answered here.
    const sent: Array<Record<string, unknown>> = [];
    vi.spyOn(WorkerThreadClient.prototype, 'send').mockImplementation(async function (this: WorkerThreadClient, input) {
      sent.push(input as unknown as Record<string, unknown>);
      // As the SDK's thread answers its init once running: a thread terminated earlier exits 0.
      if (input.type === 'init') await once((this as unknown as { workerThread: NodeWorker }).workerThread, 'online');
      return undefined;
    });
    const compiled = {
      isolateExecutionTimeoutMs: 5000,
      workflowThreadPoolSize: 2,
      reuseV8Context: true,
      activities: new Map([['callModel', () => undefined]]),
    } as unknown as CompiledWorkerOptions;
    const made = await (GuardedWorker as unknown as { createWorkflowCreator: CreatorFactory }).createWorkflowCreator(
      { code: '', filename: 'bundle.js' },
      compiled,
      new DefaultLogger('ERROR'),
    );
    expect(base).not.toHaveBeenCalled();
    expect(sent).toHaveLength(2);
    for (const init of sent) {
      expect(init).toMatchObject({ type: 'init', reuseV8Context: true, hasPatchActivationCallback: false });
      expect(init).toHaveProperty('isolateExecutionTimeoutMs', undefined);
      expect([...(init.registeredActivityNames as Set<string>)]).toEqual(['callModel']);
    }
    await made.destroy();
    expect(sent.slice(2).map((input) => input.type)).toEqual(['destroy', 'destroy']);
  });
});
