import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool } from '../support/fixtures.js';
import { createTestDatabase } from '../support/database.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';

type Step = { type: string; toolCallId?: string; status?: string; result?: any };
const observeOf = (body: { steps: Step[] }, id: string) =>
  body.steps.find((s) => s.type === 'observe' && s.toolCallId === id)!;

/**
 * A target database for the database tools: tables the agent may use (one of them limited to some
 * columns), and tables and columns it may not read.
 */
async function targetDatabase() {
  const db = await createTestDatabase();
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await client.query(`
    CREATE SCHEMA shop;
    CREATE TABLE shop.orders (id int PRIMARY KEY, status text NOT NULL);
    CREATE TABLE shop.customers (id int PRIMARY KEY, name text, password text);
    CREATE TABLE shop.counters (id int PRIMARY KEY, n int NOT NULL);
    CREATE SCHEMA secret;
    CREATE TABLE secret.keys (k text);
    CREATE TABLE public.internal_secrets (secret text);
    INSERT INTO shop.orders VALUES (1, 'open'), (2, 'shipped');
    INSERT INTO shop.customers VALUES (1, 'Ada', 'hunter2');
    INSERT INTO secret.keys VALUES ('top-secret');
    INSERT INTO public.internal_secrets VALUES ('internal-secret-value');
  `);
  const snapshot = async () =>
    JSON.stringify(
      (
        await client.query(
          `SELECT (SELECT json_agg(o ORDER BY id) FROM shop.orders o) AS o,
                  (SELECT json_agg(c ORDER BY id) FROM shop.customers c) AS c,
                  (SELECT json_agg(k) FROM secret.keys k) AS k,
                  (SELECT count(*) FROM information_schema.tables WHERE table_schema IN ('shop','secret','public')) AS t`,
        )
      ).rows[0],
    );
  return {
    url: db.url,
    client,
    snapshot,
    async close() {
      await client.end();
      await db.drop();
    },
  };
}

const tables = [
  { schema: 'shop', table: 'orders' },
  { schema: 'shop', table: 'customers', columns: ['id', 'name'] },
  { schema: 'shop', table: 'counters' },
];

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

  async function run(builtin: Record<string, unknown>, args: unknown, agent: Record<string, unknown> = {}) {
    const toolId = await createTool(stack, { type: 'builtin', ...builtin });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId], ...agent });
    model.script(call(builtin.name as string, args, 'c1'), { text: 'done' });
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'go' });
    return { res, agentId, observe: res.body.steps ? observeOf(res.body, 'c1') : undefined };
  }

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
  });
});

describe('database_write across a worker kill (api and worker as processes)', () => {
  let stack: TestStack;
  let model: ModelServer;
  let target: Awaited<ReturnType<typeof targetDatabase>>;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, target] = await Promise.all([
      startStack({ mode: 'processes' }),
      startModelServer(),
      targetDatabase(),
    ]);
    providerId = await createProvider(stack, model);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await target?.close();
  });

  it('an approved write in flight when the worker is SIGKILLed lands exactly once', async () => {
    const toolId = await createTool(stack, {
      type: 'builtin',
      name: 'database_write',
      config: { databaseUrl: target.url, tables, statementTimeoutMs: 60_000 },
      timeoutSeconds: 90,
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    model.script(
      call(
        'database_write',
        { sql: 'INSERT INTO shop.orders (id, status) VALUES ($1, $2)', params: [77, 'once'] },
        'w77',
      ),
      { text: 'written' },
    );
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'write order 77' });
    expect(paused.body.status).toBe('requires_action');
    const { approvalId } = paused.body.requiredAction.approvals[0];

    // Hold the table so the approved INSERT blocks inside its transaction, then kill the worker.
    const locker = new pg.Client({ connectionString: target.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE shop.orders IN EXCLUSIVE MODE');
    const decided = stack.api('POST', `/v1/generations/${paused.body.id}/approvals/${approvalId}`, {
      approved: true,
      waitSeconds: 0,
    });
    for (let i = 0; ; i++) {
      const blocked = await target.client.query(
        `SELECT 1 FROM pg_stat_activity WHERE application_name = 'durable-agents-builtin' AND wait_event_type = 'Lock'`,
      );
      if (blocked.rowCount) break;
      if (i > 600) throw new Error('the write never reached the database');
      await new Promise((r) => setTimeout(r, 100));
    }
    await stack.stopWorker(); // SIGKILL while the INSERT waits for the lock (uncommitted)
    await locker.query('ROLLBACK');
    await locker.end();
    await decided;
    await stack.startWorker();

    await stack.temporal.workflow.getHandle(paused.body.id).result();
    const done = await stack.api('GET', `/v1/generations/${paused.body.id}`);
    expect(done.body.status).toBe('completed');
    expect(observeOf(done.body, 'w77')).toMatchObject({ status: 'success', result: { rowCount: 1 } });
    expect((await target.client.query('SELECT status FROM shop.orders WHERE id = 77')).rows).toEqual([
      { status: 'once' },
    ]);
  });
});
