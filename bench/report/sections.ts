import type { BenchResults, Measured, TemporalFloorResult } from '../lib/results.js';
import type { Summary } from '../lib/stats.js';
import { systemLabels, type SystemId } from '../systems/types.js';
import { missing, ms, num, ok, ratioOf, times } from './format.js';

export interface Table {
  headers: string[];
  rows: string[][];
  /** 'l' or 'r' per column (default: first column left, others right). */
  align?: Array<'l' | 'r'>;
}

export interface Section {
  title: string;
  tables: Table[];
  notes: string[];
}

const label = (id: SystemId) => systemLabels[id];

function latencyRow(name: string, m: Measured<{ latencyMs: Summary }> | undefined): string[] {
  const v = ok(m);
  return v
    ? [name, ms(v.latencyMs.p50), ms(v.latencyMs.p95), ms(v.latencyMs.mean), num(v.latencyMs.n)]
    : [name, missing(m), '', '', ''];
}

function cpuNotes(o: NonNullable<BenchResults['overhead']>): string[] {
  const out = [
    "CPU ms/step: CPU time (user + system, /proc/<pid>/stat) of the system's processes and of the PostgreSQL backends connected to its database, ÷ steps; barely affected by other load on the machine",
  ];
  const a = ok(o.systems.durable);
  if (a)
    out.push(
      `(a) CPU per step by process: ${Object.entries(a.cpuBreakdownMsPerStep)
        .map(([k, v]) => `${k} ${ms(v)} ms`)
        .join(', ')} (the benchmark's HTTP client and the model/tool servers are not counted for any system)`,
    );
  return out;
}

type PausedFigures = NonNullable<ReturnType<typeof ok<NonNullable<BenchResults['paused']>['systems']['durable']>>>;

const FLOOR_LABEL = '(t) Temporal alone — the floor of (a)';

function floorNotes(f: TemporalFloorResult | undefined): string[] {
  if (!f) return [];
  const byProcess = (c: TemporalFloorResult['cpuMsPerPaused']) =>
    Object.entries(c.byProcess)
      .map(([name, ms]) => `${name} ${num(ms, 1)}`)
      .join(', ');
  return [
    `(t) a workflow that waits for one update and completes, nothing else (no activity, search attribute or database): the SDK's worker (its defaults, the same sticky cache as (a)) and client in the benchmark process, on (a)'s Temporal dev server, started and answered with the same concurrency as (a): CPU ms per paused run ${byProcess(f.cpuMsPerPaused)}; per resumed one ${byProcess(f.cpuMsPerResumed)}`,
  ];
}

function pausedCpuNotes(a: PausedFigures | undefined): string[] {
  const byProcess = (c: { byProcess: Record<string, number> }) =>
    Object.entries(c.byProcess)
      .map(([k, v]) => `${k} ${ms(v)}`)
      .join(', ');
  if (!a?.cpuMsPerPaused || !a.cpuMsPerResumed) return [];
  return [
    `(a) CPU ms per paused generation by process: ${byProcess(a.cpuMsPerPaused)}; per resumed one: ${byProcess(a.cpuMsPerResumed)} (with 2 cores, 2,000 ÷ CPU ms bounds the rate per second)`,
  ];
}

export function buildSections(r: BenchResults): Section[] {
  const sections: Section[] = [];

  if (r.overhead) {
    const o = r.overhead;
    const rows = (['durable', 'inprocess', 'langgraph', 'langgraphAsync'] as const).map((id) => {
      const v = ok(o.systems[id]);
      return v
        ? [
            label(id),
            ms(v.perStepMs.p50),
            ms(v.perStepMs.p95),
            ms(v.perStepMs.mean),
            ms(v.generationMs.p50),
            ms(v.cpuMsPerStep),
          ]
        : [label(id), missing(o.systems[id]), '', '', '', ''];
    });
    const a = ok(o.systems.durable)?.perStepMs;
    const b = ok(o.systems.inprocess)?.perStepMs;
    const c = ok(o.systems.langgraph)?.perStepMs;
    const c2 = ok(o.systems.langgraphAsync)?.perStepMs;
    sections.push({
      title: `1. Per-step orchestration overhead — ${o.generations} generations × ${o.stepsPerGeneration} steps, sequential, per-step = wall ÷ ${o.stepsPerGeneration}`,
      tables: [
        { headers: ['system', 'p50 ms/step', 'p95 ms/step', 'mean ms/step', 'p50 ms/generation', 'CPU ms/step'], rows },
        {
          headers: ['ratio', 'p50', 'p95'],
          rows: [
            ['a/b (cost over the floor)', times(ratioOf(a?.p50, b?.p50)), times(ratioOf(a?.p95, b?.p95))],
            ['a/c (vs LangGraph, durability sync)', times(ratioOf(a?.p50, c?.p50)), times(ratioOf(a?.p95, c?.p95))],
            ["a/c' (vs LangGraph, durability async)", times(ratioOf(a?.p50, c2?.p50)), times(ratioOf(a?.p95, c2?.p95))],
          ],
        },
      ],
      notes: [
        ...(a && b
          ? [`durability adds ${ms(a.p50 - b.p50)} ms per step at p50 over the in-process floor (a − b)`]
          : []),
        ...cpuNotes(o),
      ],
    });
  }

  if (r.resume) {
    const res = r.resume;
    const a = ok(res.toolOutputs.durable)?.latencyMs;
    const b = ok(res.toolOutputs.inprocess)?.latencyMs;
    const c = ok(res.toolOutputs.langgraph)?.latencyMs;
    sections.push({
      title: `2. Resume latency — ${res.count} resumes one at a time; request → generation settled, one zero-latency model call left`,
      tables: [
        {
          headers: ['system', 'p50 ms', 'p95 ms', 'mean ms', 'n'],
          rows: [
            latencyRow(`${label('durable')}: POST …/tool-outputs`, res.toolOutputs.durable),
            latencyRow(`${label('durable')}: POST …/approvals/{id} (tool + model call left)`, res.approvals.durable),
            latencyRow(`${label('inprocess')}: append output, call model`, res.toolOutputs.inprocess),
            latencyRow(`${label('langgraph')}: updateState + invoke(null)`, res.toolOutputs.langgraph),
          ],
        },
        {
          headers: ['ratio (tool outputs)', 'p50', 'p95'],
          rows: [
            ['a/b', times(ratioOf(a?.p50, b?.p50)), times(ratioOf(a?.p95, b?.p95))],
            ['a/c', times(ratioOf(a?.p50, c?.p50)), times(ratioOf(a?.p95, c?.p95))],
          ],
        },
      ],
      notes: [],
    });
  }

  if (r.throughput) {
    const t = r.throughput;
    const levels =
      ok(t.systems.durable)?.levels ?? ok(t.systems.inprocess)?.levels ?? ok(t.systems.langgraph)?.levels ?? [];
    const rate = (id: SystemId, c: number) => ok(t.systems[id])?.levels.find((l) => l.concurrency === c);
    const rows = levels.map((l) => {
      const [a, b, c] = [
        rate('durable', l.concurrency),
        rate('inprocess', l.concurrency),
        rate('langgraph', l.concurrency),
      ];
      return [
        String(l.concurrency),
        num(l.generations),
        a ? num(a.stepsPerSecond, 1) : missing(t.systems.durable),
        b ? num(b.stepsPerSecond, 1) : missing(t.systems.inprocess),
        c ? num(c.stepsPerSecond, 1) : missing(t.systems.langgraph),
        times(ratioOf(a?.stepsPerSecond, b?.stepsPerSecond)),
        times(ratioOf(a?.stepsPerSecond, c?.stepsPerSecond)),
        a ? ms(a.generationMs.p50) : '—',
        a ? ms(a.cpuMsPerStep) : '—',
        c ? ms(c.cpuMsPerStep) : '—',
      ];
    });
    sections.push({
      title: `3. Throughput — generations of ${t.stepsPerGeneration} steps, c at a time (closed loop); tool steps per second`,
      tables: [
        {
          headers: [
            'concurrency',
            'generations',
            '(a) steps/s',
            '(b) steps/s',
            '(c) steps/s',
            'a/b',
            'a/c',
            '(a) p50 ms/generation',
            '(a) CPU ms/step',
            '(c) CPU ms/step',
          ],
          rows,
        },
      ],
      notes: [
        "CPU ms/step: CPU time of the system's own processes and PostgreSQL backends ÷ steps — with 2 cores, 2,000 ÷ CPU ms/step bounds steps/s",
      ],
    });
  }

  if (r.paused) {
    const p = r.paused;
    const rows = (['durable', 'inprocess', 'langgraph'] as const).map((id) => {
      const v = ok(p.systems[id]);
      if (!v) return [label(id), missing(p.systems[id]), '', '', '', '', '', ''];
      const rss =
        v.workerRssBeforeMiB !== null
          ? `${num(v.workerRssBeforeMiB, 1)} → ${num(v.workerRssPausedMiB, 1)} → ${num(v.workerRssAfterDrainMiB, 1)}`
          : `n/a (${v.rssNote ?? ''})`;
      return [
        label(id),
        num(v.startSeconds, 1),
        num(v.startPerSecond, 0),
        num(v.drainSeconds, 1),
        num(v.drainPerSecond, 0),
        v.cpuMsPerPaused ? num(v.cpuMsPerPaused.total, 1) : '',
        v.cpuMsPerResumed ? num(v.cpuMsPerResumed.total, 1) : '',
        rss,
      ];
    });
    if (p.temporalFloor) {
      const f = ok(p.temporalFloor);
      rows.push(
        f
          ? [
              FLOOR_LABEL,
              num(f.startSeconds, 1),
              num(f.startPerSecond, 0),
              num(f.drainSeconds, 1),
              num(f.drainPerSecond, 0),
              num(f.cpuMsPerPaused.total, 1),
              num(f.cpuMsPerResumed.total, 1),
              'n/a (the SDK worker runs inside the benchmark process)',
            ]
          : [FLOOR_LABEL, missing(p.temporalFloor), '', '', '', '', '', ''],
      );
    }
    const series = ok(p.systems.durable)?.rss ?? [];
    sections.push({
      title: `4. Paused capacity — ${num(p.count)} generations paused in requires_action (${p.concurrency} requests at a time), then all resumed`,
      tables: [
        {
          headers: [
            'system',
            'time to pause all, s',
            'paused/s',
            'time to drain, s',
            'resumed/s',
            'CPU ms per paused',
            'CPU ms per resumed',
            'worker RSS MiB: before → paused → drained',
          ],
          rows,
        },
        ...(series.length
          ? [
              {
                headers: ['(a) moment', 'generations paused', 'worker RSS MiB', 'API RSS MiB'],
                rows: series.map((s) => [s.label, num(s.paused), num(s.workerRssMiB, 1), num(s.apiRssMiB, 1)]),
              },
            ]
          : []),
      ],
      notes: [
        ...(ok(p.systems.durable)?.workerRssSlopeKiBPerPaused != null
          ? [
              `(a) worker RSS grew ${num(ok(p.systems.durable)!.workerRssSlopeKiBPerPaused, 1)} KiB per paused generation while pausing (least-squares slope over the samples above)`,
            ]
          : []),
        ...pausedCpuNotes(ok(p.systems.durable)),
        ...floorNotes(p.temporalFloor ? ok(p.temporalFloor) : undefined),
      ],
    });
  }

  if (r.history) {
    const h = r.history;
    const a = ok(h.systems.durable);
    const c = ok(h.systems.langgraph);
    const steps = (a ?? c)?.rows.map((row) => row.steps) ?? [];
    const rows = steps.map((n) => {
      const ar = a?.rows.find((row) => row.steps === n);
      const cr = c?.rows.find((row) => row.steps === n);
      return [
        String(n),
        ar ? num(ar.bytes) : missing(h.systems.durable),
        ar ? num(ar.events) : '',
        ar ? num(ar.bytesPerStep) : '',
        cr ? num(cr.bytes) : missing(h.systems.langgraph),
        cr ? num(cr.events) : '',
        cr ? num(cr.bytesPerStep) : '',
      ];
    });
    const marginal = (m: { from: number; to: number; bytesPerStep: number }[] | undefined) =>
      (m ?? []).map((x) => `${x.from}→${x.to}: ${num(x.bytesPerStep)} B/step`).join(', ');
    sections.push({
      title: `5. History growth — tool results of ${num(h.toolResultBytes)} bytes`,
      tables: [
        {
          headers: [
            'steps',
            '(a) Temporal history bytes',
            '(a) events',
            '(a) bytes/step',
            '(c) checkpoint bytes',
            '(c) checkpoints',
            '(c) bytes/step',
          ],
          rows,
        },
      ],
      notes: [
        ...(a
          ? [
              `(a) marginal ${marginal(a.marginalBytesPerStep)} — the conversation and tool results live in PostgreSQL; history carries references`,
            ]
          : []),
        ...(c
          ? [
              `(c) marginal ${marginal(c.marginalBytesPerStep)} — PostgresSaver rows for the thread (its durable state, not a Temporal history)`,
            ]
          : []),
        `(b) ${missing(h.systems.inprocess)}`,
      ],
    });
  }

  if (r.streaming) {
    const s = r.streaming;
    const live = s.status === 'ok' && s.latencyMs;
    sections.push({
      title:
        '6. Streaming — event recorded (createdAt in PostgreSQL) → received by an SSE client; (a) only: (b) and (c) have no SSE server',
      tables: live
        ? [
            {
              headers: ['events', 'p50 ms', 'p95 ms', 'mean ms', 'n'],
              rows: [
                [
                  'all live events',
                  ms(s.latencyMs!.p50),
                  ms(s.latencyMs!.p95),
                  ms(s.latencyMs!.mean),
                  num(s.latencyMs!.n),
                ],
                ...Object.entries(s.byType ?? {}).map(([type, v]) => [
                  type,
                  ms(v.p50),
                  ms(v.p95),
                  ms(v.mean),
                  num(v.n),
                ]),
              ],
            },
          ]
        : [],
      notes: [live ? s.reason : `n/a (${s.reason})`],
    });
  }

  if (r.session) {
    const m = r.session;
    const v = ok(m);
    sections.push({
      title: v
        ? `7. Long sessions, (a) only — ${v.sessions} sessions of ${v.turns} turns (each turn: one tool call, then the answer; every earlier turn is sent to the model)`
        : '7. Long sessions, (a) only',
      tables: v
        ? [
            {
              headers: [
                'turn',
                'wall ms (median)',
                'wall ms per session',
                'CPU ms per session',
                'history bytes',
                'history events',
                'prompt tokens',
              ],
              rows: v.rows.map((row) => [
                String(row.turn),
                ms(row.medianMs),
                row.wallMs.map((x) => ms(x)).join(' / '),
                row.cpuMs.map((x) => num(x)).join(' / '),
                [...new Set(row.historyBytes)].map((b) => num(b)).join(' / '),
                num(row.historyEvents),
                num(row.promptTokens),
              ]),
            },
          ]
        : [],
      notes: v
        ? [
            v.fit
              ? `per-turn orchestration cost vs turn index, least-squares over every turn of every session: slope ${num(v.fit.slopeMsPerTurn, 2)} ms per turn index, intercept ${ms(v.fit.interceptMs)} ms, r² ${num(v.fit.r2, 3)}`
              : 'too few turns for a linear fit',
            v.cpuFit
              ? `CPU ms per turn vs turn index (worker + API + Temporal server + PostgreSQL backends; the figure to trust on a loaded machine): slope ${num(v.cpuFit.slopeMsPerTurn, 2)} ms per turn index, intercept ${ms(v.cpuFit.interceptMs)} ms, r² ${num(v.cpuFit.r2, 3)}`
              : 'too few turns for a CPU fit',
            `history bytes per generation: ${num(v.historyBytesMin)}–${num(v.historyBytesMax)} (slope ${num(v.historySlopeBytesPerTurn ?? 0, 1)} B per turn index) — the conversation is read from PostgreSQL by the model-call activity (ADR 0009), not carried in workflow history`,
          ]
        : [missing(m)],
    });
  }

  sections.push({
    title: 'Targets — measured for (a), nothing adjusted',
    tables: [
      {
        headers: ['target', 'goal', 'measured', 'met'],
        rows: r.targets.map((t) => [t.name, t.target, t.measured, t.met === null ? 'n/a' : t.met ? 'yes' : 'NO']),
        align: ['l', 'l', 'l', 'l'],
      },
    ],
    notes: r.targets.filter((t) => t.note).map((t) => `${t.name}: ${t.note}`),
  });
  return sections;
}
