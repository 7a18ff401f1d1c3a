import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, observeOf, runBuiltinCall } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { shopTables as tables, targetDatabase } from '../support/target-database.js';

/** This process's resident memory now, and its peak since the last reset (Linux /proc), in MiB. */
const memoryMiB = (field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;
const resetPeakMemory = () => writeFileSync('/proc/self/clear_refs', '5');

/** Values no allowed query may return. */
const secrets = ['hunter2', 'top-secret', 'internal-secret-value'];

describe('database builtins in real generations', () => {
  let stack: TestStack;
  let model: ModelServer;
  let target: Awaited<ReturnType<typeof targetDatabase>>;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, target] = await Promise.all([startStack(), startModelServer(), targetDatabase()]);
    providerId = await createProvider(stack, model);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await target?.close();
  });
  beforeEach(() => model.reset());

  const run = (builtin: Record<string, unknown>, args: unknown, agent: Record<string, unknown> = {}) =>
    runBuiltinCall(stack, model, providerId, builtin, args, agent);

  describe('database_query', () => {
    const config = () => ({ databaseUrl: target.url, tables });

    it('returns rows of one SELECT with parameters', async () => {
      const { observe } = await run(
        { name: 'database_query', config: config() },
        { sql: 'SELECT id, status FROM shop.orders WHERE id >= $1 ORDER BY id', params: [1] },
      );
      expect(observe).toMatchObject({
        status: 'success',
        result: {
          rowCount: 2,
          rows: [
            { id: 1, status: 'open' },
            { id: 2, status: 'shipped' },
          ],
        },
      });
    });

    it('hides the databaseUrl: encrypted, shown as [secret], kept by a PATCH without config', async () => {
      const toolId = await createTool(stack, { type: 'builtin', name: 'database_query', config: config() });
      const shown = await stack.api('GET', `/v1/tools/${toolId}`);
      expect(shown.body.config).toEqual({ databaseUrl: '[secret]', tables });
      const row = await stack.db.agentTool.findUniqueOrThrow({ where: { id: toolId } });
      expect(JSON.stringify(row.config)).not.toContain(target.url);
      const patched = await stack.api('PATCH', `/v1/tools/${toolId}`, { description: 'orders' });
      expect(patched.status).toBe(200);
      const after = await stack.db.agentTool.findUniqueOrThrow({ where: { id: toolId } });
      expect(after.config).toEqual(row.config);
      const refused = await stack.api('POST', '/v1/tools', {
        type: 'builtin',
        name: 'database_query',
        config: { databaseUrl: '[secret]', tables, extra: 1 },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details.map((d: { path: string }) => d.path)).toEqual(
        expect.arrayContaining(['body.config.databaseUrl']),
      );
    });

    it('without a database configured, answers the model with a clear error', async () => {
      const { res, observe } = await run({ name: 'database_query' }, { sql: 'SELECT 1' });
      expect(res.body.status).toBe('completed');
      expect(observe).toMatchObject({ status: 'error', result: { error: expect.stringMatching(/databaseUrl/) } });
    });

    it.each([
      ['stacked statements', 'SELECT 1; DELETE FROM shop.orders'],
      ['comment hiding a second statement', 'SELECT id FROM shop.orders /* x */; DROP TABLE shop.orders --'],
      ['a write', "UPDATE shop.orders SET status = 'x' WHERE id = 1"],
      ['a CTE write', 'WITH d AS (DELETE FROM shop.orders RETURNING *) SELECT * FROM d'],
      ['pg_sleep', 'SELECT pg_sleep(5)'],
      ['set_config', "SELECT set_config('default_transaction_read_only', 'off', false)"],
      ['a schema outside the allow-list', 'SELECT k FROM secret.keys'],
      ['the catalog', 'SELECT rolname, rolpassword FROM pg_catalog.pg_authid'],
      ['a column outside the allow-list', 'SELECT password FROM shop.customers'],
      ['SELECT INTO', 'SELECT * INTO shop.copy FROM shop.orders'],
    ])('refuses %s and leaves the database unchanged', async (_label, sql) => {
      const before = await target.snapshot();
      const { observe } = await run({ name: 'database_query', config: config() }, { sql });
      expect(observe).toMatchObject({ status: 'error', result: { error: expect.stringMatching(/refused/) } });
      expect(await target.snapshot()).toBe(before);
    });

    // The review's bypasses (issue 43) and their relatives: each read a table or column the
    // allow-list leaves out before the guard resolved names with scope.
    it.each([
      [
        'a CTE name defined in a subquery, used outside it',
        'SELECT (SELECT 1 FROM (WITH internal_secrets AS (SELECT 1) SELECT 1) s) AS x, * FROM internal_secrets',
      ],
      [
        'the same CTE trick on the catalog',
        'SELECT (SELECT 1 FROM (WITH pg_stat_activity AS (SELECT 1) SELECT 1) s) AS x, * FROM pg_stat_activity',
      ],
      ['an output alias named like a hidden column', 'SELECT id AS password, password FROM shop.customers'],
      [
        'a hidden column next to a table without a column list',
        'SELECT c.password FROM shop.customers c JOIN shop.orders o ON o.id = c.id',
      ],
      ['a whole row through to_json', 'SELECT to_json(c) FROM shop.customers c JOIN shop.orders o ON o.id = c.id'],
      ['a whole row as a column', 'SELECT c FROM shop.customers c'],
      ['a whole row in an aggregate', 'SELECT json_agg(c), count(o.id) FROM shop.customers c, shop.orders o'],
      ['columns renamed by a table alias', 'SELECT x FROM shop.customers AS c(i, n, x)'],
      [
        'a hidden column in a set operation',
        'SELECT status FROM shop.orders UNION ALL SELECT c.password FROM shop.customers c JOIN shop.orders o ON true',
      ],
    ])('refuses %s: nothing is read', async (_label, sql) => {
      const { observe } = await run({ name: 'database_query', config: config() }, { sql });
      expect(observe).toMatchObject({ status: 'error', result: { error: expect.stringMatching(/refused/) } });
      for (const secret of secrets) expect(JSON.stringify(observe!.result)).not.toContain(secret);
    });

    // Issue 43: a query returning 600 MB of rows was buffered whole before the cap applied. The
    // worker runs in this process: its peak resident memory is measured around the call.
    it('reads 600 MB of rows only up to the byte cap: a clean truncated result, memory grows far less', async () => {
      const sql = "SELECT repeat('x', 1000000) AS x FROM generate_series(1, 600)";
      // A first call takes what any first generation costs out of the figure.
      await run({ name: 'database_query', config: config() }, { sql: 'SELECT 1 AS one' });
      model.reset();
      const before = memoryMiB('VmRSS');
      resetPeakMemory();
      const { observe } = await run({ name: 'database_query', config: config() }, { sql });
      const growth = memoryMiB('VmHWM') - before;
      console.log(`database_query of 600 x 1 MB rows: peak RSS growth ${growth.toFixed(1)} MiB`);
      expect(growth).toBeLessThan(300);
      expect(observe).toMatchObject({
        status: 'success',
        result: { rowCount: 0, rows: [], truncated: true, note: expect.stringMatching(/larger than 1048576 bytes/) },
      });
    });

    it('cuts many small rows at the character cap, in order, after reading them in batches', async () => {
      const { observe } = await run(
        { name: 'database_query', config: config() },
        { sql: "SELECT g AS n, repeat('y', 90) AS pad FROM generate_series(1, 100000) g ORDER BY g" },
      );
      const { rows, truncated, note, rowCount } = observe!.result;
      expect({ truncated, note }).toEqual({ truncated: true, note: expect.stringMatching(/cut at 50000 characters/) });
      expect(rowCount).toBe(rows.length);
      expect(rows.length).toBeGreaterThan(300);
      expect(rows.map((r: { n: number }) => r.n)).toEqual(rows.map((_: unknown, i: number) => i + 1));
      expect(JSON.stringify(rows).length).toBeLessThanOrEqual(50_000);
    });

    it('runs read-only even if a write slipped through the parser checks', async () => {
      // Defence in depth: nextval is refused by the checker; the READ ONLY transaction is the backstop.
      const { observe } = await run(
        { name: 'database_query', config: config() },
        { sql: 'SELECT count(*) FROM shop.orders' },
      );
      expect(observe).toMatchObject({ status: 'success', result: { rows: [{ count: '2' }] } });
    });
  });

  describe('database_write', () => {
    const config = (extra: Record<string, unknown> = {}) => ({ databaseUrl: target.url, tables, ...extra });

    it('waits for a human approval by default, then writes once', async () => {
      const toolId = await createTool(stack, { type: 'builtin', name: 'database_write', config: config() });
      const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
      model.script(
        call(
          'database_write',
          { sql: 'INSERT INTO shop.orders (id, status) VALUES ($1, $2)', params: [10, 'new'] },
          'w1',
        ),
        { text: 'inserted' },
      );
      const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'add order 10' });
      expect(paused.body.status).toBe('requires_action');
      const approval = paused.body.requiredAction.approvals[0];
      expect(approval).toMatchObject({ toolName: 'database_write' });
      expect((await target.client.query('SELECT * FROM shop.orders WHERE id = 10')).rowCount).toBe(0);
      const done = await stack.api('POST', `/v1/generations/${paused.body.id}/approvals/${approval.approvalId}`, {
        approved: true,
      });
      expect(done.body.status).toBe('completed');
      expect(observeOf(done.body, 'w1')).toMatchObject({ status: 'success', result: { rowCount: 1 } });
      expect((await target.client.query('SELECT status FROM shop.orders WHERE id = 10')).rows).toEqual([
        { status: 'new' },
      ]);
    });

    it('runs without approval when requireApproval is false; UPDATE needs WHERE', async () => {
      const before = await target.snapshot();
      const noWhere = await run(
        { name: 'database_write', config: config({ requireApproval: false }) },
        { sql: "UPDATE shop.orders SET status = 'lost'" },
      );
      expect(noWhere.observe).toMatchObject({ status: 'error', result: { error: expect.stringMatching(/WHERE/) } });
      expect(await target.snapshot()).toBe(before);
      model.reset();
      const ok = await run(
        { name: 'database_write', config: config({ requireApproval: false }) },
        { sql: 'UPDATE shop.orders SET status = $1 WHERE id = $2 RETURNING id, status', params: ['paid', 2] },
      );
      expect(ok.res.body.status).toBe('completed');
      expect(ok.observe).toMatchObject({
        status: 'success',
        result: { rowCount: 1, rows: [{ id: 2, status: 'paid' }] },
      });
    });

    it.each([
      [
        'stacked statements',
        "INSERT INTO shop.orders (id, status) VALUES (20, 'a'); DELETE FROM shop.orders WHERE true",
      ],
      ['DELETE without WHERE', 'DELETE FROM shop.orders'],
      [
        'a CTE with a second write',
        "WITH d AS (DELETE FROM shop.orders WHERE id = 1 RETURNING id) INSERT INTO shop.orders (id, status) SELECT id + 100, 'x' FROM d",
      ],
      ['pg_sleep in a value', 'UPDATE shop.orders SET status = pg_sleep(3)::text WHERE id = 1'],
      [
        'a side-effect function',
        "UPDATE shop.orders SET status = set_config('search_path', 'secret', false) WHERE id = 1",
      ],
      ['a table outside the allow-list', "INSERT INTO secret.keys (k) VALUES ('x')"],
      [
        'a read of a table outside the allow-list',
        'UPDATE shop.orders SET status = (SELECT k FROM secret.keys LIMIT 1) WHERE id = 1',
      ],
      ['a column outside the allow-list', "UPDATE shop.customers SET password = 'x' WHERE id = 1"],
      ['DDL', 'DROP TABLE shop.orders'],
      ['a comment trick', 'DELETE FROM shop.orders WHERE id = 1 --\n; DROP TABLE shop.orders'],
    ])('refuses %s and leaves the database unchanged', async (_label, sql) => {
      const before = await target.snapshot();
      const { observe } = await run({ name: 'database_write', config: config({ requireApproval: false }) }, { sql });
      expect(observe).toMatchObject({ status: 'error', result: { error: expect.stringMatching(/refused/) } });
      expect(await target.snapshot()).toBe(before);
    });

    it('refuses RETURNING rows past the byte cap: nothing is written', async () => {
      const before = await target.snapshot();
      const { observe } = await run(
        { name: 'database_write', config: config({ requireApproval: false }) },
        { sql: "UPDATE shop.orders SET status = 'big' WHERE id IN (1, 2) RETURNING id, repeat(status, 1000000) AS s" },
      );
      expect(observe).toMatchObject({
        status: 'error',
        result: { error: expect.stringMatching(/larger than 1048576 bytes: nothing was written/) },
      });
      expect(await target.snapshot()).toBe(before);
    });

    it.each([
      [
        'RETURNING an alias named like a hidden column',
        'UPDATE shop.customers c SET name = c.name FROM shop.orders o WHERE o.id = c.id RETURNING c.id AS password, password',
      ],
      ['RETURNING a whole row', 'UPDATE shop.customers c SET name = name WHERE id = 1 RETURNING to_json(c)'],
      [
        'INSERT … SELECT of a hidden column',
        'INSERT INTO shop.orders (id, status) SELECT id + 100, password FROM shop.customers',
      ],
      [
        'UPDATE … FROM a hidden column',
        'UPDATE shop.orders o SET status = c.password FROM shop.customers c WHERE o.id = c.id',
      ],
      [
        'DELETE … USING a hidden column',
        "DELETE FROM shop.orders o USING shop.customers c WHERE c.password = 'hunter2' AND o.id = c.id",
      ],
      [
        'a CTE name defined in a subquery, used outside it',
        'INSERT INTO shop.orders (id, status) SELECT (SELECT 100 FROM (WITH internal_secrets AS (SELECT 1) SELECT 1) s), secret FROM internal_secrets',
      ],
    ])('refuses %s: nothing is read or written', async (_label, sql) => {
      const before = await target.snapshot();
      const { observe } = await run({ name: 'database_write', config: config({ requireApproval: false }) }, { sql });
      expect(observe).toMatchObject({ status: 'error', result: { error: expect.stringMatching(/refused/) } });
      for (const secret of secrets) expect(JSON.stringify(observe!.result)).not.toContain(secret);
      expect(await target.snapshot()).toBe(before);
    });
  });
});
