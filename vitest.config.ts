import { defineConfig } from 'vitest/config';

/*
 * `isolate: false` in every project: a test worker process runs its files one after another with
 * the modules already loaded, instead of importing the service anew for each file (on 2 cores the
 * integration files spent 123 s importing with isolation, 19 s without). Each file still builds its
 * own stack and database; a file must leave no global state behind (restore what it changes).
 */
// Every file's time against the per-file budget (test/support/slow-files.ts).
const setupFiles = ['./test/support/file-budget.ts'];

export default defineConfig({
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/*.test.ts'],
          environment: 'node',
          setupFiles,
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Workflow logic on the time-skipping test server with stubbed activities (no database).
        test: {
          name: 'workflow',
          include: ['test/workflow/**/*.test.ts'],
          environment: 'node',
          setupFiles,
          globalSetup: ['./test/workflow/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          isolate: false,
          // Shares the integration group's two workers: its files are short and interleave with theirs.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles,
          globalSetup: ['./test/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
