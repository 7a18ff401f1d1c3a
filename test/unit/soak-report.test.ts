import { describe, expect, it } from 'vitest';
import { faultKinds } from '../../bench/soak/observations.js';
import { checkInvariants } from '../../bench/soak/invariants.js';
import type { FaultKind, FaultRecord, SoakObservations } from '../../bench/soak/observations.js';
import { renderSoakReport, soakFileStem } from '../../bench/soak/report.js';

function faults(kind: FaultKind, count: number, startMs = 0): FaultRecord[] {
  return Array.from({ length: count }, (_, i) => ({ kind, at: startMs + i * 1_000, detail: `${kind} <pid & #${i}>` }));
}

/** Two minutes of soak: every fault kind twice, one stuck generation and one doubled at-most-once call. */
function observations(): SoakObservations {
  return {
    seed: 42,
    minutes: 2,
    startedAt: '2026-12-01T16:00:00.000Z',
    durationMs: 120_000,
    faults: faultKinds.flatMap((kind, i) => faults(kind, 2, i * 10_000)),
    generations: [
      { id: 'gen-ok', kind: 'plain_tools', status: 'completed', workflowRunning: false },
      { id: 'gen-failed', kind: 'plain_tools', status: 'failed', workflowRunning: false },
      { id: 'gen-stuck', kind: 'approval', status: 'running', workflowRunning: false },
    ],
    ledger: [1, 2].map((n) => ({
      callKey: 'amo:1',
      tool: 'charge',
      delivery: 'at_most_once' as const,
      idempotencyKey: null,
      args: { n },
      receivedAt: n,
      dropped: false,
    })),
    approvals: [],
    sessions: [],
    streams: [],
    throughput: [
      { at: 0, completed: 3, started: 5 },
      { at: 60_000, completed: 7, started: 6 },
    ],
    notes: ['pg_restart skipped: no PostgreSQL service to restart <here>'],
  };
}

describe('renderSoakReport', () => {
  const obs = observations();
  const invariants = checkInvariants(obs);
  const report = renderSoakReport(obs, invariants, { svgFileName: 'soak-x.svg', minFaultsPerKind: 2 });

  it('titles the markdown with the start time, seed and minutes', () => {
    expect(report.markdown).toMatch(/^# Chaos soak — 2026-12-01T16:00:00.000Z/);
    expect(report.markdown).toContain('- seed: 42');
    expect(report.markdown).toContain('- minutes: 2');
  });

  it('lists each invariant with its checked and violation counts, then the violating ids', () => {
    for (const i of invariants) {
      expect(report.markdown).toContain(`| ${i.name} | ${i.description} | ${i.checked} | ${i.violations.length} |`);
    }
    expect(report.markdown).toContain('| no_stuck_generation |');
    expect(report.markdown).toMatch(/### at_most_once_delivery: 1 violations\n\n- amo:1: /);
    expect(report.markdown).toMatch(/### no_stuck_generation: 1 violations\n\n- gen-stuck /);
    expect(report.markdown).toContain('NOT every invariant is at zero violations');
  });

  it('counts faults by kind, keeps the notes and embeds the chart by file name', () => {
    expect(report.markdown).toContain('| kill_worker | 2 |');
    expect(report.markdown).toContain('- pg_restart skipped: no PostgreSQL service to restart <here>');
    expect(report.markdown).toContain('![throughput](soak-x.svg)');
    expect(report.markdown).toContain('Every fault kind was injected at least 2 times.');
  });

  it('tabulates generations by kind and final status', () => {
    expect(report.markdown).toContain('| kind | completed | failed | running | total |');
    expect(report.markdown).toContain('| plain_tools | 1 | 1 | 0 | 2 |');
    expect(report.markdown).toContain('| approval | 0 | 0 | 1 | 1 |');
  });

  it('lists the fault kinds below the minimum (30 by default) with their counts', () => {
    const sparse = { ...obs, faults: [...faults('kill_worker', 30), ...faults('model_500', 3)] };
    const md = renderSoakReport(sparse, checkInvariants(sparse)).markdown;
    expect(md).toContain('NOT every fault kind was injected at least 30 times');
    expect(md).toContain('  - model_500: 3');
    expect(md).toContain('  - kill_api: 0');
    expect(md).not.toContain('  - kill_worker:');
    expect(md).toContain(`![throughput](${soakFileStem(obs.startedAt)}.svg)`);
  });

  it('says so when every invariant is clean', () => {
    const clean = { ...obs, generations: obs.generations.slice(0, 2), ledger: obs.ledger.slice(0, 1) };
    const md = renderSoakReport(clean, checkInvariants(clean)).markdown;
    expect(md).toContain('- Every invariant is at zero violations (7 checked).');
    expect(md).not.toContain('### ');
  });

  it('draws an svg with one mark per fault, escaped text and a legend per fault kind', () => {
    expect(report.svg.startsWith('<svg')).toBe(true);
    expect(report.svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(report.svg.match(/class="fault-mark"/g)).toHaveLength(obs.faults.length);
    for (const kind of faultKinds) expect(report.svg).toContain(`>${kind} (2)</text>`);
    expect(report.svg).not.toMatch(/<(?![/a-z!])/);
    expect(report.svg.match(/<path d="M/g)).toHaveLength(2);
  });

  it('writes a JSON summary with counts, invariants, faults and throughput but not the ledger', () => {
    const summary = JSON.parse(report.json) as Record<string, unknown>;
    expect(summary).toMatchObject({
      seed: 42,
      counts: { generations: 3, ledgerEntries: 2 },
      faults: { minPerKind: 2, byKind: { kill_worker: 2 } },
      throughput: obs.throughput,
      verdict: { invariantsClean: false, faultsBelowMinimum: [] },
    });
    expect(summary.invariants).toEqual(JSON.parse(JSON.stringify(invariants)));
    expect(summary).not.toHaveProperty('ledger');
    expect(report.json).toContain('\n  "seed": 42');
  });
});
