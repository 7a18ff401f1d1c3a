import { runConcurrent } from '../lib/pool.js';
import { round, summarize } from '../lib/stats.js';
import type { Measured, ResumeResult } from '../lib/results.js';
import type { AgentSystem, PausedRun, SystemId } from '../systems/types.js';
import { measure, type BenchContext } from './context.js';

type Latency = { latencyMs: ReturnType<typeof summarize>; samplesMs: number[] };

/** Pauses `count + warmup` generations (untimed), then resumes them one at a time, timing each. */
async function timeResumes(
  count: number,
  warmup: number,
  concurrency: number,
  start: () => Promise<PausedRun>,
  resume: (run: PausedRun) => Promise<void>,
): Promise<Latency> {
  const runs = await runConcurrent(count + warmup, concurrency, () => start());
  const samples: number[] = [];
  for (const [i, run] of runs.entries()) {
    const t0 = performance.now();
    await resume(run);
    if (i >= warmup) samples.push(performance.now() - t0);
  }
  return { latencyMs: summarize(samples), samplesMs: samples.map((v) => round(v, 3)) };
}

/**
 * 2. Resume latency: from the tool-outputs request (or the approval decision) to the generation
 * being settled, when one zero-latency model call remains.
 */
export async function runResume(ctx: BenchContext): Promise<ResumeResult> {
  const { count, warmup, startConcurrency } = ctx.params.resume;
  const result: ResumeResult = { count, toolOutputs: {}, approvals: {} };
  const ids: SystemId[] = ['durable', 'inprocess', 'langgraph'];
  for (const id of ids) {
    result.toolOutputs[id] = await measure(ctx, id, `resume latency, tool outputs (${count})`, (s: AgentSystem) => {
      if (!s.startPaused || !s.resume) throw new Error('pausing is not supported');
      return timeResumes(
        count,
        warmup,
        startConcurrency,
        () => s.startPaused!(),
        (r) => s.resume!(r),
      );
    });
  }
  const durable = ctx.durable;
  if (durable && !durable.approvalsAvailable) {
    result.approvals.durable = {
      status: 'n/a',
      reason: `approvals not available in this build (${durable.approvalUnavailable})`,
    };
  } else if (durable) {
    result.approvals.durable = (await measure(ctx, 'durable', `resume latency, approvals (${count})`, () =>
      timeResumes(
        count,
        warmup,
        startConcurrency,
        () => durable.startApprovalPaused(),
        (r) => durable.approve(r),
      ),
    )) as Measured<Latency>;
  }
  result.approvals.inprocess = { status: 'n/a', reason: 'no approvals in a plain loop' };
  result.approvals.langgraph = {
    status: 'n/a',
    reason: 'not measured (the tool-outputs row is the same interrupt/resume mechanism)',
  };
  return result;
}
