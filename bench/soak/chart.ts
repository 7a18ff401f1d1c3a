import { faultKinds, type FaultKind, type SoakObservations, type ThroughputSample } from './observations.js';

/**
 * The soak's throughput chart, hand-written SVG like bench/report/svg.ts: completed (and started)
 * generations per time bucket as step lines, with a vertical mark at every injected fault,
 * coloured by its kind.
 */

/** One colour per fault kind; a Record, so a new kind fails to compile until it has one. */
export const faultColors: Record<FaultKind, string> = {
  kill_worker: '#dc2626',
  kill_api: '#ea580c',
  kill_temporal: '#9333ea',
  pg_terminate_backend: '#0891b2',
  pg_restart: '#1d4ed8',
  model_500: '#ca8a04',
  model_hang: '#65a30d',
  tool_server_drop: '#db2777',
};

const COMPLETED_COLOR = '#111827';
const STARTED_COLOR = '#9ca3af';

export const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Evenly spaced ticks from 0 up to `max` rounded up to 1, 2 or 5 × 10^k (about five steps). */
export function niceTicks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / 5;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const out: number[] = [];
  for (let v = 0; v < max + step * 0.999; v += step) out.push(Math.round(v * 1e6) / 1e6);
  return out;
}

const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

/** Width of a bucket: the gap to the next sample, else the previous gap, else a minute. */
function bucketEnds(samples: readonly ThroughputSample[]): number[] {
  return samples.map((s, i) => {
    const next = samples[i + 1];
    if (next) return next.at;
    const prev = samples[i - 1];
    return s.at + (prev ? s.at - prev.at : 60_000);
  });
}

interface Plot {
  x: number;
  y: number;
  w: number;
  h: number;
  maxMs: number;
  maxY: number;
}

const px = (p: Plot, ms: number) => p.x + (Math.min(ms, p.maxMs) / p.maxMs) * p.w;
const py = (p: Plot, v: number) => p.y + p.h - (v / p.maxY) * p.h;

function stepPath(p: Plot, samples: readonly ThroughputSample[], value: (s: ThroughputSample) => number): string {
  const ends = bucketEnds(samples);
  const points: string[] = [];
  samples.forEach((s, i) => {
    const y = py(p, value(s)).toFixed(1);
    points.push(`${px(p, s.at).toFixed(1)},${y}`, `${px(p, ends[i]!).toFixed(1)},${y}`);
  });
  return points.length > 0 ? `M${points.join(' L')}` : '';
}

export function renderThroughputSvg(obs: SoakObservations): string {
  const W = 1000;
  const H = 460;
  const samples = [...obs.throughput].sort((a, b) => a.at - b.at);
  const lastEnd = bucketEnds(samples).at(-1) ?? 0;
  const lastFault = Math.max(0, ...obs.faults.map((f) => f.at));
  const maxMinutes = niceTicks(Math.max(obs.durationMs, lastEnd, lastFault, 1) / 60_000);
  const yTicks = niceTicks(Math.max(0, ...samples.map((s) => Math.max(s.completed, s.started))));
  const plot: Plot = {
    x: 70,
    y: 50,
    w: 700,
    h: 330,
    maxMs: maxMinutes.at(-1)! * 60_000,
    maxY: yTicks.at(-1)!,
  };
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="Helvetica, Arial, sans-serif">`,
    '<style>.title{font-size:15px;font-weight:bold}.tick{font-size:11px;fill:#374151}.axis{font-size:12px;fill:#374151}.lab{font-size:11px;fill:#111827}</style>',
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${W / 2}" y="24" text-anchor="middle" class="title">${escapeXml(
      `Chaos soak ${obs.startedAt} (seed ${obs.seed}) — generations per bucket, faults marked`,
    )}</text>`,
  ];
  for (const v of yTicks) {
    const y = py(plot, v).toFixed(1);
    out.push(
      `<line x1="${plot.x}" y1="${y}" x2="${plot.x + plot.w}" y2="${y}" stroke="#e5e7eb"/>`,
      `<text x="${plot.x - 6}" y="${(Number(y) + 4).toFixed(1)}" text-anchor="end" class="tick">${fmt(v)}</text>`,
    );
  }
  for (const m of maxMinutes) {
    const x = px(plot, m * 60_000).toFixed(1);
    out.push(
      `<line x1="${x}" y1="${plot.y + plot.h}" x2="${x}" y2="${plot.y + plot.h + 5}" stroke="#374151"/>`,
      `<text x="${x}" y="${plot.y + plot.h + 18}" text-anchor="middle" class="tick">${fmt(m)}</text>`,
    );
  }
  const midY = plot.y + plot.h / 2;
  out.push(
    `<line x1="${plot.x}" y1="${plot.y + plot.h}" x2="${plot.x + plot.w}" y2="${plot.y + plot.h}" stroke="#374151"/>`,
    `<line x1="${plot.x}" y1="${plot.y}" x2="${plot.x}" y2="${plot.y + plot.h}" stroke="#374151"/>`,
    `<text x="${plot.x + plot.w / 2}" y="${plot.y + plot.h + 38}" text-anchor="middle" class="axis">minutes since start</text>`,
    `<text x="${plot.x - 44}" y="${midY}" transform="rotate(-90 ${plot.x - 44} ${midY})" text-anchor="middle" class="axis">generations per bucket</text>`,
  );
  // Faults first, so the lines are drawn over them.
  for (const f of obs.faults) {
    const x = px(plot, f.at).toFixed(1);
    out.push(
      `<line class="fault-mark" data-kind="${f.kind}" x1="${x}" y1="${plot.y}" x2="${x}" y2="${plot.y + plot.h}" stroke="${faultColors[f.kind]}" stroke-opacity="0.7"><title>${escapeXml(
        `${f.kind} at ${fmt(f.at / 60_000)} min: ${f.detail}`,
      )}</title></line>`,
    );
  }
  const started = stepPath(plot, samples, (s) => s.started);
  const completed = stepPath(plot, samples, (s) => s.completed);
  if (started) {
    out.push(`<path d="${started}" fill="none" stroke="${STARTED_COLOR}" stroke-width="1.5" stroke-dasharray="4 3"/>`);
  }
  if (completed) out.push(`<path d="${completed}" fill="none" stroke="${COMPLETED_COLOR}" stroke-width="2"/>`);

  // Legend: the two lines, then every fault kind with how many times it was injected.
  const lx = plot.x + plot.w + 24;
  let ly = plot.y + 8;
  const legendLine = (color: string, label: string, dash = '') => {
    out.push(
      `<line x1="${lx}" y1="${ly}" x2="${lx + 22}" y2="${ly}" stroke="${color}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`,
      `<text x="${lx + 28}" y="${ly + 4}" class="lab">${escapeXml(label)}</text>`,
    );
    ly += 20;
  };
  legendLine(COMPLETED_COLOR, 'completed');
  legendLine(STARTED_COLOR, 'started', '4 3');
  ly += 8;
  for (const kind of faultKinds) {
    const count = obs.faults.filter((f) => f.kind === kind).length;
    legendLine(faultColors[kind], `${kind} (${count})`);
  }
  out.push('</svg>');
  return out.join('\n');
}
