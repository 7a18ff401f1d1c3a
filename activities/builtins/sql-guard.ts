import { parse } from 'libpg-query';

/**
 * Checks a model-written SQL statement against what a database tool allows, on the syntax tree of
 * PostgreSQL's own parser (libpg_query, WebAssembly): never by pattern-matching the text.
 */

export interface AllowedTable {
  schema: string;
  table: string;
  columns?: string[];
}

export type SqlMode = 'query' | 'write';
export type SqlVerdict = { ok: true; statement: string } | { ok: false; reason: string };

type Node = Record<string, unknown>;

/**
 * Functions a statement may call: pure computations. Anything else (pg_sleep, set_config, nextval,
 * dblink, lo_import, pg_read_file, user functions with side effects, …) is refused.
 */
const SAFE_FUNCTIONS = new Set(
  (
    'count sum avg min max array_agg string_agg bool_and bool_or every json_agg jsonb_agg json_object_agg ' +
    'jsonb_object_agg json_build_object jsonb_build_object json_build_array jsonb_build_array to_json to_jsonb ' +
    'jsonb_array_length json_array_length jsonb_extract_path jsonb_extract_path_text jsonb_typeof json_typeof ' +
    'lower upper initcap length char_length octet_length substring substr trim btrim ltrim rtrim replace concat ' +
    'concat_ws left right position strpos split_part starts_with reverse repeat lpad rpad format md5 ' +
    'regexp_replace regexp_match regexp_matches abs round ceil ceiling floor trunc mod power sqrt sign ' +
    'greatest least now current_date date_trunc date_part extract age to_char to_date to_timestamp to_number ' +
    'make_date make_timestamp timezone row_number rank dense_rank percent_rank cume_dist lag lead first_value ' +
    'last_value nth_value ntile array_length cardinality unnest generate_series percentile_cont percentile_disc ' +
    'stddev variance'
  ).split(' '),
);

const str = (n: unknown): string | undefined => (n as { String?: { sval?: string } }).String?.sval ?? undefined;

export async function checkSql(sql: string, mode: SqlMode, allowed: AllowedTable[]): Promise<SqlVerdict> {
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

  const problems: string[] = [];
  const cteNames = new Set<string>();
  const aliases = new Set<string>();
  const tables: AllowedTable[] = [];
  const columnRefs: string[] = [];
  let star = false;

  const tableOf = (rv: Node): AllowedTable | undefined => {
    if (rv.catalogname) {
      problems.push(`cross-database reference ${String(rv.catalogname)}`);
      return undefined;
    }
    const schema = (rv.schemaname as string | undefined) ?? 'public';
    const name = rv.relname as string;
    const match = allowed.find((t) => t.schema === schema && t.table === name);
    if (!match) problems.push(`table ${schema}.${name} is not in the allow-list`);
    else tables.push(match);
    return match;
  };

  const visit = (value: unknown, parentKey: string, depth: number): void => {
    if (depth > 200) {
      problems.push('statement nested too deeply');
      return;
    }
    if (Array.isArray(value)) {
      for (const v of value) visit(v, parentKey, depth + 1);
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value as Node)) {
      if (/^[A-Z]/.test(key) && key.endsWith('Stmt') && key !== 'SelectStmt') {
        problems.push(`a nested ${key.replace(/Stmt$/, '').toUpperCase()} statement`);
        continue;
      }
      const node = child as Node;
      switch (key) {
        case 'CommonTableExpr':
          cteNames.add(node.ctename as string);
          break;
        case 'RangeVar':
          if (!(node.schemaname === undefined && cteNames.has(node.relname as string))) tableOf(node);
          break;
        case 'Alias':
          aliases.add(node.aliasname as string);
          break;
        case 'FuncCall': {
          const parts = (node.funcname as unknown[]).map(str);
          const name = parts.at(-1) ?? '';
          const qualified = parts.length > 1 && !(parts.length === 2 && parts[0] === 'pg_catalog');
          if (qualified || !SAFE_FUNCTIONS.has(name)) problems.push(`function ${parts.join('.')} is not allowed`);
          break;
        }
        case 'ColumnRef': {
          const fields = node.fields as unknown[];
          const last = fields.at(-1) as Node;
          if ('A_Star' in last) star = true;
          else if (str(last)) columnRefs.push(str(last)!);
          break;
        }
        case 'ResTarget':
          if (parentKey === 'targetList' && typeof node.name === 'string') aliases.add(node.name);
          break;
        case 'intoClause':
          problems.push('SELECT INTO creates a table');
          break;
        case 'lockingClause':
          problems.push('FOR UPDATE/SHARE locks rows');
          break;
        case 'CurrentOfExpr':
          problems.push('WHERE CURRENT OF needs a cursor');
          break;
      }
      visit(child, key, depth + 1);
    }
  };

  // The CTE names first, so references to them are not taken for tables.
  const ctes = ((body.withClause as Node | undefined)?.ctes ?? []) as Node[];
  for (const cte of ctes) cteNames.add((cte.CommonTableExpr as Node).ctename as string);

  let target: AllowedTable | undefined;
  if (mode === 'write') {
    const relation = body.relation as Node;
    target = tableOf(relation);
    if ((relation.alias as Node | undefined)?.aliasname) aliases.add((relation.alias as Node).aliasname as string);
    const written: string[] = [];
    if (kind === 'InsertStmt') {
      const cols = (body.cols ?? []) as Node[];
      if (cols.length === 0 && target?.columns) problems.push('INSERT must list its columns');
      for (const c of cols) written.push((c.ResTarget as Node).name as string);
      const conflict = body.onConflictClause as Node | undefined;
      for (const c of (conflict?.targetList ?? []) as Node[]) written.push((c.ResTarget as Node).name as string);
    }
    if (kind === 'UpdateStmt')
      for (const c of body.targetList as Node[]) written.push((c.ResTarget as Node).name as string);
    if (target?.columns)
      for (const c of written)
        if (!target.columns.includes(c))
          problems.push(`column ${c} of ${target.schema}.${target.table} is not allowed`);
    const { relation: _relation, targetList, cols: _cols, ...rest } = body;
    visit(rest, kind, 0);
    for (const t of (targetList ?? []) as Node[]) visit((t.ResTarget as Node).val, 'val', 1);
  } else {
    visit(body, kind, 0);
  }

  // Columns: checked when every table used has a column list (otherwise a name cannot be attributed).
  if (tables.length > 0 && tables.every((t) => t.columns)) {
    const permitted = new Set([...tables.flatMap((t) => t.columns!), ...aliases, ...cteNames]);
    if (star) problems.push('* is not allowed on tables with a column allow-list: name the columns');
    for (const c of columnRefs) if (!permitted.has(c)) problems.push(`column ${c} is not allowed`);
  }
  if (problems.length) return { ok: false, reason: [...new Set(problems)].join('; ') };
  return { ok: true, statement: kind };
}
