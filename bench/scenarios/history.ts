import type { HistoryResult, HistoryRow } from '../lib/results.js';
import { BIG_RESULT_BYTES } from '../fixtures/constants.js';
import { measure, type BenchContext } from './context.js';

function marginal(rows: HistoryRow[]): Array<{ from: number; to: number; bytesPerStep: number }> {
  const out = [];
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1]!;
    const b = rows[i]!;
    out.push({ from: a.steps, to: b.steps, bytesPerStep: Math.round((b.bytes - a.bytes) / (b.steps - a.steps)) });
  }
  return out;
}

/**
 * 5. History growth: generations of 10/50/100 steps whose tool returns 20 KB each. (a): the
 * Temporal workflow history as Temporal stores it (fetched from the server). (c): what LangGraph's
 * PostgresSaver stored for the thread — its durable state, the closest equivalent.
 */
export async function runHistory(ctx: BenchContext): Promise<HistoryResult> {
  const result: HistoryResult = { toolResultBytes: BIG_RESULT_BYTES, systems: {} };
  const durable = ctx.durable;
  result.systems.durable = await measure(ctx, 'durable', 'history growth', async () => {
    if (!durable) throw new Error('not started');
    const rows: HistoryRow[] = [];
    for (const steps of ctx.params.history.steps) {
      const { id } = await durable.runSteps('big', steps);
      const h = await durable.history(id);
      rows.push({ steps, bytes: h.bytes, events: h.events, bytesPerStep: Math.round(h.bytes / steps) });
    }
    return {
      what: 'Temporal workflow history (bytes of the encoded History, events)',
      rows,
      marginalBytesPerStep: marginal(rows),
    };
  });
  result.systems.inprocess = { status: 'n/a', reason: 'no durable state' };
  const runtime = ctx.langgraphRuntime;
  result.systems.langgraph = await measure(ctx, 'langgraph', 'history growth', async (system) => {
    if (!runtime) throw new Error('not started');
    const rows: HistoryRow[] = [];
    for (const steps of ctx.params.history.steps) {
      const { id } = await system.runSteps('big', steps);
      const cp = await runtime.checkpointBytes(id);
      rows.push({ steps, bytes: cp.bytes, events: cp.checkpoints, bytesPerStep: Math.round(cp.bytes / steps) });
    }
    return {
      what: 'PostgresSaver rows for the thread (checkpoint JSON + channel blobs + writes, bytes; checkpoints)',
      rows,
      marginalBytesPerStep: marginal(rows),
    };
  });
  return result;
}
