import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/** Prints the plain closing line `N passed, N failed` (CI reads it) after vitest's own summary. */
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
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}
