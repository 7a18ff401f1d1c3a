import type { AllowedTable } from './sql-guard.js';
import {
  definiteOutputs,
  emptyScope,
  NameResolver,
  type Node,
  type Outputs,
  type Scope,
  type Source,
} from './sql-names.js';

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
const names = (list: unknown): string[] => ((list ?? []) as unknown[]).map(str).filter((s): s is string => !!s);
const list = (v: unknown) => (v ?? []) as Node[];
const upper = (kind: string) => kind.replace(/Stmt$/, '').toUpperCase();
/** The node's fields other than `keys` (those the caller handles itself). */
const without = (node: Node, ...keys: string[]): Node =>
  Object.fromEntries(Object.entries(node).filter(([k]) => !keys.includes(k)));
const withLevel = (scope: Scope, level: Source[]): Scope => ({ ...scope, levels: [...scope.levels, level] });

/** A select-list entry's column name where PostgreSQL's choice is certain: its alias, or a plain column's name. */
function outputName(target: Node): string | undefined {
  if (typeof target.name === 'string') return target.name;
  const fields = ((target.val as Node | undefined)?.ColumnRef as Node | undefined)?.fields as unknown[] | undefined;
  return fields ? str(fields.at(-1)) : undefined;
}

/** `*` or `t.*` in a select list. */
function isStar(target: Node): boolean {
  const fields = ((target.val as Node | undefined)?.ColumnRef as Node | undefined)?.fields as Node[] | undefined;
  return !!fields && 'A_Star' in fields.at(-1)!;
}

/**
 * Walks one statement with its scopes: every table it reads is allow-listed, every column
 * reference resolves to an allowed column, every function is a safe one.
 */
export class StatementChecker {
  readonly problems: string[] = [];
  private readonly names = new NameResolver(this.problems);

  constructor(private readonly allowed: AllowedTable[]) {}

  query(stmt: Node): void {
    this.select(stmt, emptyScope);
  }

  insert(stmt: Node): void {
    const scope = this.with(stmt.withClause as Node | undefined, emptyScope);
    const target = this.target(stmt.relation as Node);
    const columns = target?.table.columns;
    const written = list(stmt.cols).map((c) => (c.ResTarget as Node).name as string);
    if (columns && written.length === 0) this.problems.push('INSERT must list its columns');
    // The rows come from a query that cannot see the target.
    if (stmt.selectStmt) this.select((stmt.selectStmt as Node).SelectStmt as Node, scope);
    const conflict = stmt.onConflictClause as Node | undefined;
    if (target && conflict) {
      const excluded: Source = { ...target, refname: 'excluded' };
      const here = withLevel(scope, [target, excluded]);
      const infer = (conflict.infer ?? {}) as Node;
      for (const e of list(infer.indexElems).map((i) => i.IndexElem as Node)) {
        if (typeof e.name === 'string') this.names.member(target, e.name);
        this.expr(e.expr, here);
      }
      this.expr(infer.whereClause, here);
      for (const t of list(conflict.targetList).map((c) => c.ResTarget as Node)) {
        written.push(t.name as string);
        this.expr(t.val, here);
      }
      this.expr(conflict.whereClause, here);
    }
    if (target) {
      for (const c of written) this.names.member(target, c);
      this.returning(stmt, scope, [target]);
    }
  }

  /** UPDATE (SET list in `setList`) or DELETE: the target with the FROM/USING items, as one query level. */
  updateOrDelete(stmt: Node, setList: 'targetList' | undefined): void {
    const scope = this.with(stmt.withClause as Node | undefined, emptyScope);
    const target = this.target(stmt.relation as Node);
    const level: Source[] = target ? [target] : [];
    for (const item of list(stmt.fromClause ?? stmt.usingClause)) this.fromItem(item, scope, level);
    const here = withLevel(scope, level);
    for (const t of list(setList ? stmt[setList] : []).map((c) => c.ResTarget as Node)) {
      if (target) this.names.member(target, t.name as string);
      this.expr(t.val, here);
    }
    this.expr(stmt.whereClause, here);
    this.returning(stmt, scope, level);
  }

  /** The table a write goes to: always a table, never a CTE of the same name. */
  private target(relation: Node): Extract<Source, { kind: 'table' }> | undefined {
    const source = this.relation(relation, undefined);
    return source?.kind === 'table' ? source : undefined;
  }

  /** RETURNING sees the write's level, and the target again as old and new (PostgreSQL 18). */
  private returning(stmt: Node, scope: Scope, level: Source[]): void {
    const clause = stmt.returningClause as Node | undefined;
    const exprs = list(clause?.exprs ?? stmt.returningList);
    if (exprs.length === 0) return;
    const target = level[0];
    const aliases = new Map([
      ['RETURNING_OPTION_OLD', 'old'],
      ['RETURNING_OPTION_NEW', 'new'],
    ]);
    for (const o of list(clause?.options).map((x) => x.ReturningOption as Node))
      aliases.set(o.option as string, o.value as string);
    const rows = target ? [...aliases.values()].map((refname) => ({ ...target, refname })) : [];
    const here = withLevel(scope, [...level, ...rows]);
    for (const t of exprs.map((e) => e.ResTarget as Node)) this.expr(t.val, here);
  }

  /** A SELECT, VALUES or set operation in `scope`; its output columns. */
  private select(stmt: Node, outer: Scope): Outputs {
    const scope = this.with(stmt.withClause as Node | undefined, outer);
    if (stmt.intoClause) this.problems.push('SELECT INTO creates a table');
    if (list(stmt.lockingClause).length) this.problems.push('FOR UPDATE/SHARE locks rows');
    if (stmt.op && stmt.op !== 'SETOP_NONE') {
      const out = this.select(stmt.larg as Node, scope);
      this.select(stmt.rarg as Node, scope);
      // Its ORDER BY names output columns; anything else reads no table of the arms.
      const known = definiteOutputs(out);
      for (const s of list(stmt.sortClause).map((x) => x.SortBy as Node))
        if (!this.isOutputName(s.node, known)) this.expr(s.node, withLevel(scope, []));
      this.expr(
        without(stmt, 'withClause', 'intoClause', 'lockingClause', 'larg', 'rarg', 'sortClause'),
        withLevel(scope, []),
      );
      return out;
    }
    if (stmt.valuesLists) {
      this.expr(without(stmt, 'withClause', 'intoClause', 'lockingClause'), withLevel(scope, []));
      return this.outputsOf(stmt);
    }
    const level: Source[] = [];
    for (const item of list(stmt.fromClause)) this.fromItem(item, scope, level);
    const here = withLevel(scope, level);
    const targets = list(stmt.targetList).map((t) => t.ResTarget as Node);
    const out: Outputs = { names: [], star: false };
    for (const t of targets) {
      this.expr(t.val, here);
      if (isStar(t)) out.star = true;
      else out.names.push(outputName(t));
    }
    // ORDER BY and DISTINCT ON take a bare output column name first (GROUP BY takes input columns first).
    const known = new Set(targets.map(outputName).filter((n): n is string => !!n));
    for (const s of list(stmt.sortClause).map((x) => x.SortBy as Node))
      if (!this.isOutputName(s.node, known)) this.expr(s.node, here);
    for (const d of list(stmt.distinctClause)) if (!this.isOutputName(d, known)) this.expr(d, here);
    this.expr(
      without(
        stmt,
        'withClause',
        'intoClause',
        'lockingClause',
        'fromClause',
        'targetList',
        'sortClause',
        'distinctClause',
      ),
      here,
    );
    return out;
  }

  private isOutputName(node: unknown, known: ReadonlySet<string>): boolean {
    const fields = ((node as Node | undefined)?.ColumnRef as Node | undefined)?.fields as unknown[] | undefined;
    return fields?.length === 1 && known.has(str(fields[0]) ?? '');
  }

  /** A WITH clause: each CTE sees the earlier ones (all of them when RECURSIVE); the query sees all. */
  private with(clause: Node | undefined, outer: Scope): Scope {
    if (!clause) return outer;
    const ctes = new Map<string, ReadonlySet<string>>();
    const scope: Scope = { ...outer, ctes: [...outer.ctes, ctes] };
    const defs = list(clause.ctes).map((c) => c.CommonTableExpr as Node);
    const queryOf = (def: Node) => {
      const [kind] = Object.keys(def.ctequery as Node) as [string];
      if (kind === 'SelectStmt') return (def.ctequery as Node).SelectStmt as Node;
      this.problems.push(`a nested ${upper(kind)} statement`);
      return undefined;
    };
    if (clause.recursive)
      for (const def of defs) {
        const query = queryOf(def);
        ctes.set(def.ctename as string, definiteOutputs(this.outputsOf(query), names(def.aliascolnames)));
      }
    for (const def of defs) {
      const query = queryOf(def);
      if (!query) continue;
      const out = this.select(query, scope);
      if (!clause.recursive) ctes.set(def.ctename as string, definiteOutputs(out, names(def.aliascolnames)));
    }
    return scope;
  }

  /** Output columns of a query without checking it (a recursive CTE's, before its body is checked). */
  private outputsOf(stmt: Node | undefined): Outputs {
    if (!stmt) return { names: [], star: false };
    if (stmt.op && stmt.op !== 'SETOP_NONE') return this.outputsOf(stmt.larg as Node);
    if (stmt.valuesLists) {
      const first = list(((stmt.valuesLists as Node[])[0]?.List as Node | undefined)?.items);
      return { names: first.map((_, i) => `column${i + 1}`), star: false };
    }
    const targets = list(stmt.targetList).map((t) => t.ResTarget as Node);
    return { names: targets.filter((t) => !isStar(t)).map(outputName), star: targets.some(isStar) };
  }

  /**
   * One FROM item, added to `level` (the items before it, which a LATERAL item sees). Functions in
   * FROM see those items too, as PostgreSQL makes them implicitly LATERAL.
   */
  private fromItem(item: Node, scope: Scope, level: Source[]): void {
    const [kind] = Object.keys(item) as [string];
    const node = item[kind] as Node;
    const alias = node.alias as Node | undefined;
    const refname = alias?.aliasname as string | undefined;
    const lateral = () => withLevel(scope, [...level]);
    switch (kind) {
      case 'RangeVar': {
        const source = this.relation(node, scope);
        if (source) level.push(source);
        return;
      }
      case 'RangeSubselect': {
        const out = this.select((node.subquery as Node).SelectStmt as Node, node.lateral ? lateral() : scope);
        level.push({ kind: 'derived', refname, outputs: definiteOutputs(out, names(alias?.colnames)), named: true });
        return;
      }
      case 'RangeFunction':
        this.expr(node.functions, lateral());
        level.push({ kind: 'derived', refname, outputs: new Set(names(alias?.colnames)), named: true });
        return;
      case 'RangeTableSample':
        this.fromItem(node.relation as Node, scope, level);
        this.expr([node.args, node.repeatable], scope);
        return;
      case 'JoinExpr':
        this.join(node, scope, level);
        return;
      default:
        this.problems.push(`${kind} in FROM is not supported`);
    }
  }

  private join(node: Node, scope: Scope, level: Source[]): void {
    const start = level.length;
    this.fromItem(node.larg as Node, scope, level);
    const middle = level.length;
    this.fromItem(node.rarg as Node, scope, level);
    const members = level.slice(start);
    const limitedMembers = members.filter((m) => m.kind === 'table' && m.table.columns);
    if (node.isNatural && limitedMembers.length)
      this.problems.push('NATURAL JOIN is not allowed with a table whose columns are limited: use ON or USING');
    for (const c of names(node.usingClause)) {
      this.names.usingColumn(level.slice(start, middle), c);
      this.names.usingColumn(level.slice(middle), c);
    }
    // ON sees the two sides only (and the enclosing queries).
    this.expr(node.quals, withLevel(scope, members));
    const usingAlias = (node.join_using_alias as Node | undefined)?.aliasname as string | undefined;
    if (usingAlias)
      level.push({ kind: 'derived', refname: usingAlias, outputs: new Set(names(node.usingClause)), named: true });
    const alias = node.alias as Node | undefined;
    if (alias) {
      if (names(alias.colnames).length && limitedMembers.length)
        this.problems.push('renaming the columns of a join with a column-limited table is not allowed');
      // The alias hides the names of the items inside (their columns stay reachable through it).
      for (const m of members) m.named = false;
      level.push({ kind: 'join', refname: alias.aliasname as string, members, named: true });
    }
  }

  /**
   * A table or CTE named in FROM: unqualified names are CTEs in scope first, as in PostgreSQL.
   * Without a scope, only a table (the target of a write).
   */
  private relation(rv: Node, scope: Scope | undefined): Source | undefined {
    const alias = rv.alias as Node | undefined;
    const name = rv.relname as string;
    const refname = (alias?.aliasname as string | undefined) ?? name;
    if (rv.catalogname) {
      this.problems.push(`cross-database reference ${String(rv.catalogname)}`);
      return undefined;
    }
    const cte =
      !rv.schemaname && scope
        ? [...scope.ctes]
            .reverse()
            .find((c) => c.has(name))
            ?.get(name)
        : undefined;
    if (cte) {
      const colnames = names(alias?.colnames);
      return { kind: 'derived', refname, outputs: colnames.length ? new Set(colnames) : cte, named: true };
    }
    const schema = (rv.schemaname as string | undefined) ?? 'public';
    const table = this.allowed.find((t) => t.schema === schema && t.table === name);
    if (!table) {
      this.problems.push(`table ${schema}.${name} is not in the allow-list`);
      return undefined;
    }
    // AS t(a, b, …) renames the table's columns by position, past what the allow-list can see.
    if (table.columns && names(alias?.colnames).length)
      this.problems.push(`renaming the columns of ${schema}.${name} is not allowed: its columns are limited`);
    return { kind: 'table', refname, table, named: true };
  }

  /** An expression in `scope`: column references, subqueries and function calls inside it. */
  private expr(value: unknown, scope: Scope): void {
    if (Array.isArray(value)) {
      for (const v of value) this.expr(v, scope);
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value as Node)) {
      const node = child as Node;
      switch (key) {
        case 'ColumnRef':
          this.names.columnRef(
            (node.fields as Node[]).map((f) => ('A_Star' in f ? '*' : (str(f) ?? ''))),
            scope,
          );
          break;
        case 'SubLink':
          this.expr(node.testexpr, scope);
          this.select((node.subselect as Node).SelectStmt as Node, scope);
          break;
        case 'SelectStmt':
          this.select(node, scope);
          break;
        case 'FuncCall': {
          const parts = names(node.funcname);
          const name = parts.at(-1) ?? '';
          const qualified = parts.length > 1 && !(parts.length === 2 && parts[0] === 'pg_catalog');
          if (qualified || !SAFE_FUNCTIONS.has(name)) this.problems.push(`function ${parts.join('.')} is not allowed`);
          const { funcname: _funcname, ...rest } = node;
          this.expr(rest, scope);
          break;
        }
        case 'RangeVar':
          this.relation(node, undefined);
          break;
        case 'CurrentOfExpr':
          this.problems.push('WHERE CURRENT OF needs a cursor');
          break;
        default:
          if (/^[A-Z]/.test(key) && key.endsWith('Stmt')) this.problems.push(`a nested ${upper(key)} statement`);
          else this.expr(child, scope);
      }
    }
  }
}
