import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The api or worker entry point run as its own OS process (crash tests kill it with SIGKILL). */
export interface ServiceProcess {
  child: ChildProcess;
  /** Resolves when the process has exited (killed, or on its own). */
  exited: Promise<void>;
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function spawnService(
  kind: 'api' | 'worker' | 'tool-worker',
  env: Record<string, string>,
  readyTimeoutMs = 60_000,
  /** How much of the latest output to keep (log tests keep everything). */
  outputLimit = 20_000,
): Promise<ServiceProcess> {
  // The run's compiled build (test/support/service-build.ts): plain node, no tsx loader.
  const build = inject('serviceBuildDir');
  const entry = kind === 'api' ? join(build, 'api', 'main.js') : join(build, 'worker.js');
  const args = kind === 'tool-worker' ? [entry, '--tools'] : [entry];
  const child = spawn(process.execPath, args, {
    cwd: root,
    // A killed worker's runs move to the next worker after 1 s instead of the default 10 s
    // (WORKER_STICKY_QUEUE_TIMEOUT_SECONDS): crash tests wait for that hand-over after each kill.
    env: { ...process.env, WORKER_STICKY_QUEUE_TIMEOUT_SECONDS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const append = (d: Buffer) => {
    out = (out + d.toString()).slice(-outputLimit);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));

  // The worker prints a marker once it polls; the API is ready when /healthz answers.
  const isReady = async () => {
    if (kind !== 'api') return /WORKER_READY/.test(out);
    return fetch(`http://127.0.0.1:${env.PORT}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
  };
  const deadline = Date.now() + readyTimeoutMs;
  while (!(await isReady())) {
    if (child.exitCode !== null) throw new Error(`${kind} exited with ${child.exitCode}:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${kind} did not become ready:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    exited,
    output: () => out,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
