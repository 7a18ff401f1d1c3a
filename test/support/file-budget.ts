import { relative } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { budgetExceeded } from './slow-files.js';

/*
 * Every project's setup file (vitest.config.ts), run before each test file: the file's first hook
 * starts the clock and its last one (hooks unwind in reverse order) checks it against the budget in
 * test/support/slow-files.ts, so the file's own setup and teardown count. Throwing in `afterAll`
 * fails the file, with the reason.
 */
let started = 0;
beforeAll(() => {
  started = performance.now();
});
// vitest requires a destructuring pattern as the first argument of a hook that takes the suite.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, suite) => {
  const file = 'filepath' in suite && typeof suite.filepath === 'string' ? suite.filepath : suite.name;
  const message = budgetExceeded(relative(process.cwd(), file), (performance.now() - started) / 1000);
  if (message) throw new Error(message);
});
