import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, observeOf } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { shopTables as tables, targetDatabase } from '../support/target-database.js';

// The database_write builtin across worker kills, apart from builtins-database.test.ts so that
// neither file nears the per-file budget (test/support/slow-files.ts).
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

  /**
   * Issue 43: the kill above comes before the transaction id is recorded, so it never reaches the
   * recovery (pg_xact_status). These kill the worker after it, with the transaction committed, still
   * open on a connection the database has not seen close, or rolled back, and check what the retry
   * on a new worker does. The write adds one to a counter: run twice, it would show 2.
   */
  describe('killed after the transaction id is recorded', () => {
    let counterToolId: string;
    let agentId: string;

    beforeAll(async () => {
      await target.client.query('INSERT INTO shop.counters VALUES (1, 0), (2, 0), (3, 0)');
      counterToolId = await createTool(stack, {
        type: 'builtin',
        name: 'database_write',
        config: { databaseUrl: target.url, tables, statementTimeoutMs: 60_000 },
        timeoutSeconds: 90,
      });
      agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [counterToolId] });
    });

    const counter = async (id: number) =>
      (await target.client.query('SELECT n FROM shop.counters WHERE id = $1', [id])).rows[0].n as number;
    const xactStatus = async (xid: string) =>
      (await target.client.query('SELECT pg_xact_status($1::xid8) AS s', [xid])).rows[0].s as string;

    /** Approves a counter write on a worker that kills itself at `point`; the recorded transaction id. */
    async function approveUntilKilled(id: number, point: string) {
      const tag = `counter${id}`;
      model.scriptFor(
        tag,
        call(
          'database_write',
          { sql: 'UPDATE shop.counters SET n = n + 1 WHERE id = $1 RETURNING n', params: [id] },
          `w${id}`,
        ),
        { text: 'counted' },
      );
      const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: `count [[script:${tag}]]` });
      expect(paused.body.status).toBe('requires_action');
      const generationId = paused.body.id as string;
      await stack.stopWorker();
      await stack.startWorker({ WORKER_TEST_KILL_AFTER_ACTIVITY: point });
      const { approvalId } = paused.body.requiredAction.approvals[0];
      const decided = await stack.api('POST', `/v1/generations/${generationId}/approvals/${approvalId}`, {
        approved: true,
        waitSeconds: 0,
      });
      expect(decided.status).toBeLessThan(300);
      await stack.workerExited();
      const record = await stack.db.builtinWrite.findUniqueOrThrow({
        where: { generationId_toolCallId: { generationId, toolCallId: `w${id}` } },
      });
      return { generationId, xid: record.transactionId };
    }

    /** A worker without a kill point finishes the generation; its database_write result. */
    async function finishOnNewWorker(generationId: string, id: number) {
      await stack.startWorker();
      await stack.temporal.workflow.getHandle(generationId).result();
      const done = await stack.api('GET', `/v1/generations/${generationId}`);
      expect(done.body.status).toBe('completed');
      return observeOf(done.body, `w${id}`);
    }

    it('committed: the retry returns the recorded result, says so, and does not write again', async () => {
      const { generationId, xid } = await approveUntilKilled(1, 'databaseWriteCommitted');
      expect(await xactStatus(xid)).toBe('committed');
      expect(await counter(1)).toBe(1);
      const observe = await finishOnNewWorker(generationId, 1);
      expect(observe).toMatchObject({
        status: 'success',
        result: { rowCount: 1, rows: [{ n: 1 }], note: expect.stringMatching(/committed .* not run again/) },
      });
      expect(await counter(1)).toBe(1);
    });

    it('rolled back: the retry writes once more, and says the earlier attempt was rolled back', async () => {
      const { generationId, xid } = await approveUntilKilled(2, 'databaseWriteRecorded');
      // The connection died with the worker: PostgreSQL rolls the transaction back.
      for (let i = 0; (await xactStatus(xid)) !== 'aborted'; i++) {
        if (i > 100) throw new Error(`transaction ${xid} is ${await xactStatus(xid)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await counter(2)).toBe(0);
      const observe = await finishOnNewWorker(generationId, 2);
      expect(observe).toMatchObject({
        status: 'success',
        result: {
          rowCount: 1,
          rows: [{ n: 1 }],
          note: expect.stringMatching(/interrupted and rolled back; this attempt wrote/),
        },
      });
      expect(await counter(2)).toBe(1);
    });

    it('in progress: the retry ends the orphaned transaction, then writes once', async () => {
      // The relay keeps the database's side open when the worker dies: a half-open connection.
      target.relay.holdOpen = true;
      const { generationId, xid } = await approveUntilKilled(3, 'databaseWriteRecorded');
      target.relay.holdOpen = false;
      await new Promise((r) => setTimeout(r, 1000));
      expect(await xactStatus(xid)).toBe('in progress');
      const orphan = await target.client.query(
        `SELECT pid FROM pg_stat_activity WHERE backend_xid = $1::xid8::xid AND state = 'idle in transaction'`,
        [xid],
      );
      expect(orphan.rowCount).toBe(1);
      expect(await counter(3)).toBe(0);
      const observe = await finishOnNewWorker(generationId, 3);
      expect(observe).toMatchObject({
        status: 'success',
        result: { rowCount: 1, rows: [{ n: 1 }], note: expect.stringMatching(/left open .* stopped and rolled back/) },
      });
      expect(await xactStatus(xid)).toBe('aborted');
      const gone = await target.client.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [orphan.rows[0].pid]);
      expect(gone.rowCount).toBe(0);
      expect(await counter(3)).toBe(1);
    });
  });
});
