import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { projectRoot } from './paths.js';

/** Resident set size of a process in KiB, from /proc/<pid>/status (VmRSS); null if unavailable. */
export function rssKiB(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

export interface Child {
  child: ChildProcess;
  pid: number;
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * `node --import tsx <entry>` as its own OS process, the way the service runs in production as
 * separate api and worker processes. Ready when `ready(output)` is true (polled every 50 ms).
 */
export async function spawnNode(
  name: string,
  entry: string,
  args: string[],
  env: Record<string, string>,
  ready: (output: string) => boolean | Promise<boolean>,
  readyTimeoutMs = 120_000,
): Promise<Child> {
  // BENCH_CPU_PROF_DIR=<dir>: the worker and the API write V8 CPU profiles there when they stop
  // (open them in Chrome DevTools or speedscope; docs/performance.md).
  const dir = process.env.BENCH_CPU_PROF_DIR;
  const profiling = dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
  const child = spawn(process.execPath, [...profiling, '--import', 'tsx', entry, ...args], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  const append = (d: Buffer) => {
    out = (out + d.toString()).slice(-50_000);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const stop = async (graceMs = 10_000) => {
    if (!alive()) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + readyTimeoutMs;
  while (!(await ready(out))) {
    if (!alive())
      throw new Error(
        `${name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${out.slice(-4000)}`,
      );
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} was not ready after ${readyTimeoutMs} ms:\n${out.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, pid: child.pid!, output: () => out, stop };
}

/** Runs `node --import tsx <entry>` to completion; rejects with its output on a non-zero exit. */
export function runNodeScript(entry: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve(out) : reject(new Error(`${entry} exited with ${code ?? signal}:\n${out.slice(-4000)}`)),
    );
  });
}
