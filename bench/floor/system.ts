import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import {
  bundleWorkflowCode,
  DefaultLogger,
  NativeConnection,
  Runtime,
  Worker,
  type InjectedSinks,
} from '@temporalio/worker';
import { runConcurrent, sleep } from '../lib/pool.js';
import type { FloorSinks } from './workflow.js';

/**
 * Temporal alone (the floor of (a)'s pause and resume): the SDK's own worker, with its defaults
 * and (a)'s sticky-cache size, inside the benchmark process, runs `pausedFloor` on the same dev
 * server; the SDK's client starts and answers it. What this costs the Temporal server is what any
 * durable pause on Temporal costs it, whatever the application does around it.
 */
export class TemporalFloor {
  private constructor(
    /** Runs that have paused and that have been answered, as the workflow's sinks report them. */
    private readonly counts: { paused: number; answered: number },
    /** Set when the worker stops with an error: the waits end with it instead of timing out. */
    private readonly stopped: { error?: unknown },
    private readonly client: Client,
    private readonly connection: Connection,
    private readonly workerConnection: NativeConnection,
    private readonly worker: Worker,
    private readonly running: Promise<void>,
    private readonly taskQueue: string,
  ) {}

  static async start(address: string, namespace: string, maxCachedWorkflows: number): Promise<TemporalFloor> {
    const taskQueue = `bench-floor-${process.pid}`;
    const workflowBundle = await bundleWorkflowCode({
      workflowsPath: fileURLToPath(new URL('./workflow.ts', import.meta.url)),
      logger: {
        log: () => undefined,
        trace: () => undefined,
        debug: () => undefined,
        info: () => undefined,
        warn: () => undefined,
        error: () => undefined,
      },
    });
    const counts = { paused: 0, answered: 0 };
    const sinks: InjectedSinks<FloorSinks> = {
      floor: {
        paused: { fn: () => void (counts.paused += 1), callDuringReplay: false },
        answered: { fn: () => void (counts.answered += 1), callDuringReplay: false },
      },
    };
    try {
      // The SDK's own lines (worker state changes) would mix with the benchmark's progress.
      Runtime.install({ logger: new DefaultLogger('ERROR') });
    } catch {
      // Already installed in this process.
    }
    const workerConnection = await NativeConnection.connect({ address });
    const worker = await Worker.create({
      connection: workerConnection,
      namespace,
      taskQueue,
      workflowBundle,
      sinks,
      maxCachedWorkflows,
    });
    const stopped: { error?: unknown } = {};
    const running = worker.run().catch((err: unknown) => void (stopped.error = err));
    const connection = await Connection.connect({ address }).catch(async (err: unknown) => {
      await shutDown(worker, running, workerConnection);
      throw err;
    });
    return new TemporalFloor(
      counts,
      stopped,
      new Client({ connection, namespace }),
      connection,
      workerConnection,
      worker,
      running,
      taskQueue,
    );
  }

  /** Starts `count` runs (`concurrency` starts in flight); resolves once every one has paused. */
  async pauseAll(count: number, concurrency: number): Promise<string[]> {
    const before = this.counts.paused;
    const ids = await runConcurrent(count, concurrency, async (i) => {
      const id = `floor-${process.pid}-${Date.now()}-${i}`;
      await this.client.workflow.start('pausedFloor', { taskQueue: this.taskQueue, workflowId: id, args: [] });
      return id;
    });
    await this.until(() => this.counts.paused - before >= count, 'pausing');
    return ids;
  }

  /** Answers every run (`concurrency` updates in flight); resolves once every one has been answered. */
  async drainAll(ids: string[], concurrency: number): Promise<void> {
    const before = this.counts.answered;
    await runConcurrent(ids.length, concurrency, (i) =>
      this.client.workflow.getHandle(ids[i]!).executeUpdate('answer', { args: ['done'] }),
    );
    await this.until(() => this.counts.answered - before >= ids.length, 'draining');
  }

  private async until(done: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 30 * 60_000;
    while (!done()) {
      if (this.stopped.error !== undefined) throw this.stopped.error;
      if (Date.now() > deadline) throw new Error(`Temporal floor: ${what} not done after 30 min`);
      await sleep(5);
    }
  }

  /** Stops the worker and closes both connections; never throws (the results are already measured). */
  async close(): Promise<void> {
    await shutDown(this.worker, this.running, this.workerConnection);
    await this.connection.close().catch(() => undefined);
  }
}

async function shutDown(worker: Worker, running: Promise<void>, connection: NativeConnection): Promise<void> {
  try {
    worker.shutdown(); // throws when the worker has already stopped
  } catch {
    // stopped already
  }
  await running;
  await connection.close().catch(() => undefined);
}
