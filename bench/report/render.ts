import type { BenchResults } from '../lib/results.js';
import { systemLabels, type SystemId } from '../systems/types.js';
import { buildSections, type Table } from './sections.js';

function textTable(t: Table): string[] {
  const widths = t.headers.map((h, i) => Math.max(h.length, ...t.rows.map((r) => (r[i] ?? '').length)));
  const align = (i: number) => t.align?.[i] ?? (i === 0 ? 'l' : 'r');
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (align(i) === 'l' ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(t.headers), widths.map((w) => '-'.repeat(w)).join('  '), ...t.rows.map(line)];
}

function header(r: BenchResults): string[] {
  const m = r.meta.machine;
  const v = r.meta.versions;
  return [
    `Durable Agents benchmark — ${r.meta.mode} mode — ${r.meta.startedAt} (${Math.round(r.meta.durationSeconds)} s)`,
    `machine: ${m.cpuModel}, ${m.nproc} cores, ${m.memoryGiB} GiB RAM, Linux ${m.kernel}, Node ${m.node}, PostgreSQL ${v.postgres ?? '?'}, Temporal CLI ${v.temporalCli ?? '?'}`,
    `load average (1/5/15 min) at start ${m.loadAverageAtStart.join(' / ')}; per scenario ${Object.entries(
      r.meta.loadAverageByScenario,
    )
      .map(([k, v]) => `${k} ${v[0]}`)
      .join(
        ', ',
      )}; at end ${r.meta.loadAverageAtEnd.join(' / ')} — above ${m.nproc} means other work competed for the CPU`,
    `git ${r.meta.git.commit ?? '?'}${r.meta.git.dirty ? ' (with uncommitted changes)' : ''}`,
    'systems (same scripted zero-latency OpenAI-compatible model server and same loopback HTTP tool server for all):',
    ...(Object.keys(r.systems) as SystemId[]).map((id) => {
      const s = r.systems[id];
      return `  ${systemLabels[id]} — ${s.description}${s.status === 'error' ? ` — NOT RUN: ${s.error}` : ''}`;
    }),
  ];
}

export function renderText(r: BenchResults): string {
  const out = [...header(r), ''];
  for (const s of buildSections(r)) {
    out.push(s.title);
    for (const t of s.tables) out.push(...textTable(t).map((l) => `  ${l}`), '');
    for (const n of s.notes) out.push(`  ${n}`);
    if (s.notes.length) out.push('');
  }
  return out.join('\n');
}

const esc = (s: string) => s.replace(/\|/g, '\\|');

export function renderMarkdown(r: BenchResults, files: { json: string; svg: string }): string {
  const [title, ...rest] = header(r);
  const out = [`# ${title}`, '', ...rest.map((l) => (l.startsWith('  ') ? `- ${l.trim()}` : `${l}  `)), ''];
  out.push(
    `Raw figures: [${files.json}](${files.json}). Chart:`,
    '',
    `![per-step time and throughput](${files.svg})`,
    '',
  );
  for (const s of buildSections(r)) {
    out.push(`## ${s.title}`, '');
    for (const t of s.tables) {
      const align = (i: number) => t.align?.[i] ?? (i === 0 ? 'l' : 'r');
      out.push(
        `| ${t.headers.map(esc).join(' | ')} |`,
        `|${t.headers.map((_, i) => (align(i) === 'l' ? ' :-- ' : ' --: ')).join('|')}|`,
      );
      for (const row of t.rows) out.push(`| ${row.map(esc).join(' | ')} |`);
      out.push('');
    }
    for (const n of s.notes) out.push(`- ${n}`);
    if (s.notes.length) out.push('');
  }
  if (r.meta.notes.length) {
    out.push('## Notes', '', ...r.meta.notes.map((n) => `- ${n}`), '');
  }
  out.push(`Reproduce: \`${r.meta.command}\` (see bench/README.md).`, '');
  return out.join('\n');
}
