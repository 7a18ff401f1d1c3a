import { parse } from 'libpg-query';
import { DATABASE_SQL_MAX_CHARS } from '../../contracts/builtins/database.js';
import { StatementChecker } from './sql-statements.js';

/**
 * Checks a model-written SQL statement against what a database tool allows, on the syntax tree of
 * PostgreSQL's own parser (libpg_query, WebAssembly): never by pattern-matching the text. Names
 * are resolved with their scope (sql-statements.ts, sql-names.ts): a CTE covers only the query it
 * belongs to, and a column check looks at the table a reference reads, never at an output alias.
 */

export interface AllowedTable {
  schema: string;
  table: string;
  columns?: string[];
}

export type SqlMode = 'query' | 'write';
export type SqlVerdict = { ok: true; statement: string } | { ok: false; reason: string };

type Node = Record<string, unknown>;

/** Nesting of the syntax tree the checks walk (recursively) at most. */
export const SQL_MAX_TREE_DEPTH = 200;

/** Depth of the parsed tree, walked without recursion so a deep tree cannot overflow the stack. */
function treeDepth(root: unknown): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[root, 1]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (!value || typeof value !== 'object') continue;
    max = Math.max(max, depth);
    if (max > SQL_MAX_TREE_DEPTH) return max;
    for (const child of Object.values(value as Node)) stack.push([child, depth + 1]);
  }
  return max;
}

export async function checkSql(sql: string, mode: SqlMode, allowed: AllowedTable[]): Promise<SqlVerdict> {
  if (sql.length > DATABASE_SQL_MAX_CHARS)
    return { ok: false, reason: `The statement is longer than ${DATABASE_SQL_MAX_CHARS} characters` };
  let tree: { stmts?: Array<{ stmt: Node }> };
  try {
    tree = (await parse(sql)) as typeof tree;
  } catch (err) {
    return { ok: false, reason: `Not valid PostgreSQL: ${(err as Error).message}` };
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length !== 1) return { ok: false, reason: `Exactly one statement is allowed (got ${stmts.length})` };
  const root = stmts[0]!.stmt;
  const [kind] = Object.keys(root) as [string];
  const body = root[kind] as Node;
  const expected = mode === 'query' ? ['SelectStmt'] : ['InsertStmt', 'UpdateStmt', 'DeleteStmt'];
  if (!expected.includes(kind)) {
    return {
      ok: false,
      reason:
        mode === 'query'
          ? `Only a SELECT is allowed here (got ${kind.replace(/Stmt$/, '').toUpperCase()})`
          : `Only INSERT, UPDATE or DELETE is allowed here (got ${kind.replace(/Stmt$/, '').toUpperCase()})`,
    };
  }
  if ((kind === 'UpdateStmt' || kind === 'DeleteStmt') && !body.whereClause)
    return { ok: false, reason: `${kind === 'UpdateStmt' ? 'UPDATE' : 'DELETE'} needs a WHERE clause` };
  if (treeDepth(body) > SQL_MAX_TREE_DEPTH) return { ok: false, reason: 'The statement is nested too deeply' };

  const checker = new StatementChecker(allowed);
  if (kind === 'SelectStmt') checker.query(body);
  else if (kind === 'InsertStmt') checker.insert(body);
  else checker.updateOrDelete(body, kind === 'UpdateStmt' ? 'targetList' : undefined);
  if (checker.problems.length) return { ok: false, reason: [...new Set(checker.problems)].join('; ') };
  return { ok: true, statement: kind };
}
