import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { MessagePort } from 'node:worker_threads';

/**
 * What a pool thread runs for every task: it loads the task's module, says "started" on `port`,
 * then runs the task. The pool's time limit counts from that message, so a thread's start and the
 * loading of our own modules (seconds on a cold thread of a busy machine) never eat into the
 * budget of the tenant's input (infra/isolation/untrusted-pool.ts).
 */

type TaskModule = Record<string, (input: unknown) => unknown>;

const requireModule = createRequire(import.meta.url);
// An import() no compiler rewrites to require() (tsx compiles this file to CommonJS on pool threads).
const importModule = new Function('specifier', 'return import(specifier)') as (
  specifier: string,
) => Promise<TaskModule>;

/**
 * Loaded as piscina loads a task file: require() first (from source, tsx's require hook compiles
 * the TypeScript; its import hook is not active on pool threads), else import().
 */
async function load(moduleHref: string): Promise<TaskModule> {
  try {
    return requireModule(fileURLToPath(moduleHref)) as TaskModule;
  } catch {
    return importModule(moduleHref);
  }
}

export async function runUntrustedTask(job: {
  moduleHref: string;
  name: string;
  input: unknown;
  port: MessagePort;
}): Promise<unknown> {
  const task = (await load(job.moduleHref))[job.name];
  if (typeof task !== 'function') throw new Error(`${job.moduleHref} exports no task ${job.name}`);
  job.port.postMessage('started');
  job.port.close();
  return task(job.input);
}
