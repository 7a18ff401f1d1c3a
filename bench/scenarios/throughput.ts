import { runConcurrent } from '../lib/pool.js';
import { measureCpu, totalCpu } from '../lib/cpu.js';
import { round, summarize } from '../lib/stats.js';
import type { ThroughputLevel, ThroughputResult } from '../lib/results.js';
import type { SystemId } from '../systems/types.js';
import { measure, type BenchContext } from './context.js';

/** 3. Throughput: N generations of 10 steps, c at a time (closed loop) → tool steps per second. */
export async function runThroughput(ctx: BenchContext): Promise<ThroughputResult> {
  const { steps, levels, warmup } = ctx.params.throughput;
  const result: ThroughputResult = { stepsPerGeneration: steps, systems: {} };
  const ids: SystemId[] = ['durable', 'inprocess', 'langgraph'];
  for (const id of ids) {
    result.systems[id] = await measure(
      ctx,
      id,
      `throughput (${levels.map((l) => l.concurrency).join('/')} concurrent)`,
      async (system) => {
        await runConcurrent(warmup, warmup, () => system.runSteps('small', steps));
        const out: ThroughputLevel[] = [];
        for (const { concurrency, generations } of levels) {
          const latencies: number[] = [];
          const t0 = performance.now();
          const { cpuMs } = await measureCpu(ctx.cpu[id] ?? { processes: {}, databases: [] }, () =>
            runConcurrent(generations, concurrency, async () => {
              const g0 = performance.now();
              await system.runSteps('small', steps);
              latencies.push(performance.now() - g0);
            }),
          );
          const wallMs = performance.now() - t0;
          const total = generations * steps;
          out.push({
            concurrency,
            generations,
            steps: total,
            wallMs,
            stepsPerSecond: total / (wallMs / 1000),
            generationMs: summarize(latencies),
            cpuMsPerStep: round(totalCpu(cpuMs) / total, 3),
          });
        }
        return { levels: out };
      },
    );
  }
  return result;
}
