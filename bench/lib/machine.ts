import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus, freemem, hostname, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from './paths.js';

export interface MachineInfo {
  cpuModel: string;
  nproc: number;
  memoryGiB: number;
  freeMemoryGiB: number;
  kernel: string;
  hostname: string;
  node: string;
  loadAverageAtStart: number[];
}

export function machineInfo(): MachineInfo {
  let cpuModel = cpus()[0]?.model ?? 'unknown';
  try {
    const m = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (m) cpuModel = m[1]!.trim();
  } catch {
    // not Linux
  }
  return {
    cpuModel,
    nproc: availableParallelism(),
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    freeMemoryGiB: Math.round((freemem() / 2 ** 30) * 10) / 10,
    kernel: release(),
    hostname: hostname(),
    node: process.version,
    loadAverageAtStart: loadavg().map((v) => Math.round(v * 100) / 100),
  };
}

/** Installed version of a package, read from node_modules (null when it is not installed). */
export function packageVersion(name: string): string | null {
  const file = join(projectRoot, 'node_modules', ...name.split('/'), 'package.json');
  if (!existsSync(file)) return null;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? null;
  } catch {
    return null;
  }
}

export function gitRevision(): { commit: string | null; dirty: boolean | null } {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: projectRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const status = execFileSync('git', ['status', '--porcelain'], {
      cwd: projectRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return { commit, dirty: status.trim().length > 0 };
  } catch {
    return { commit: null, dirty: null };
  }
}

export function commandVersion(path: string, args: string[]): string | null {
  try {
    return (
      execFileSync(path, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 })
        .trim()
        .split('\n')[0] ?? null
    );
  } catch {
    return null;
  }
}
