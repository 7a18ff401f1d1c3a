import type { BenchResults, Target } from '../lib/results.js';
import { ms, num, ok } from './format.js';

/**
 * The issue's targets, each compared with what this run measured for (a). Nothing is adjusted:
 * a target that was missed says so; one that could not be measured says why (met: null).
 */
export function evaluateTargets(r: BenchResults): Target[] {
  const targets: Target[] = [];

  const overhead = ok(r.overhead?.systems.durable);
  const floor = ok(r.overhead?.systems.inprocess);
  targets.push({
    name: 'per-step orchestration overhead, p50 (a)',
    target: '≤ 10 ms',
    measured: overhead ? `${ms(overhead.perStepMs.p50)} ms` : 'not measured',
    met: overhead ? overhead.perStepMs.p50 <= 10 : null,
    ...(overhead && floor
      ? {
          note: `per-step time with a zero-latency model and tool; the in-process floor (b) is ${ms(floor.perStepMs.p50)} ms, so durability adds ${ms(overhead.perStepMs.p50 - floor.perStepMs.p50)} ms/step`,
        }
      : {}),
  });

  const resume = ok(r.resume?.toolOutputs.durable);
  targets.push({
    name: 'resume latency after tool outputs, p50 (a)',
    target: '≤ 25 ms',
    measured: resume ? `${ms(resume.latencyMs.p50)} ms` : 'not measured',
    met: resume ? resume.latencyMs.p50 <= 25 : null,
  });
  const approvals = r.resume?.approvals.durable;
  if (approvals) {
    const a = ok(approvals);
    targets.push({
      name: 'resume latency after an approval, p50 (a)',
      target: '≤ 25 ms',
      measured: a
        ? `${ms(a.latencyMs.p50)} ms`
        : approvals.status === 'ok'
          ? ''
          : `${approvals.status}: ${approvals.reason.split('\n')[0]}`,
      met: a ? a.latencyMs.p50 <= 25 : null,
      ...(a ? { note: 'the approved http tool call runs, then one model call' } : {}),
    });
  }

  const tp = ok(r.throughput?.systems.durable)?.levels.find((l) => l.concurrency === 50);
  targets.push({
    name: 'throughput at 50 concurrent generations (a)',
    target: '≥ 100 steps/s',
    measured: tp ? `${num(tp.stepsPerSecond, 1)} steps/s` : 'not measured',
    met: tp ? tp.stepsPerSecond >= 100 : null,
  });

  const paused = ok(r.paused?.systems.durable);
  const n = r.paused?.count ?? 0;
  if (
    paused &&
    paused.workerRssBeforeMiB !== null &&
    paused.workerRssPausedMiB !== null &&
    paused.workerRssSlopeKiBPerPaused !== null
  ) {
    const growthMiB = (paused.workerRssSlopeKiBPerPaused * n) / 1024;
    const diff = paused.workerRssPausedMiB - paused.workerRssBeforeMiB;
    targets.push({
      name: `flat worker memory while ${num(n)} generations are paused (a)`,
      target: `RSS slope × ${num(n)} ≤ 10% of idle RSS before`,
      measured: `${num(paused.workerRssSlopeKiBPerPaused, 1)} KiB per paused generation (≈ ${num(growthMiB, 0)} MiB over ${num(n)}); idle RSS ${num(paused.workerRssBeforeMiB, 1)} MiB before, ${num(paused.workerRssPausedMiB, 1)} MiB with all paused (${diff >= 0 ? '+' : ''}${num(diff, 1)} MiB)`,
      met: growthMiB <= 0.1 * paused.workerRssBeforeMiB,
      note: `the slope is fitted to the RSS samples taken every 10% of the way; after all resumed, RSS was ${num(paused.workerRssAfterDrainMiB, 1)} MiB`,
    });
  } else {
    targets.push({
      name: 'flat worker memory while generations are paused (a)',
      target: 'RSS slope × N ≤ 10% of idle RSS before',
      measured: 'not measured',
      met: null,
    });
  }

  const history = ok(r.history?.systems.durable);
  const m = history?.marginalBytesPerStep;
  const first = m?.[0];
  const last = m?.at(-1);
  if (history && first && last && m.length >= 2) {
    const growth = last.bytesPerStep / first.bytesPerStep;
    targets.push({
      name: 'history bytes per step independent of conversation length (a)',
      target: `marginal bytes/step ${last.from}→${last.to} ≤ 1.2 × ${first.from}→${first.to}`,
      measured: `${num(first.bytesPerStep)} B/step (${first.from}→${first.to}) vs ${num(last.bytesPerStep)} B/step (${last.from}→${last.to}), ×${growth.toFixed(2)}`,
      met: growth <= 1.2,
    });
  } else {
    targets.push({
      name: 'history bytes per step independent of conversation length (a)',
      target: 'flat marginal bytes/step',
      measured: 'not measured',
      met: null,
    });
  }
  const fifty = history?.rows.find((row) => row.steps === 50);
  targets.push({
    name: 'history of a 50-step generation with 20 KB tool results (a)',
    target: '< 2 MiB',
    measured: fifty ? `${num(fifty.bytes)} bytes` : 'not measured',
    met: fifty ? fifty.bytes < 2 * 1024 * 1024 : null,
  });

  const session = ok(r.session);
  if (session) {
    const growth = (session.historySlopeBytesPerTurn ?? 0) * (session.turns - 1);
    targets.push({
      name: 'history bytes per generation constant over a 20-turn session (a)',
      target: 'growth over the session < 2% of a turn’s history',
      measured: `${num(session.historyBytesMin)}–${num(session.historyBytesMax)} bytes, fitted growth ${num(growth)} bytes over ${session.turns} turns`,
      met: Math.abs(growth) < 0.02 * session.historyBytesMin,
    });
    targets.push({
      name: 'per-turn orchestration cost vs turn index, 20-turn session (a)',
      target: 'no target set (reported)',
      measured: session.fit
        ? `wall: slope ${num(session.fit.slopeMsPerTurn, 2)} ms per turn index (intercept ${ms(session.fit.interceptMs)} ms, r² ${num(session.fit.r2, 3)})${session.cpuFit ? `; CPU: slope ${num(session.cpuFit.slopeMsPerTurn, 2)} ms per turn index (intercept ${ms(session.cpuFit.interceptMs)} ms)` : ''}`
        : 'not measured',
      met: null,
    });
  }

  const streaming = r.streaming;
  if (streaming?.status === 'ok' && streaming.latencyMs) {
    targets.push({
      name: 'streaming: event recorded → SSE client (a)',
      target: 'no target set (reported)',
      measured: `p50 ${ms(streaming.latencyMs.p50)} ms, p95 ${ms(streaming.latencyMs.p95)} ms`,
      met: null,
    });
  }

  return targets;
}
