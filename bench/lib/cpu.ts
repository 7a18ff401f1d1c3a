import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { adminDatabaseUrl } from './database.js';

/**
 * CPU time (user + system) spent by the processes of each system, from /proc/<pid>/stat. Unlike
 * wall time it hardly moves when other work shares the machine, so it is the figure to compare
 * across runs and machines. PostgreSQL is counted through the server backends connected to the
 * system's own database (pg_stat_activity), not the whole server other tests also use.
 */

let ticksPerSecond: number | null = null;
function clockTicks(): number {
  if (ticksPerSecond === null) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** CPU ms used so far by a process (0 if it is gone or /proc is unavailable). */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / clockTicks()) * 1000;
  } catch {
    return 0;
  }
}

/** The pid of a running process whose command line contains every one of `parts`, if any. */
export function findPid(parts: string[]): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (parts.every((p) => cmd.includes(p))) return Number(entry);
    } catch {
      // gone
    }
  }
  return null;
}

/** Backend pids of the PostgreSQL server connected to the given databases. */
export async function postgresBackends(databases: string[]): Promise<number[]> {
  if (databases.length === 0) return [];
  const c = new pg.Client({ connectionString: adminDatabaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = ANY($1) AND pid <> pg_backend_pid()',
      [databases],
    );
    return rows.map((r) => r.pid);
  } finally {
    await c.end();
  }
}

/** What makes up one system, for CPU accounting. */
export interface CpuGroup {
  /** Named processes, e.g. { worker: 123, api: 124 }. */
  processes: Record<string, number>;
  /** Databases whose PostgreSQL backends count as this system's. */
  databases: string[];
}

export type CpuBreakdown = Record<string, number>;

/** CPU ms spent by each named process (and `postgres`) of the group while `fn` ran. */
export async function measureCpu<T>(
  group: CpuGroup,
  fn: () => Promise<T>,
): Promise<{ result: T; cpuMs: CpuBreakdown }> {
  const before: Record<string, number> = {};
  for (const [name, pid] of Object.entries(group.processes)) before[name] = processCpuMs(pid);
  // Backends seen before or after; one that exited in between loses its share (pools keep theirs open).
  const backendsBefore = new Map((await postgresBackends(group.databases)).map((pid) => [pid, processCpuMs(pid)]));
  const result = await fn();
  const cpuMs: CpuBreakdown = {};
  for (const [name, pid] of Object.entries(group.processes)) cpuMs[name] = processCpuMs(pid) - before[name]!;
  if (group.databases.length) {
    let pgMs = 0;
    for (const pid of await postgresBackends(group.databases))
      pgMs += processCpuMs(pid) - (backendsBefore.get(pid) ?? 0);
    cpuMs.postgres = pgMs;
  }
  return { result, cpuMs };
}

export function totalCpu(b: CpuBreakdown): number {
  return Object.values(b).reduce((s, v) => s + v, 0);
}
