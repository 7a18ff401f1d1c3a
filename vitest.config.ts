import { defineConfig } from 'vitest/config';

/*
 * `isolate: false` in every project: a test worker process runs its files one after another with
 * the modules already loaded, instead of importing the service anew for each file (on 2 cores the
 * integration files spent 123 s importing with isolation, 19 s without). Each file still builds its
 * own stack and database; a file must leave no global state behind (restore what it changes).
 */
// Every file's time against the per-file budget (test/support/slow-files.ts).
const setupFiles = ['./test/support/file-budget.ts'];
/*
 * The three projects run as one group (same groupOrder) on three test workers. Integration files
 * spend much of their time waiting on spawned processes, the servers and timers, so a third worker
 * fills the two cores: `npm test` 728 s -> 560 s here (docs/adr/0051); unit files, CPU-bound and
 * short, fill the gaps instead of running first on their own.
 */
const group = { maxWorkers: 3, sequence: { groupOrder: 0 } } as const;

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
          isolate: false,
          ...group,
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
          ...group,
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
          isolate: false,
          ...group,
        },
      },
    ],
  },
});
