import type { BenchResults } from '../lib/results.js';
import type { SystemId } from '../systems/types.js';
import { ms, num, ok } from './format.js';

/** A hand-written SVG: per-step time (p50 bar, p95 whisker) and throughput by concurrency. */

const colors: Record<SystemId, string> = {
  durable: '#2563eb',
  inprocess: '#6b7280',
  langgraph: '#d97706',
  langgraphAsync: '#fbbf24',
};
const short: Record<SystemId, string> = {
  durable: '(a) Durable Agents',
  inprocess: '(b) in-process',
  langgraph: '(c) LangGraph sync',
  langgraphAsync: "(c') LangGraph async",
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Round an axis maximum up to 1, 2 or 5 × 10^k and return evenly spaced ticks. */
function ticks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw)!;
  const out = [];
  for (let v = 0; v <= max + step * 0.999; v += step) out.push(Math.round(v * 1e6) / 1e6);
  return out;
}

interface Panel {
  x: number;
  y: number;
  w: number;
  h: number;
}

function axis(p: Panel, t: number[], unit: string): string[] {
  const top = t.at(-1)!;
  const out: string[] = [];
  for (const v of t) {
    const y = p.y + p.h - (v / top) * p.h;
    out.push(`<line x1="${p.x}" y1="${y.toFixed(1)}" x2="${p.x + p.w}" y2="${y.toFixed(1)}" stroke="#e5e7eb"/>`);
    out.push(
      `<text x="${p.x - 6}" y="${(y + 4).toFixed(1)}" text-anchor="end" class="tick">${esc(num(v, v < 10 && v % 1 ? 1 : 0))}</text>`,
    );
  }
  out.push(
    `<text x="${p.x - 44}" y="${p.y + p.h / 2}" transform="rotate(-90 ${p.x - 44} ${p.y + p.h / 2})" text-anchor="middle" class="axis">${esc(unit)}</text>`,
  );
  out.push(`<line x1="${p.x}" y1="${p.y + p.h}" x2="${p.x + p.w}" y2="${p.y + p.h}" stroke="#374151"/>`);
  return out;
}

export function renderSvg(r: BenchResults): string {
  const W = 1000;
  const H = 470;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="Helvetica, Arial, sans-serif">`,
  );
  parts.push(
    '<style>.title{font-size:15px;font-weight:bold}.tick{font-size:11px;fill:#374151}.axis{font-size:12px;fill:#374151}.val{font-size:11px;fill:#111827}.lab{font-size:11px;fill:#111827}.note{font-size:11px;fill:#6b7280}.target{font-size:11px;fill:#dc2626;paint-order:stroke;stroke:white;stroke-width:4px}</style>',
  );
  parts.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  parts.push(
    `<text x="${W / 2}" y="22" text-anchor="middle" class="title">${esc(`Durable Agents benchmark (${r.meta.mode}) — ${r.meta.startedAt} — ${r.meta.machine.cpuModel}, ${r.meta.machine.nproc} cores`)}</text>`,
  );

  // Left: per-step time.
  const left: Panel = { x: 80, y: 70, w: 360, h: 300 };
  const ids: SystemId[] = ['durable', 'inprocess', 'langgraph', 'langgraphAsync'];
  const per = ids.map((id) => ({ id, v: ok(r.overhead?.systems[id])?.perStepMs }));
  const perMax = Math.max(0, ...per.map((p) => p.v?.p95 ?? 0));
  const perTicks = ticks(perMax * 1.1);
  const perTop = perTicks.at(-1)!;
  parts.push(
    `<text x="${left.x + left.w / 2}" y="${left.y - 20}" text-anchor="middle" class="title">Per-step time, ms (bar p50, whisker p95) — lower is better</text>`,
  );
  parts.push(...axis(left, perTicks, 'ms per step'));
  const slot = left.w / ids.length;
  per.forEach(({ id, v }, i) => {
    const cx = left.x + slot * i + slot / 2;
    const bw = slot * 0.55;
    if (v) {
      const h = (v.p50 / perTop) * left.h;
      const y95 = left.y + left.h - (v.p95 / perTop) * left.h;
      parts.push(
        `<rect x="${(cx - bw / 2).toFixed(1)}" y="${(left.y + left.h - h).toFixed(1)}" width="${bw.toFixed(1)}" height="${h.toFixed(1)}" fill="${colors[id]}"/>`,
      );
      parts.push(
        `<line x1="${cx}" y1="${y95.toFixed(1)}" x2="${cx}" y2="${(left.y + left.h - h).toFixed(1)}" stroke="#111827"/>`,
      );
      parts.push(
        `<line x1="${cx - 8}" y1="${y95.toFixed(1)}" x2="${cx + 8}" y2="${y95.toFixed(1)}" stroke="#111827"/>`,
      );
      parts.push(
        `<text x="${cx}" y="${(y95 - 5).toFixed(1)}" text-anchor="middle" class="val">${esc(ms(v.p50))}</text>`,
      );
    } else {
      parts.push(`<text x="${cx}" y="${left.y + left.h - 8}" text-anchor="middle" class="note">not measured</text>`);
    }
    const [first, ...rest] = short[id].split(' ');
    parts.push(`<text x="${cx}" y="${left.y + left.h + 16}" text-anchor="middle" class="lab">${esc(first!)}</text>`);
    parts.push(
      `<text x="${cx}" y="${left.y + left.h + 30}" text-anchor="middle" class="lab">${esc(rest.join(' '))}</text>`,
    );
  });
  const target = 10;
  if (target <= perTop) {
    const y = left.y + left.h - (target / perTop) * left.h;
    parts.push(
      `<line x1="${left.x}" y1="${y.toFixed(1)}" x2="${left.x + left.w}" y2="${y.toFixed(1)}" stroke="#dc2626" stroke-dasharray="5 4"/>`,
    );
    parts.push(
      `<text x="${left.x + left.w - 2}" y="${(y - 4).toFixed(1)}" text-anchor="end" class="target">target ≤ 10 ms</text>`,
    );
  }

  // Right: throughput by concurrency.
  const right: Panel = { x: 580, y: 70, w: 390, h: 300 };
  const tIds: SystemId[] = ['durable', 'inprocess', 'langgraph'];
  const levels = [
    ...new Set(tIds.flatMap((id) => ok(r.throughput?.systems[id])?.levels.map((l) => l.concurrency) ?? [])),
  ].sort((a, b) => a - b);
  const value = (id: SystemId, c: number) =>
    ok(r.throughput?.systems[id])?.levels.find((l) => l.concurrency === c)?.stepsPerSecond;
  const tMax = Math.max(0, ...levels.flatMap((c) => tIds.map((id) => value(id, c) ?? 0)));
  const tTicks = ticks(tMax * 1.1);
  const tTop = tTicks.at(-1)!;
  parts.push(
    `<text x="${right.x + right.w / 2}" y="${right.y - 20}" text-anchor="middle" class="title">Throughput, steps/s by concurrency — higher is better</text>`,
  );
  parts.push(...axis(right, tTicks, 'steps per second'));
  const group = right.w / Math.max(1, levels.length);
  levels.forEach((c, gi) => {
    const gx = right.x + group * gi;
    const bw = (group * 0.8) / tIds.length;
    tIds.forEach((id, i) => {
      const v = value(id, c);
      const x = gx + group * 0.1 + bw * i;
      if (v === undefined) return;
      const h = (v / tTop) * right.h;
      parts.push(
        `<rect x="${x.toFixed(1)}" y="${(right.y + right.h - h).toFixed(1)}" width="${(bw - 2).toFixed(1)}" height="${h.toFixed(1)}" fill="${colors[id]}"/>`,
      );
      parts.push(
        `<text x="${(x + bw / 2 - 1).toFixed(1)}" y="${(right.y + right.h - h - 4).toFixed(1)}" text-anchor="middle" class="val">${esc(num(v, 0))}</text>`,
      );
    });
    parts.push(
      `<text x="${gx + group / 2}" y="${right.y + right.h + 16}" text-anchor="middle" class="lab">${c} concurrent</text>`,
    );
  });
  if (100 <= tTop) {
    const y = right.y + right.h - (100 / tTop) * right.h;
    parts.push(
      `<line x1="${right.x}" y1="${y.toFixed(1)}" x2="${right.x + right.w}" y2="${y.toFixed(1)}" stroke="#dc2626" stroke-dasharray="5 4"/>`,
    );
    parts.push(`<text x="${right.x + 4}" y="${(y + 14).toFixed(1)}" class="target">target ≥ 100 steps/s at 50</text>`);
  }

  // Legend.
  let lx = 80;
  for (const id of ids) {
    parts.push(`<rect x="${lx}" y="${H - 46}" width="12" height="12" fill="${colors[id]}"/>`);
    parts.push(`<text x="${lx + 17}" y="${H - 36}" class="lab">${esc(short[id])}</text>`);
    lx += 200;
  }
  parts.push(
    `<text x="80" y="${H - 12}" class="note">${esc(`Zero-latency scripted model and loopback tool server for every system. ${r.overhead?.generations ?? '?'} × ${r.overhead?.stepsPerGeneration ?? '?'}-step generations (left); generations of ${r.throughput?.stepsPerGeneration ?? '?'} steps (right).`)}</text>`,
  );
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
