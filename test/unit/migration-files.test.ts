import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '../../prisma/migrations');
const migrations = readdirSync(dir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => ({ name: e.name, sql: readFileSync(join(dir, e.name, 'migration.sql'), 'utf8') }));

/**
 * Prisma's schema engine (behind the driver adapter) splits a migration at every `;`, in comments
 * and `$$` bodies too: a semicolon there cuts a statement in two and the migration fails on every
 * fresh database. Two migrations of one change did; this keeps the next one from doing it.
 */
describe('migration files', () => {
  it.each(migrations)('$name has no statement-cutting semicolon in a comment or a dollar-quoted body', ({ sql }) => {
    // A `;` ending a comment line is harmless (what follows it is the next line); text after it is not.
    const commented = sql.split('\n').filter((line) => /--.*;\s*\S/.test(line));
    expect(commented).toEqual([]);
    expect(sql).not.toMatch(/\$\$[^]*;[^]*\$\$/);
  });
});
