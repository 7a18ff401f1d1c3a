import { renderThroughputSvg } from './chart.js';
import type { InvariantResult } from './invariants.js';
import { faultKinds, workloadKinds, type FaultKind, type SoakObservations } from './observations.js';

/** The soak's report: markdown for people, a JSON summary for tools, and the throughput chart. */

export interface SoakReportOptions {
  /** The chart's file name as the markdown links it (default `soak-<start time>.svg`). */
  svgFileName?: string;
  /** How many faults of each kind a soak must inject to count as having exercised it. */
  minFaultsPerKind?: number;
}

export interface SoakReport {
  markdown: string;
  json: string;
  svg: string;
}

export const DEFAULT_MIN_FAULTS_PER_KIND = 30;
/** Violations listed per invariant in the markdown (the JSON has them all). */
const LISTED_VIOLATIONS = 25;

/** Column order of the generations table; statuses not listed here follow, sorted. */
const statusOrder = ['completed', 'failed', 'cancelled', 'requires_action', 'running', 'queued'];

/** A file-name-safe stem for a soak's outputs: `soak-2026-12-01T16-00-00-000Z`. */
export function soakFileStem(startedAt: string): string {
  return `soak-${startedAt.replace(/[:.]/g, '-')}`;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(headers: string[], rows: string[][]): string[] {
  return [
    `| ${headers.map(cell).join(' | ')} |`,
    `|${headers.map((_, i) => (i === 0 ? ' :-- ' : ' --: ')).join('|')}|`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ];
}

function faultCounts(obs: SoakObservations): Record<FaultKind, number> {
  const counts = Object.fromEntries(faultKinds.map((k) => [k, 0])) as Record<FaultKind, number>;
  for (const f of obs.faults) counts[f.kind]++;
  return counts;
}

function generationsByKindAndStatus(obs: SoakObservations): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const g of obs.generations) {
    const row = (out[g.kind] ??= {});
    row[g.status] = (row[g.status] ?? 0) + 1;
  }
  return out;
}

function statusColumns(obs: SoakObservations): string[] {
  const seen = new Set(obs.generations.map((g) => g.status));
  const known = statusOrder.filter((s) => seen.has(s));
  const other = [...seen].filter((s) => !statusOrder.includes(s)).sort();
  return [...known, ...other];
}

interface Verdict {
  invariantsClean: boolean;
  faultsBelowMinimum: Array<{ kind: FaultKind; count: number }>;
}

function verdictOf(
  invariants: readonly InvariantResult[],
  counts: Record<FaultKind, number>,
  minimum: number,
): Verdict {
  return {
    invariantsClean: invariants.every((i) => i.violations.length === 0),
    faultsBelowMinimum: faultKinds.filter((k) => counts[k] < minimum).map((kind) => ({ kind, count: counts[kind] })),
  };
}

function renderMarkdown(
  obs: SoakObservations,
  invariants: readonly InvariantResult[],
  svgFileName: string,
  minimum: number,
): string {
  const counts = faultCounts(obs);
  const verdict = verdictOf(invariants, counts, minimum);
  const out: string[] = [
    `# Chaos soak — ${obs.startedAt}`,
    '',
    `- seed: ${obs.seed}`,
    `- minutes: ${obs.minutes} (ran ${(obs.durationMs / 60_000).toFixed(1)} min)`,
    `- generations: ${obs.generations.length}; tool calls received: ${obs.ledger.length} (${obs.ledger.filter((e) => e.dropped).length} dropped); approvals: ${obs.approvals.length}; sessions: ${obs.sessions.length}; streams: ${obs.streams.length} (${obs.streams.reduce((n, s) => n + s.reconnects, 0)} reconnects)`,
    '',
    '## Verdict',
    '',
    verdict.invariantsClean
      ? `- Every invariant is at zero violations (${invariants.length} checked).`
      : `- NOT every invariant is at zero violations: ${invariants
          .filter((i) => i.violations.length > 0)
          .map((i) => `${i.name} (${i.violations.length})`)
          .join(', ')}.`,
    verdict.faultsBelowMinimum.length === 0
      ? `- Every fault kind was injected at least ${minimum} times.`
      : `- NOT every fault kind was injected at least ${minimum} times; below the minimum:`,
    ...verdict.faultsBelowMinimum.map((f) => `  - ${f.kind}: ${f.count}`),
    '',
    '## Faults injected',
    '',
    ...table(
      ['kind', 'count'],
      faultKinds.map((k) => [k, String(counts[k])]),
    ),
    '',
  ];
  if (obs.notes.length > 0) out.push('Notes:', '', ...obs.notes.map((n) => `- ${n}`), '');

  const byKind = generationsByKindAndStatus(obs);
  const columns = statusColumns(obs);
  out.push(
    '## Generations by kind and final status',
    '',
    ...table(
      ['kind', ...columns, 'total'],
      workloadKinds.map((kind) => {
        const row = byKind[kind] ?? {};
        const total = Object.values(row).reduce((a, b) => a + b, 0);
        return [kind, ...columns.map((s) => String(row[s] ?? 0)), String(total)];
      }),
    ),
    '',
    '## Invariants',
    '',
    ...table(
      ['invariant', 'description', 'checked', 'violations'],
      invariants.map((i) => [i.name, i.description, String(i.checked), String(i.violations.length)]),
    ),
    '',
  );
  for (const i of invariants.filter((r) => r.violations.length > 0)) {
    out.push(`### ${i.name}: ${i.violations.length} violations`, '');
    out.push(...i.violations.slice(0, LISTED_VIOLATIONS).map((v) => `- ${v}`));
    if (i.violations.length > LISTED_VIOLATIONS) {
      out.push(`- … and ${i.violations.length - LISTED_VIOLATIONS} more (see the JSON)`);
    }
    out.push('');
  }
  out.push(
    '## Throughput',
    '',
    'Completed (solid) and started (dashed) generations per bucket; vertical marks are injected faults, coloured by kind.',
    '',
    `![throughput](${svgFileName})`,
    '',
  );
  return out.join('\n');
}

/** The observations without the bulky per-call data: counts, invariants, faults, throughput. */
function summaryOf(obs: SoakObservations, invariants: readonly InvariantResult[], minimum: number) {
  const counts = faultCounts(obs);
  return {
    seed: obs.seed,
    minutes: obs.minutes,
    startedAt: obs.startedAt,
    durationMs: obs.durationMs,
    verdict: verdictOf(invariants, counts, minimum),
    counts: {
      generations: obs.generations.length,
      ledgerEntries: obs.ledger.length,
      ledgerDropped: obs.ledger.filter((e) => e.dropped).length,
      approvals: obs.approvals.length,
      sessions: obs.sessions.length,
      streams: obs.streams.length,
      streamReconnects: obs.streams.reduce((n, s) => n + s.reconnects, 0),
    },
    generationsByKindAndStatus: generationsByKindAndStatus(obs),
    invariants,
    faults: { minPerKind: minimum, byKind: counts, injected: obs.faults },
    throughput: obs.throughput,
    notes: obs.notes,
  };
}

export function renderSoakReport(
  obs: SoakObservations,
  invariants: readonly InvariantResult[],
  options: SoakReportOptions = {},
): SoakReport {
  const minimum = options.minFaultsPerKind ?? DEFAULT_MIN_FAULTS_PER_KIND;
  const svgFileName = options.svgFileName ?? `${soakFileStem(obs.startedAt)}.svg`;
  return {
    markdown: renderMarkdown(obs, invariants, svgFileName, minimum),
    json: `${JSON.stringify(summaryOf(obs, invariants, minimum), null, 2)}\n`,
    svg: renderThroughputSvg(obs),
  };
}
