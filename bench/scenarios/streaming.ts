import { round, summarize } from '../lib/stats.js';
import type { StreamingResult } from '../lib/results.js';
import type { BenchContext } from './context.js';

/**
 * 6. Streaming latency: from an event being recorded (its createdAt in PostgreSQL, written by the
 * worker) to the SSE client receiving it (POST generate with `stream: true`, stamped when its bytes
 * arrive). Only events recorded after the response headers arrived count: earlier ones are
 * replayed from the database when the stream opens, which is not live delivery. createdAt has
 * millisecond resolution, so each sample may read up to 1 ms high.
 */
export async function runStreaming(ctx: BenchContext): Promise<StreamingResult> {
  const durable = ctx.durable;
  if (!durable) return { status: 'n/a', reason: 'the service did not start' };
  const { generations, steps, warmup } = ctx.params.streaming;
  const samples: number[] = [];
  const byType: Record<string, number[]> = {};
  let replayed = 0;
  for (let i = 0; i < warmup + generations; i++) {
    const run = await durable.streamGenerate('small', steps);
    if (!run.ok) {
      if (/\b400\b/.test(run.answer) && /stream/i.test(run.answer))
        return { status: 'n/a', reason: 'streaming not implemented' };
      return { status: 'n/a', reason: `stream: true did not stream: ${run.answer}` };
    }
    const recorded = new Map((await durable.recordedEvents(run.generationId)).map((e) => [e.seq, e]));
    if (recorded.size === 0)
      return {
        status: 'n/a',
        reason: 'the stream carried events, but none were found in "GenerationEvent" to time them against',
      };
    if (i < warmup) continue;
    for (const e of run.events) {
      const rec = recorded.get(e.seq);
      if (!rec) continue;
      if (rec.recordedAt < run.openedAt) {
        replayed++;
        continue;
      }
      const latency = e.receivedAt - rec.recordedAt;
      samples.push(latency);
      (byType[e.type] ??= []).push(latency);
    }
  }
  if (samples.length === 0) return { status: 'n/a', reason: 'no event was recorded after the stream opened' };
  return {
    status: 'ok',
    reason: `${generations} generations of ${steps} steps streamed with POST generate {stream: true}; ${samples.length} live events timed, ${replayed} replayed events (recorded before the stream opened) left out`,
    latencyMs: summarize(samples),
    byType: Object.fromEntries(Object.entries(byType).map(([type, v]) => [type, summarize(v)])),
    samplesMs: samples.map((v) => round(v, 3)),
  };
}
