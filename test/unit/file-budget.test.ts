import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FILE_BUDGET_SECONDS, SLOW_FILES, budgetExceeded } from '../support/slow-files.js';

describe('the per-file time budget of the test suite', () => {
  it('passes a file within the budget and fails one past it, naming the file and where to list it', () => {
    expect(budgetExceeded('test/integration/a.test.ts', FILE_BUDGET_SECONDS)).toBeNull();
    const message = budgetExceeded('test/integration/a.test.ts', FILE_BUDGET_SECONDS + 0.5);
    expect(message).toContain('test/integration/a.test.ts took 90.5 s');
    expect(message).toContain('test/support/slow-files.ts');
  });

  it('lets a listed file past the budget, and only that file', () => {
    const allowed = { 'test/integration/slow.test.ts': 'starts and kills twelve workers' };
    expect(budgetExceeded('test/integration/slow.test.ts', 200, 90, allowed)).toBeNull();
    expect(budgetExceeded('test/integration/other.test.ts', 200, 90, allowed)).not.toBeNull();
  });

  it('lists only files that exist, each with its reason', () => {
    for (const [file, reason] of Object.entries(SLOW_FILES)) {
      expect(existsSync(file), file).toBe(true);
      expect(reason.trim().length, file).toBeGreaterThan(10);
    }
  });
});
