import { measureCpu, totalCpu } from '../lib/cpu.js';
import { round, summarize } from '../lib/stats.js';
import type { OverheadResult } from '../lib/results.js';
import type { SystemId } from '../systems/types.js';
import { measure, type BenchContext } from './context.js';

/**
 * 1. Per-step orchestration overhead: generations of K steps (one http tool call per step, then
 * the answer), one after another; per-step time = generation wall time ÷ K.
 */
export async function runOverhead(ctx: BenchContext): Promise<OverheadResult> {
  const { steps, generations, warmup } = ctx.params.overhead;
  const result: OverheadResult = { stepsPerGeneration: steps, generations, warmup, systems: {} };
  const ids: SystemId[] = ['durable', 'inprocess', 'langgraph', 'langgraphAsync'];
  for (const id of ids) {
    result.systems[id] = await measure(
      ctx,
      id,
      `per-step overhead (${generations} × ${steps} steps)`,
      async (system) => {
        for (let i = 0; i < warmup; i++) await system.runSteps('small', steps);
        const before = await ctx.fixtures.stats();
        const generationMs: number[] = [];
        const { cpuMs } = await measureCpu(ctx.cpu[id] ?? { processes: {}, databases: [] }, async () => {
          for (let i = 0; i < generations; i++) {
            const t0 = performance.now();
            await system.runSteps('small', steps);
            generationMs.push(performance.now() - t0);
          }
        });
        const after = await ctx.fixtures.stats();
        // Every step really reached the tool server and the model server (no shortcuts, no retries).
        const tools = after.toolRequests - before.toolRequests;
        const models = after.modelRequests - before.modelRequests;
        if (tools !== generations * steps || models !== generations * (steps + 1)) {
          throw new Error(
            `expected ${generations * steps} tool and ${generations * (steps + 1)} model requests, the servers saw ${tools} and ${models}`,
          );
        }
        const perStep = generationMs.map((ms) => ms / steps);
        const total = generations * steps;
        return {
          perStepMs: summarize(perStep),
          generationMs: summarize(generationMs),
          cpuMsPerStep: round(totalCpu(cpuMs) / total, 3),
          cpuBreakdownMsPerStep: Object.fromEntries(Object.entries(cpuMs).map(([k, v]) => [k, round(v / total, 3)])),
          samplesPerStepMs: perStep.map((v) => round(v, 3)),
        };
      },
    );
  }
  return result;
}
