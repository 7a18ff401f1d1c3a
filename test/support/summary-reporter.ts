import { relative } from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/** How many of the slowest test files the summary lists (docs/development.md, "Reading CI's timings"). */
const SLOWEST_FILES = 20;

/**
 * Prints the 20 slowest test files (setup, hooks and tests, as vitest times them), then the plain
 * closing line `N passed, N failed` (CI reads it) after vitest's own summary.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<SerializedError>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const m of modules) {
      let failedInModule = 0;
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedInModule++;
        else skipped++;
      }
      // A file whose setup failed has no failed test of its own: count the file.
      failed += m.state() === 'failed' && failedInModule === 0 ? 1 : failedInModule;
    }
    failed += errors.length; // errors outside any test (config, unhandled rejections)
    process.stdout.write(slowestFiles(modules));
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}

function slowestFiles(modules: ReadonlyArray<TestModule>): string {
  const timed = modules
    .map((m) => {
      const d = m.diagnostic();
      return { file: relative(process.cwd(), m.moduleId), ms: d.duration + d.setupDuration + d.collectDuration };
    })
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SLOWEST_FILES);
  if (timed.length === 0) return '';
  const rows = timed.map((t) => `| ${t.file} | ${(t.ms / 1000).toFixed(1)} |`);
  // Summed over files: two files of a project run side by side, so this exceeds its wall time.
  const byProject = new Map<string, number>();
  for (const m of modules) {
    const d = m.diagnostic();
    const ms = d.duration + d.setupDuration + d.collectDuration;
    byProject.set(m.project.name, (byProject.get(m.project.name) ?? 0) + ms);
  }
  const projects = [...byProject].map(([name, ms]) => `| ${name} | ${(ms / 1000).toFixed(0)} |`);
  return (
    `\nTest projects (file seconds, summed):\n| project | seconds |\n|---|---|\n${projects.join('\n')}\n` +
    `\nSlowest test files (s):\n| file | seconds |\n|---|---|\n${rows.join('\n')}\n`
  );
}
