import { describe, expect, it } from 'vitest';
import { checkSql, type AllowedTable } from '../../activities/builtins/sql-guard.js';
import { DATABASE_SQL_MAX_CHARS } from '../../contracts/builtins/database.js';

const allowed: AllowedTable[] = [
  { schema: 'shop', table: 'orders' },
  { schema: 'public', table: 'notes' },
  { schema: 'shop', table: 'customers', columns: ['id', 'name'] },
];

describe('checkSql: database_query', () => {
  it.each([
    'SELECT id, status FROM shop.orders WHERE id = $1',
    'select count(*) from notes',
    'WITH recent AS (SELECT * FROM shop.orders ORDER BY id DESC LIMIT 5) SELECT * FROM recent',
    'SELECT o.id, lower(o.status) FROM shop.orders o JOIN notes n ON n.id = o.id',
    'SELECT id, name FROM shop.customers WHERE name = $1 -- trailing comment',
    'SELECT EXTRACT(year FROM now())',
  ])('allows %s', async (sql) => {
    expect(await checkSql(sql, 'query', allowed)).toEqual({ ok: true, statement: 'SelectStmt' });
  });

  it.each([
    ['SELECT 1; DROP TABLE shop.orders', /Exactly one statement/],
    ['SELECT 1; SELECT 2', /Exactly one statement/],
    ['SELECT * FROM shop.orders /* ; */ ; DELETE FROM shop.orders', /Exactly one statement/],
    ['DELETE FROM shop.orders WHERE id = 1', /Only a SELECT/],
    ['WITH gone AS (DELETE FROM shop.orders RETURNING *) SELECT * FROM gone', /nested DELETE/],
    ['SELECT pg_sleep(10)', /function pg_sleep/],
    ['SELECT * FROM shop.orders WHERE id = (SELECT pg_catalog.pg_sleep(1))::int', /function pg_catalog.pg_sleep/],
    ["SELECT set_config('statement_timeout', '0', false)", /function set_config/],
    ["SELECT nextval('shop.orders_id_seq')", /function nextval/],
    ["SELECT * FROM dblink('host=evil', 'select 1') AS t(x int)", /function dblink/],
    ["SELECT pg_read_file('/etc/passwd')", /function pg_read_file/],
    ['SELECT * FROM pg_catalog.pg_user', /pg_catalog.pg_user is not in the allow-list/],
    ['SELECT * FROM secret.keys', /secret.keys is not in the allow-list/],
    ['SELECT * FROM orders', /public.orders is not in the allow-list/],
    ['SELECT usename FROM pg_user', /public.pg_user is not in the allow-list/],
    ['SELECT * FROM shop.orders WHERE id IN (SELECT id FROM secret.keys)', /secret.keys/],
    ['SELECT * INTO shop.copy FROM shop.orders', /SELECT INTO/],
    ['SELECT * FROM shop.orders FOR UPDATE', /FOR UPDATE/],
    ['SELECT * FROM shop.customers', /\* is not allowed/],
    ['SELECT password FROM shop.customers', /column password/],
    ['SELEC * FROM shop.orders', /Not valid PostgreSQL/],
    ['SELECT * FROM otherdb.shop.orders', /cross-database/],
  ])('refuses %s', async (sql, reason) => {
    const verdict = await checkSql(sql, 'query', allowed);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok === false && verdict.reason).toMatch(reason);
  });
});

describe('checkSql: database_write', () => {
  it.each([
    ['INSERT INTO shop.orders (id, status) VALUES ($1, $2)', 'InsertStmt'],
    ['UPDATE shop.orders SET status = $1 WHERE id = $2 RETURNING id', 'UpdateStmt'],
    ['DELETE FROM notes WHERE id = $1', 'DeleteStmt'],
    ['INSERT INTO shop.customers (id, name) VALUES ($1, $2)', 'InsertStmt'],
  ])('allows %s', async (sql, statement) => {
    expect(await checkSql(sql, 'write', allowed)).toEqual({ ok: true, statement });
  });

  it.each([
    ['UPDATE shop.orders SET status = $1', /needs a WHERE/],
    ['DELETE FROM shop.orders', /needs a WHERE/],
    ['SELECT * FROM shop.orders', /Only INSERT, UPDATE or DELETE/],
    ['DROP TABLE shop.orders', /Only INSERT, UPDATE or DELETE/],
    ['TRUNCATE shop.orders', /Only INSERT, UPDATE or DELETE/],
    ['INSERT INTO shop.orders (id) VALUES (1); DELETE FROM shop.orders WHERE true', /Exactly one statement/],
    ['INSERT INTO secret.keys (k) VALUES ($1)', /secret.keys is not in the allow-list/],
    ['UPDATE shop.orders SET status = (SELECT k FROM secret.keys LIMIT 1) WHERE id = 1', /secret.keys/],
    ['UPDATE shop.orders SET status = pg_sleep(5)::text WHERE id = 1', /function pg_sleep/],
    ["DELETE FROM shop.orders WHERE id = 1 AND set_config('role', 'x', false) IS NOT NULL", /function set_config/],
    [
      'WITH x AS (DELETE FROM notes WHERE true RETURNING id) INSERT INTO shop.orders (id) SELECT id FROM x',
      /nested DELETE/,
    ],
    ['INSERT INTO shop.customers (id, password) VALUES ($1, $2)', /column password/],
    ['INSERT INTO shop.customers VALUES ($1, $2)', /must list its columns/],
    ['UPDATE shop.customers SET password = $1 WHERE id = $2', /column password/],
    ['INSERT INTO shop.orders (id) SELECT id FROM secret.keys', /secret.keys/],
  ])('refuses %s', async (sql, reason) => {
    const verdict = await checkSql(sql, 'write', allowed);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok === false && verdict.reason).toMatch(reason);
  });
});

describe('checkSql: names resolve with their scope', () => {
  it.each([
    // A CTE covers only its own WITH's query (issue 43: the name exempted itself everywhere).
    [
      'SELECT (SELECT 1 FROM (WITH internal_secrets AS (SELECT 1) SELECT 1) s) AS x, * FROM internal_secrets',
      /public.internal_secrets is not in the allow-list/,
    ],
    [
      'SELECT (SELECT 1 FROM (WITH pg_stat_activity AS (SELECT 1) SELECT 1) s) AS x, * FROM pg_stat_activity',
      /public.pg_stat_activity is not in the allow-list/,
    ],
    ['SELECT 1 WHERE EXISTS (WITH pg_authid AS (SELECT 1) SELECT 1) UNION SELECT 1 FROM pg_authid', /pg_authid/],
    ['WITH a AS (SELECT * FROM b), b AS (SELECT 1) SELECT * FROM a', /public.b is not in the allow-list/],
    ['WITH a AS (WITH secret AS (SELECT 1) SELECT 1) SELECT * FROM secret', /public.secret is not/],
    // Column checks follow what a reference reads, never an output alias (issue 43).
    ['SELECT id AS password, password FROM shop.customers', /column password is not allowed/],
    ['SELECT c.password FROM shop.customers c JOIN shop.orders o ON o.id = c.id', /column password of shop.customers/],
    ['SELECT name, status FROM shop.customers c JOIN shop.orders o ON o.id = c.id', /column status is not allowed/],
    ['SELECT q.v FROM (SELECT c.password AS v FROM shop.customers c) q', /column password of shop.customers/],
    ['SELECT (SELECT s.x FROM (SELECT password AS x) s) FROM shop.customers', /column password/],
    ['SELECT s.n FROM shop.customers c, LATERAL (SELECT c.password AS n) s', /column password of shop.customers/],
    ['SELECT id FROM shop.orders UNION SELECT password FROM shop.customers', /column password/],
    ['SELECT id AS password, count(*) FROM shop.customers GROUP BY password', /column password/],
    ['SELECT DISTINCT ON (password) id FROM shop.customers', /column password/],
    ['SELECT id, rank() OVER (ORDER BY password) FROM shop.customers', /column password/],
    ['SELECT x FROM shop.customers AS c(i, n, x)', /renaming the columns of shop.customers/],
    ['SELECT j.password FROM (shop.customers a JOIN shop.orders b ON true) AS j', /column password of shop.customers/],
    // An alias hides the names inside its join: a.password is the outer a's, as in PostgreSQL.
    [
      'SELECT (SELECT a.password FROM (shop.orders a JOIN notes b ON true) AS j LIMIT 1) FROM shop.customers a',
      /column password of shop.customers/,
    ],
    ['SELECT id FROM shop.customers JOIN shop.orders USING (password)', /column password of shop.customers/],
    ['SELECT id FROM shop.customers NATURAL JOIN shop.orders', /NATURAL JOIN/],
    ['SELECT shop.customers.password FROM shop.customers', /column password of shop.customers/],
    // Whole rows of a column-limited table.
    ['SELECT to_json(c) FROM shop.customers c JOIN shop.orders o ON o.id = c.id', /whole-row reference to c/],
    ['SELECT c FROM shop.customers c', /whole-row reference to c/],
    ['SELECT json_agg(c), count(o.id) FROM shop.customers c, shop.orders o', /whole-row reference to c/],
    ['SELECT (c).name FROM shop.customers c', /whole-row reference to c/],
    ['SELECT c.* FROM shop.customers c JOIN shop.orders o ON true', /whole-row reference to shop.customers/],
    ['SELECT (SELECT customers FROM shop.orders LIMIT 1) FROM shop.customers', /whole-row reference to customers/],
    ['SELECT j.* FROM (shop.customers a JOIN shop.orders b ON true) AS j', /\* is not allowed on shop.customers/],
    ['SELECT s.id FROM (SELECT * FROM shop.customers) s', /\* is not allowed on shop.customers/],
    ['TABLE shop.customers', /\* is not allowed on shop.customers/],
  ])('refuses %s', async (sql, reason) => {
    const verdict = await checkSql(sql, 'query', allowed);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok === false && verdict.reason).toMatch(reason);
  });

  it.each([
    [
      'UPDATE shop.customers c SET name = c.name FROM shop.orders o WHERE o.id = c.id RETURNING c.id AS password, password',
      /column password/,
    ],
    [
      'UPDATE shop.customers c SET name = c.name FROM shop.orders o WHERE o.id = c.id RETURNING to_json(c)',
      /whole-row/,
    ],
    ['UPDATE shop.customers SET name = $1 WHERE id = 1 RETURNING *', /\* is not allowed on shop.customers/],
    ['UPDATE shop.customers SET name = $1 WHERE id = 1 RETURNING old.password', /column password of shop.customers/],
    ['UPDATE shop.customers SET name = $1 WHERE id = 1 RETURNING WITH (OLD AS o) o.password', /column password/],
    ['INSERT INTO shop.orders (id, status) SELECT id + 100, password FROM shop.customers', /column password/],
    [
      'INSERT INTO shop.orders (id, status) SELECT (SELECT 100 FROM (WITH notes AS (SELECT 1) SELECT 1) s), x FROM secret',
      /public.secret/,
    ],
    [
      'UPDATE shop.orders o SET status = c.password FROM shop.customers c WHERE o.id = c.id',
      /column password of shop.customers/,
    ],
    ["DELETE FROM shop.orders o USING shop.customers c WHERE c.password = 'x' AND o.id = c.id", /column password/],
    [
      "INSERT INTO shop.customers (id, name) VALUES (1, 'x') ON CONFLICT (id) DO UPDATE SET name = excluded.password",
      /column password/,
    ],
    [
      'WITH shop AS (SELECT 1) UPDATE customers SET name = $1 WHERE id = 1',
      /public.customers is not in the allow-list/,
    ],
  ])('refuses the write %s', async (sql, reason) => {
    const verdict = await checkSql(sql, 'write', allowed);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok === false && verdict.reason).toMatch(reason);
  });

  it.each([
    ['query', 'SELECT id AS password FROM shop.customers ORDER BY password'],
    ['query', 'SELECT c.name, o.status FROM shop.customers c JOIN shop.orders o ON o.id = c.id'],
    ['query', 'SELECT name FROM shop.customers c JOIN shop.orders o USING (id)'],
    ['query', 'SELECT j.id FROM shop.customers a JOIN shop.orders b USING (id) AS j'],
    ['query', 'WITH c AS (SELECT id, name FROM shop.customers) SELECT * FROM c'],
    ['query', 'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT n FROM r'],
    ['query', 'SELECT password FROM (SELECT id AS password FROM shop.customers) s'],
    ['query', 'SELECT s.n FROM shop.customers c, LATERAL (SELECT c.name AS n) s'],
    ['query', 'SELECT to_json(o), count(*) OVER () FROM shop.orders o'],
    ['query', 'SELECT * FROM (VALUES (1, 2)) v(a, b) JOIN shop.orders o ON o.id = v.a'],
    ['query', 'SELECT g FROM generate_series(1, 3) g WHERE g IN (SELECT id FROM shop.customers)'],
    ['write', 'UPDATE shop.customers SET name = $1 WHERE id = 1 RETURNING id, name'],
    [
      'write',
      "INSERT INTO shop.customers (id, name) VALUES (1, 'x') ON CONFLICT (id) DO UPDATE SET name = excluded.name",
    ],
    ['write', 'INSERT INTO shop.customers (id, name) SELECT id, status FROM shop.orders'],
    ['write', 'DELETE FROM shop.orders o USING shop.customers c WHERE c.name = $1 AND o.id = c.id RETURNING o.*'],
  ] as const)('allows the %s %s', async (mode, sql) => {
    expect((await checkSql(sql, mode, allowed)).ok).toBe(true);
  });

  it('refuses a statement longer than the cap before parsing it', async () => {
    const long = `SELECT id FROM shop.orders WHERE status IN (${Array(5000).fill("'x'").join(', ')})`;
    expect(long.length).toBeGreaterThan(DATABASE_SQL_MAX_CHARS);
    expect(await checkSql(long, 'query', allowed)).toEqual({ ok: false, reason: expect.stringMatching(/longer than/) });
  });

  it('refuses a statement nested deeper than the walk allows', async () => {
    const deep = `SELECT ${'ARRAY(SELECT '.repeat(80)}1${')'.repeat(80)}`;
    expect(await checkSql(deep, 'query', allowed)).toEqual({ ok: false, reason: expect.stringMatching(/too deeply/) });
  });
});
