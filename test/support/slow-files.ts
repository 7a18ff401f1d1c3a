/**
 * The per-file time budget of the test suite, and the files allowed past it.
 *
 * A test file that takes longer than {@link FILE_BUDGET_SECONDS} (its hooks and tests, as
 * `test/support/file-budget.ts` times them) fails, unless it is listed here with the reason it
 * cannot be faster. A file that grows past the budget is usually doing, on the real stack, work a
 * unit or time-skipping workflow test could do (docs/development.md, "Keeping the suite fast").
 */
export const FILE_BUDGET_SECONDS = 90;

/** Test files (paths from the repository root) allowed past the budget, each with its reason. */
export const SLOW_FILES: Readonly<Record<string, string>> = {
  'test/integration/crash.test.ts':
    'eight kill -9 scenarios of the core loop, each starting the worker (and some the API) at least twice: 80-99 s on 2 cores beside two other test files',
  'test/integration/local-writes-crash.test.ts':
    'nine crash windows of the local writes, each a worker killed and started again: 108-142 s on 2 cores beside two other test files',
  'test/integration/dev-command.test.ts':
    'one scenario: `npm run dev` from source through tsx, as a user starts it (embedded PGlite and Temporal), then again to show what persists: 47-78 s on 2 cores beside two other test files',
};

/** Why a file that took `seconds` fails the budget; null when within it or listed above. */
export function budgetExceeded(
  file: string,
  seconds: number,
  budget = FILE_BUDGET_SECONDS,
  allowed: Readonly<Record<string, string>> = SLOW_FILES,
): string | null {
  if (seconds <= budget || file in allowed) return null;
  return (
    `${file} took ${seconds.toFixed(1)} s, over the ${budget} s budget of one test file: make it faster, ` +
    `or list it with its reason in test/support/slow-files.ts`
  );
}
