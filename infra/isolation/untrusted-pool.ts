import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { Admission, AdmissionRefusedError } from './admission.js';

/**
 * Work on tenant input whose cost the tenant controls — parsing a web page, converting it to
 * markdown, chunking a document, checking arguments against a tenant's JSON Schema — runs here, on
 * a bounded pool of worker threads, never on the thread that serves requests and workflow tasks
 * (docs/security.md, "Untrusted work"). Each task has:
 * - a time limit that really stops it: at the deadline its thread is terminated (piscina ends the
 *   thread of an aborted task), whatever the code is doing. It counts from the moment the task
 *   starts on its thread, after the thread has loaded the task's module: a cold thread on a busy
 *   machine takes seconds to load our code, which is not the tenant's input's cost. Getting a
 *   thread and loading has a limit of its own (`startLimitMs`);
 * - a memory limit: each thread's V8 heap is capped (`resourceLimits`), and a thread that reaches
 *   it dies alone;
 * - a project share: one project holds at most `perProject` threads, so others always find one.
 * Task functions cap what they return before it crosses back.
 */

export type UntrustedFailure = 'timeout' | 'memory' | 'busy' | 'crashed';

export class UntrustedWorkError extends Error {
  constructor(
    readonly reason: UntrustedFailure,
    message: string,
  ) {
    super(message);
    this.name = 'UntrustedWorkError';
  }
}

export interface UntrustedPoolOptions {
  /** Threads of the pool (all projects together). */
  threads: number;
  /** Threads one project may use at once. */
  perProject: number;
  /** V8 heap limit of each thread, in MiB. */
  memoryMb: number;
  /** Tasks waiting for a thread beyond this are refused (`busy`). */
  maxWaiting: number;
  /** How long a task may wait for a thread and for its module to load before it starts (`busy`). */
  startLimitMs: number;
}

export function defaultUntrustedPoolOptions(): UntrustedPoolOptions {
  const threads = Math.max(2, Math.min(4, availableParallelism()));
  return { threads, perProject: threads - 1, memoryMb: 256, maxWaiting: 1000, startLimitMs: 30_000 };
}

/** A task: the module that exports it (its `import.meta.url` neighbour) and the export's name. */
export interface UntrustedTask<I, O> {
  module: URL;
  name: string;
  /** For the type only: what the export takes and returns. */
  readonly __types?: (input: I) => O;
}

export function untrustedTask<I, O>(module: URL, name: string): UntrustedTask<I, O> {
  return { module, name };
}

/**
 * A thread loads TypeScript task modules through tsx when the process itself runs from source (dev,
 * tests); a build (`npm run build`) loads the compiled .js with no loader.
 */
function threadExecArgv(): string[] {
  const fromSource = import.meta.url.endsWith('.ts');
  const hasLoader = process.execArgv.some((a) => a.includes('tsx'));
  return fromSource && !hasLoader ? [...process.execArgv, '--import', 'tsx'] : process.execArgv;
}

/** The module every task runs through (untrusted-task-runner.ts), .ts from source, .js built. */
const runnerFile = fileURLToPath(
  new URL(`./untrusted-task-runner${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url),
);

function failureOf(err: unknown): UntrustedWorkError {
  if (err instanceof UntrustedWorkError) return err;
  if (err instanceof AdmissionRefusedError) return new UntrustedWorkError('busy', err.message);
  const code = (err as { code?: string }).code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY')
    return new UntrustedWorkError('memory', 'The task was stopped at its memory limit');
  return new UntrustedWorkError('crashed', `The task failed: ${(err as Error).message}`);
}

export class UntrustedPool {
  private readonly pool: Piscina;
  private readonly admission: Admission;

  constructor(readonly options: UntrustedPoolOptions = defaultUntrustedPoolOptions()) {
    this.admission = new Admission({
      capacity: options.threads,
      perProject: Math.max(1, Math.min(options.perProject, options.threads)),
      maxWaiting: options.maxWaiting,
    });
    this.pool = new Piscina({
      maxThreads: options.threads,
      minThreads: 0,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, maxYoungGenerationSizeMb: 32 },
      execArgv: threadExecArgv(),
      // The threads see no secrets of the process.
      env: {},
    });
  }

  /**
   * Runs `task` for `projectId`: it has `timeMs` once it has started on a thread (waiting for a
   * thread and loading its module have `startLimitMs`). Rejects with UntrustedWorkError; an abort
   * of `signal` rejects with its reason.
   */
  async run<I, O>(
    task: UntrustedTask<I, O>,
    input: I,
    opts: { projectId: string; timeMs: number; signal?: AbortSignal },
  ): Promise<O> {
    const stop = new AbortController();
    // Why this run was stopped, when the pool stopped it (piscina rejects with its own AbortError).
    let stoppedFor: UntrustedWorkError | null = null;
    const stopFor = (reason: UntrustedWorkError) => {
      stoppedFor = reason;
      stop.abort(reason);
    };
    let timer = setTimeout(
      () => stopFor(new UntrustedWorkError('busy', 'No thread started the task in time')),
      this.options.startLimitMs,
    );
    const { port1: started, port2: startedPort } = new MessageChannel();
    started.once('message', () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => stopFor(new UntrustedWorkError('timeout', 'The task was stopped at its time limit')),
        opts.timeMs,
      );
    });
    const onAbort = () => stop.abort(opts.signal!.reason);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    let release: (() => void) | undefined;
    try {
      if (opts.signal?.aborted) throw opts.signal.reason;
      release = await this.admission.acquire(opts.projectId, 1, stop.signal);
      return (await this.pool.run(
        { moduleHref: task.module.href, name: task.name, input, port: startedPort },
        { filename: runnerFile, name: 'runUntrustedTask', signal: stop.signal, transferList: [startedPort] },
      )) as O;
    } catch (err) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      throw stoppedFor ?? failureOf(err);
    } finally {
      clearTimeout(timer);
      started.close();
      opts.signal?.removeEventListener('abort', onAbort);
      release?.();
    }
  }

  /** Threads busy now, all projects or one (for tests and metrics). */
  busy(projectId?: string): number {
    return this.admission.used(projectId);
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}

let sharedOptions: UntrustedPoolOptions = defaultUntrustedPoolOptions();
let shared: UntrustedPool | undefined;

/** The process's settings for its pool (worker.ts and the API set them from the environment at start). */
export function configureUntrustedPool(options: Partial<UntrustedPoolOptions>): void {
  sharedOptions = { ...sharedOptions, ...options };
}

/** The process's one pool, made on first use. */
export function untrustedPool(): UntrustedPool {
  return (shared ??= new UntrustedPool(sharedOptions));
}
