import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { adminDatabaseUrl } from '../lib/database.js';
import { errorText, log } from '../lib/log.js';
import type { LedgerServer } from './ledger-server.js';
import type { ModelFaults } from './model-script.js';
import { faultKinds, type FaultKind, type FaultRecord } from './observations.js';
import type { Random } from './random.js';
import type { SoakTopology, SupervisedProcess } from './topology.js';

const run = promisify(execFile);

export interface PlannedFault {
  kind: FaultKind;
  /** Milliseconds after the start. */
  at: number;
}

/**
 * The seeded schedule: `perKind` faults of every kind, each in its own slot of the window (with a
 * random place inside it), so they spread over the run instead of bunching, and the same seed
 * gives the same moments.
 */
export function planFaults(
  random: Random,
  durationMs: number,
  perKind: number,
  kinds: readonly FaultKind[] = faultKinds,
): PlannedFault[] {
  const from = durationMs * 0.03;
  const width = (durationMs * 0.9 - from) / perKind;
  const plan: PlannedFault[] = [];
  for (const kind of kinds)
    for (let i = 0; i < perKind; i++) plan.push({ kind, at: Math.round(from + (i + random.next()) * width) });
  return plan.sort((a, b) => a.at - b.at);
}

/** How this machine restarts PostgreSQL, if it can: its cluster as pg_lsclusters lists it. */
export async function postgresRestartCommand(): Promise<string[] | null> {
  try {
    const { stdout } = await run('pg_lsclusters', ['--no-header']);
    const port = new URL(adminDatabaseUrl).port || '5432';
    const line = stdout
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .find((cols) => cols[2] === port && cols[3] === 'online');
    if (!line || process.getuid?.() !== 0) return null;
    return ['pg_ctlcluster', line[0]!, line[1]!, 'restart', '-m', 'fast'];
  } catch {
    return null;
  }
}

export interface FaultContext {
  topology: SoakTopology;
  ledger: LedgerServer;
  model: ModelFaults;
  random: Random;
  restartPostgres: string[] | null;
  startedAt: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Kills one of the replicas that are up (waiting up to 20 s for one); null when none came up. */
async function killOneOf(ctx: FaultContext, replicas: SupervisedProcess[]): Promise<string | null> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const up = replicas.filter((p) => p.isUp());
    if (up.length > 0) {
      const target = ctx.random.pick(up);
      await target.kill();
      return target.name;
    }
    await sleep(200);
  }
  return null;
}

export async function injectFault(ctx: FaultContext, kind: FaultKind): Promise<FaultRecord | null> {
  const at = Date.now() - ctx.startedAt;
  const windowMs = ctx.random.int(1_000, 3_000);
  let detail: string | null;
  switch (kind) {
    case 'kill_worker':
      detail = await killOneOf(ctx, ctx.topology.workers);
      break;
    case 'kill_api':
      detail = await killOneOf(ctx, ctx.topology.apis);
      break;
    case 'kill_temporal':
      detail = await killOneOf(ctx, [ctx.topology.temporal]);
      break;
    case 'pg_terminate_backend': {
      const admin = new pg.Client({ connectionString: adminDatabaseUrl });
      try {
        await admin.connect();
        const { rows } = await admin.query<{ n: string }>(
          `SELECT count(*) AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = $1 AND pid <> pg_backend_pid()) t`,
          [ctx.topology.databaseName],
        );
        detail = `${rows[0]!.n} connections`;
      } catch (err) {
        log(`pg_terminate_backend failed: ${errorText(err)}`);
        detail = null;
      } finally {
        await admin.end().catch(() => {});
      }
      break;
    }
    case 'pg_restart':
      if (!ctx.restartPostgres) return null;
      try {
        const [cmd, ...args] = ctx.restartPostgres;
        await run(cmd!, args, { timeout: 60_000 });
        detail = ctx.restartPostgres.slice(1, 3).join('/');
      } catch (err) {
        log(`PostgreSQL restart failed: ${errorText(err)}`);
        detail = null;
      }
      break;
    case 'model_500':
      ctx.model.status500Until = Date.now() + windowMs;
      detail = `${windowMs} ms`;
      break;
    case 'model_hang': {
      const hangMs = ctx.random.int(2_000, 12_000);
      ctx.model.hangUntil = Date.now() + windowMs;
      ctx.model.hangMs = hangMs;
      detail = `${windowMs} ms window, each reply held ${hangMs} ms`;
      break;
    }
    case 'tool_server_drop':
      ctx.ledger.dropFor(windowMs);
      detail = `${windowMs} ms`;
      break;
  }
  return detail === null ? null : { kind, at, detail };
}

/** Plays the schedule until it ends or `stop()` says so; each fault waits for its moment. */
export async function playFaults(
  ctx: FaultContext,
  plan: PlannedFault[],
  shouldStop: () => boolean,
  injected: FaultRecord[],
): Promise<void> {
  // Kinds run on their own chains: a slow PostgreSQL restart does not hold back the other kinds.
  const chains = new Map<FaultKind, Promise<void>>();
  for (const planned of plan) {
    const previous = chains.get(planned.kind) ?? Promise.resolve();
    chains.set(
      planned.kind,
      previous.then(async () => {
        const wait = ctx.startedAt + planned.at - Date.now();
        if (wait > 0) await sleep(wait);
        if (shouldStop()) return;
        const record = await injectFault(ctx, planned.kind).catch((err: unknown) => {
          log(`fault ${planned.kind} failed: ${errorText(err)}`);
          return null;
        });
        if (record) injected.push(record);
      }),
    );
  }
  await Promise.all(chains.values());
}
