import { measureCpu, totalCpu, type CpuBreakdown, type CpuGroup } from '../lib/cpu.js';
import { runConcurrent, sleep } from '../lib/pool.js';
import { rssKiB } from '../lib/proc.js';
import { errorText, log } from '../lib/log.js';
import type { Measured, PausedResult, RssSample, TemporalFloorResult } from '../lib/results.js';
import { TemporalFloor } from '../floor/system.js';
import type { DurableSystem } from '../systems/durable.js';
import { measure, type BenchContext } from './context.js';

const mib = (kib: number | null) => (kib === null ? null : Math.round((kib / 1024) * 10) / 10);

function leastSquaresSlope(points: Array<[number, number]>): number | null {
  if (points.length < 3) return null;
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  if (sxx === 0) return null;
  return points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / sxx;
}

/** CPU ms per generation, total and by process. */
function perGeneration(cpuMs: CpuBreakdown, count: number): { total: number; byProcess: CpuBreakdown } {
  const byProcess: CpuBreakdown = {};
  for (const [name, ms] of Object.entries(cpuMs)) byProcess[name] = ms / count;
  return { total: totalCpu(cpuMs) / count, byProcess };
}

/** Polls until `done()` holds, sampling RSS on the way; throws after `timeoutMs`. */
async function waitUntil(
  done: () => Promise<boolean>,
  onTick: () => Promise<void>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await onTick();
    if (await done()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not done after ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

/**
 * (a): N generations are started with async generate requests (`c` in flight), each pausing on a
 * client tool call. "Time to pause all" runs from the first request until the database shows all
 * N in requires_action; the worker's RSS (VmRSS) is sampled along the way. Then every paused
 * generation gets its tool output (async tool-outputs, `c` in flight) and "time to drain" runs
 * until all N are completed. The database is only read, to observe; everything is driven through
 * the public API.
 */
async function durablePaused(
  durable: DurableSystem,
  cpu: CpuGroup,
  count: number,
  concurrency: number,
  settleMs: number,
) {
  const workerPid = durable.stack.worker.pid;
  const apiPid = durable.stack.api.pid;
  const rss: RssSample[] = [];
  const sample = (label: string, paused: number) =>
    rss.push({ label, paused, workerRssMiB: mib(rssKiB(workerPid)), apiRssMiB: mib(rssKiB(apiPid)) });
  const baseline = await durable.clientAgentStatusCounts();
  const completedBefore = baseline.completed ?? 0;
  if ((baseline.requires_action ?? 0) > 0 || (baseline.running ?? 0) > 0)
    throw new Error(`generations of the client agent still open before the scenario: ${JSON.stringify(baseline)}`);
  await sleep(settleMs);
  sample('before (idle)', 0);

  const every = Math.max(1, Math.floor(count / 10));
  let nextMark = every;
  let lastPaused = 0;
  const tick = (phase: 'pausing' | 'draining') => async () => {
    const counts = await durable.clientAgentStatusCounts();
    const paused = counts.requires_action ?? 0;
    lastPaused = paused;
    if (phase === 'pausing' ? paused >= nextMark : count - paused >= nextMark) {
      sample(phase, paused);
      nextMark += every;
    }
  };

  const t0 = performance.now();
  const failure: { err?: unknown } = {};
  const starting = runConcurrent(count, concurrency, () => durable.startPausedAsync()).catch(
    (err: unknown) => void (failure.err = err),
  );
  const check = () => {
    if (failure.err !== undefined) throw failure.err;
  };
  const { cpuMs: pauseCpu } = await measureCpu(cpu, async () => {
    await waitUntil(async () => (check(), lastPaused >= count), tick('pausing'), 30 * 60_000, 'pausing');
    await starting;
  });
  const startSeconds = (performance.now() - t0) / 1000;
  sample('all paused', count);
  await sleep(settleMs);
  sample(`all paused, idle ${settleMs / 1000} s`, count);

  const runs = await durable.pausedClientRuns();
  if (runs.length !== count || runs.some((r) => !r.toolCallId))
    throw new Error(`expected ${count} paused generations with a pending call, found ${runs.length}`);
  nextMark = every;
  const t1 = performance.now();
  const resuming = runConcurrent(count, concurrency, (i) => durable.resumeAsync(runs[i]!)).catch(
    (err: unknown) => void (failure.err = err),
  );
  let completed = 0;
  const { cpuMs: drainCpu } = await measureCpu(cpu, async () => {
    await waitUntil(
      async () => (check(), completed >= count),
      async () => {
        const counts = await durable.clientAgentStatusCounts();
        completed = (counts.completed ?? 0) - completedBefore;
        if ((counts.failed ?? 0) > (baseline.failed ?? 0))
          throw new Error(`generations failed while draining: ${JSON.stringify(counts)}`);
        if (completed >= nextMark && completed < count) {
          sample('draining', count - completed);
          nextMark += every;
        }
      },
      30 * 60_000,
      'draining',
    );
    await resuming;
  });
  const drainSeconds = (performance.now() - t1) / 1000;
  await sleep(settleMs);
  sample(`drained, idle ${settleMs / 1000} s`, 0);
  const paused = rss.find((s) => s.label.startsWith('all paused, idle'))!;
  // Least-squares slope of worker RSS over the number of paused generations while pausing: unlike
  // two single samples it does not depend on when the worker's garbage collector last ran.
  const points = rss.filter((s) => (s.label === 'pausing' || s.label === 'all paused') && s.workerRssMiB !== null);
  const slope = leastSquaresSlope(points.map((s) => [s.paused, s.workerRssMiB! * 1024]));
  return {
    cpuMsPerPaused: perGeneration(pauseCpu, count),
    cpuMsPerResumed: perGeneration(drainCpu, count),
    workerRssSlopeKiBPerPaused: slope === null ? null : Math.round(slope * 10) / 10,
    startSeconds,
    startPerSecond: count / startSeconds,
    drainSeconds,
    drainPerSecond: count / drainSeconds,
    rss,
    workerRssBeforeMiB: rss[0]!.workerRssMiB,
    workerRssPausedMiB: paused.workerRssMiB,
    workerRssAfterDrainMiB: rss.at(-1)!.workerRssMiB,
  };
}

/**
 * 4. Paused capacity: start N generations that pause in requires_action, report the time until
 * all are paused and the worker's memory, then resume all and report the time to drain.
 */
export async function runPaused(ctx: BenchContext): Promise<PausedResult> {
  const { count, concurrency, settleMs } = ctx.params.paused;
  const result: PausedResult = { count, concurrency, systems: {} };
  const durable = ctx.durable;
  result.systems.durable = await measure(ctx, 'durable', `paused capacity (${count})`, () => {
    if (!durable) throw new Error('not started');
    return durablePaused(durable, ctx.cpu.durable ?? { processes: {}, databases: [] }, count, concurrency, settleMs);
  });
  result.systems.inprocess = {
    status: 'n/a',
    reason: 'a paused in-process generation is a pending promise; it does not survive a restart',
  };
  result.systems.langgraph = await measure(ctx, 'langgraph', `paused capacity (${count})`, async (system) => {
    // In-process: invoke() returns at the interrupt, so "paused" is when the call returns.
    const group = ctx.cpu.langgraph ?? { processes: {}, databases: [] };
    const t0 = performance.now();
    const { result: runs, cpuMs: pauseCpu } = await measureCpu(group, () =>
      runConcurrent(count, concurrency, () => system.startPaused!()),
    );
    const startSeconds = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    const { cpuMs: drainCpu } = await measureCpu(group, () =>
      runConcurrent(count, concurrency, (i) => system.resume!(runs[i]!)),
    );
    const drainSeconds = (performance.now() - t1) / 1000;
    return {
      cpuMsPerPaused: perGeneration(pauseCpu, count),
      cpuMsPerResumed: perGeneration(drainCpu, count),
      startSeconds,
      startPerSecond: count / startSeconds,
      drainSeconds,
      drainPerSecond: count / drainSeconds,
      rss: null,
      workerRssSlopeKiBPerPaused: null,
      workerRssBeforeMiB: null,
      workerRssPausedMiB: null,
      workerRssAfterDrainMiB: null,
      rssNote: 'LangGraph runs inside the benchmark process: no separate worker to measure',
    };
  });
  result.temporalFloor = await temporalFloor(ctx, count, concurrency);
  return result;
}

/** The sticky cache (a)'s worker runs with (its default), given to the floor's worker too. */
const CACHED_WORKFLOWS = 100;

/**
 * The same pause and drain with nothing but Temporal (bench/floor): `count` runs of a workflow that
 * waits for one update, started and then answered `concurrency` at a time, on (a)'s dev server.
 */
async function temporalFloor(
  ctx: BenchContext,
  count: number,
  concurrency: number,
): Promise<Measured<TemporalFloorResult>> {
  const stack = ctx.durable?.stack;
  if (!stack) return { status: 'error', reason: "(a)'s Temporal server is not running" };
  log(`paused capacity (${count}): Temporal alone…`);
  let floor: TemporalFloor | null = null;
  try {
    floor = await TemporalFloor.start(stack.temporalAddress, stack.temporalNamespace, CACHED_WORKFLOWS);
    const started = floor;
    const group: CpuGroup = {
      processes: {
        ...(stack.temporalPid ? { 'temporal server': stack.temporalPid } : {}),
        'benchmark process': process.pid,
      },
      databases: [],
    };
    const t0 = performance.now();
    const { result: ids, cpuMs: pauseCpu } = await measureCpu(group, () => started.pauseAll(count, concurrency));
    const startSeconds = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    const { cpuMs: drainCpu } = await measureCpu(group, () => started.drainAll(ids, concurrency));
    const drainSeconds = (performance.now() - t1) / 1000;
    return {
      status: 'ok',
      startSeconds,
      startPerSecond: count / startSeconds,
      drainSeconds,
      drainPerSecond: count / drainSeconds,
      cpuMsPerPaused: perGeneration(pauseCpu, count),
      cpuMsPerResumed: perGeneration(drainCpu, count),
    };
  } catch (err) {
    log(`paused capacity (${count}): Temporal alone FAILED: ${errorText(err)}`);
    return { status: 'error', reason: errorText(err) };
  } finally {
    await floor?.close();
  }
}
