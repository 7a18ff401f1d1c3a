import type { Measured, SessionResult, SessionTurnRow } from '../lib/results.js';
import { measureCpu, totalCpu } from '../lib/cpu.js';
import { linearFit, summarize } from '../lib/stats.js';
import { measure, type BenchContext } from './context.js';

/**
 * 7. Long sessions, (a) only: sessions of 20 turns, one after another; each turn is one
 * generation that makes one tool call and answers, and its model calls see every earlier turn.
 * Per turn: the synchronous generate's wall time (all orchestration: zero-latency model and tool)
 * and the Temporal history of the turn's generation. The claim under test (ADR 0009): the
 * conversation lives in PostgreSQL, so history per generation is constant and the per-turn cost
 * grows only with what is read and sent, not with workflow state.
 */
export async function runSession(ctx: BenchContext): Promise<Measured<SessionResult>> {
  const durable = ctx.durable;
  const { sessions, turns } = ctx.params.session;
  return measure(ctx, 'durable', `session of ${turns} turns × ${sessions}`, async () => {
    if (!durable) throw new Error('not started');
    const wall: number[][] = Array.from({ length: turns }, () => []);
    const cpu: number[][] = Array.from({ length: turns }, () => []);
    const group = ctx.cpu.durable ?? { processes: {}, databases: [] };
    const bytes: number[][] = Array.from({ length: turns }, () => []);
    const events: number[] = [];
    const tokens: number[] = [];
    // One warm-up turn (a session of its own), not measured.
    await durable.sessionTurn(1);
    for (let s = 0; s < sessions; s++) {
      let sessionId: string | undefined;
      for (let t = 1; t <= turns; t++) {
        let elapsed = 0;
        const { result: turn, cpuMs } = await measureCpu(group, async () => {
          const start = performance.now();
          const r = await durable.sessionTurn(t, sessionId);
          elapsed = performance.now() - start;
          return r;
        });
        wall[t - 1]!.push(elapsed);
        cpu[t - 1]!.push(totalCpu(cpuMs));
        sessionId = turn.sessionId;
        const h = await durable.history(turn.id);
        bytes[t - 1]!.push(h.bytes);
        events[t - 1] = h.events;
        tokens[t - 1] = turn.promptTokens;
      }
    }
    const rows: SessionTurnRow[] = wall.map((w, i) => ({
      turn: i + 1,
      wallMs: w.map((v) => Math.round(v * 10) / 10),
      medianMs: Math.round(summarize(w).p50 * 10) / 10,
      cpuMs: cpu[i]!.map((v) => Math.round(v)),
      historyBytes: bytes[i]!,
      historyEvents: events[i]!,
      promptTokens: tokens[i]!,
    }));
    const fit = linearFit(rows.flatMap((r) => r.wallMs.map((v): [number, number] => [r.turn, v])));
    const cpuFit = linearFit(rows.flatMap((r) => r.cpuMs.map((v): [number, number] => [r.turn, v])));
    const historyFit = linearFit(rows.flatMap((r) => r.historyBytes.map((b): [number, number] => [r.turn, b])));
    const allBytes = rows.flatMap((r) => r.historyBytes);
    return {
      sessions,
      turns,
      rows,
      fit: fit
        ? {
            slopeMsPerTurn: Math.round(fit.slope * 100) / 100,
            interceptMs: Math.round(fit.intercept * 10) / 10,
            r2: Math.round(fit.r2 * 1000) / 1000,
          }
        : null,
      cpuFit: cpuFit
        ? {
            slopeMsPerTurn: Math.round(cpuFit.slope * 100) / 100,
            interceptMs: Math.round(cpuFit.intercept * 10) / 10,
            r2: Math.round(cpuFit.r2 * 1000) / 1000,
          }
        : null,
      historySlopeBytesPerTurn: historyFit ? Math.round(historyFit.slope * 10) / 10 : null,
      historyBytesMin: Math.min(...allBytes),
      historyBytesMax: Math.max(...allBytes),
    };
  });
}
