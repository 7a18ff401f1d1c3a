import { describe, expect, it } from 'vitest';
import { checkSql, type AllowedTable } from '../../activities/builtins/sql-guard.js';

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
