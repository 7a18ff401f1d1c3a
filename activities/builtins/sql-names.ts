import type { AllowedTable } from './sql-guard.js';

/**
 * Name resolution of the SQL guard: what a column reference of a statement can resolve to, by
 * PostgreSQL's own rules (innermost query level first, table aliases hiding what they rename),
 * checked against the allow-list. Where the guard cannot know what PostgreSQL will pick (the full
 * column set of a table is not in the allow-list), it assumes the worst: fail closed.
 */

export type Node = Record<string, unknown>;

/**
 * A FROM item column references may resolve to. `named` is false for the items inside a join
 * with an alias: PostgreSQL hides their names, so a qualified reference looks further out.
 */
export type Source =
  | { kind: 'table'; refname: string; table: AllowedTable; named: boolean }
  /** A subquery, CTE, function or VALUES: its values were checked where they were computed. */
  | { kind: 'derived'; refname: string | undefined; outputs: ReadonlySet<string>; named: boolean }
  | { kind: 'join'; refname: string; members: Source[]; named: boolean };

export interface Scope {
  /** The FROM items each enclosing query level shows, outermost first. */
  levels: Source[][];
  /** The CTE names in scope with their output columns, innermost last. */
  ctes: Map<string, ReadonlySet<string>>[];
}

export const emptyScope: Scope = { levels: [], ctes: [] };

/** A query's output columns by position: a name where PostgreSQL's is certain, and whether `*` made it open-ended. */
export interface Outputs {
  names: Array<string | undefined>;
  star: boolean;
}

/** The column names a derived table certainly has, after an alias's column list renamed the first ones. */
export function definiteOutputs(out: Outputs, colnames: string[] = []): ReadonlySet<string> {
  if (colnames.length === 0) return new Set(out.names.filter((n): n is string => n !== undefined));
  // With `*` the positions behind the alias's names are unknown: only the alias's names are certain.
  const rest = out.star ? [] : out.names.slice(colnames.length).filter((n): n is string => n !== undefined);
  return new Set([...colnames, ...rest]);
}

const qualified = (t: AllowedTable) => `${t.schema}.${t.table}`;
const limited = (s: Source): s is Extract<Source, { kind: 'table' }> & { table: { columns: string[] } } =>
  s.kind === 'table' && s.table.columns !== undefined;
/** The column-limited tables a source reads (a join's members, recursively). */
const limitedTables = (s: Source): AllowedTable[] =>
  s.kind === 'join' ? s.members.flatMap(limitedTables) : limited(s) ? [s.table] : [];
/** The items of a level whose columns an unqualified reference can reach (a join's are its members'). */
const leaves = (level: Source[]) => level.filter((s) => s.kind !== 'join');

/** Resolves column references against a scope; every refusal is added to `problems`. */
export class NameResolver {
  constructor(private readonly problems: string[]) {}

  /** A ColumnRef's fields: names, with '*' for A_Star. */
  columnRef(fields: string[], scope: Scope): void {
    const [a, b, c] = fields as [string, string?, string?];
    if (fields.length === 1) {
      if (a === '*') this.star(scope.levels.at(-1) ?? []);
      else this.name(a, scope);
    } else if (fields.length === 2) {
      this.qualified(a, b!, scope);
    } else if (fields.length === 3) {
      // schema.table.column where such a table is in scope, else table.column.field (PostgreSQL's order).
      for (const level of [...scope.levels].reverse()) {
        const hit = level.filter((s) => s.named && s.kind === 'table' && s.table.schema === a && s.table.table === b);
        for (const s of hit) this.member(s, c!);
        if (hit.length) return;
      }
      this.qualified(a, b!, scope);
    } else {
      this.problems.push(`the column reference ${fields.join('.')} has too many parts`);
    }
  }

  /** `*` of one query level: every column of every item, so none may be column-limited. */
  star(level: Source[]): void {
    for (const t of leaves(level).flatMap(limitedTables))
      this.problems.push(`* is not allowed on ${qualified(t)}, whose columns are limited: name the columns`);
  }

  /**
   * An unqualified name: a column of an item of the innermost level that has one, else a whole
   * row of the item so named. A column-limited table that may hold a hidden column of that name
   * refuses it unless another item there certainly has it (PostgreSQL then refuses the ambiguity).
   */
  name(x: string, scope: Scope): void {
    for (const level of [...scope.levels].reverse()) {
      const found = this.nameIn(leaves(level), x);
      if (found === 'resolved') return;
      if (found !== 'not here') {
        const row = level.some((s) => s.named && s.refname === x && limitedTables(s).length);
        this.problems.push(
          row
            ? `a whole-row reference to ${x} is not allowed: its columns are limited`
            : `column ${x} is not allowed: it may be a column of ${qualified(found)}, whose columns are limited ` +
                '(qualify it with the alias of the table it belongs to)',
        );
        return;
      }
    }
    for (const level of [...scope.levels].reverse()) {
      const rows = level.filter((s) => s.named && s.refname === x);
      for (const t of rows.flatMap(limitedTables))
        this.problems.push(`a whole-row reference to ${qualified(t)} is not allowed: its columns are limited`);
      if (rows.length) return;
    }
  }

  /** `a.x`: column x of the innermost item named a, else field x of a composite column a. */
  qualified(a: string, x: string, scope: Scope): void {
    for (const level of [...scope.levels].reverse()) {
      const hit = level.filter((s) => s.named && s.refname === a);
      for (const s of hit) this.member(s, x);
      if (hit.length) return;
    }
    this.name(a, scope);
  }

  /** Column x ('*' for all of them) of one item. */
  member(s: Source, x: string): void {
    if (s.kind === 'derived') return;
    if (s.kind === 'join') {
      if (x === '*') this.star(s.members);
      else this.usingColumn(s.members, x);
      return;
    }
    const columns = s.table.columns;
    if (!columns) return;
    if (x === '*')
      this.problems.push(`a whole-row reference to ${qualified(s.table)} is not allowed: its columns are limited`);
    else if (!columns.includes(x)) this.problems.push(`column ${x} of ${qualified(s.table)} is not allowed`);
  }

  /** `USING (x)`, or column x of a join's alias: resolved among those items and nowhere else. */
  usingColumn(items: Source[], x: string): void {
    const found = this.nameIn(leaves(items), x);
    if (found !== 'resolved' && found !== 'not here')
      this.problems.push(`column ${x} of ${qualified(found)} is not allowed`);
  }

  /**
   * An unqualified name among the items of one level: resolved where an item certainly has the
   * column, else the first column-limited table that may hide one of that name.
   */
  private nameIn(items: Source[], x: string): 'resolved' | 'not here' | AllowedTable {
    const certain = items.some(
      (s) => (s.kind === 'table' && s.table.columns?.includes(x)) || (s.kind === 'derived' && s.outputs.has(x)),
    );
    if (certain) return 'resolved';
    return items.filter(limited).find((s) => !s.table.columns.includes(x))?.table ?? 'not here';
  }
}
