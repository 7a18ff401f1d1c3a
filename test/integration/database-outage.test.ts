import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createProvider } from '../support/fixtures.js';
import { adminDatabaseUrl } from '../support/env.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * PostgreSQL dropping every connection mid-generation (what a restart or failover does to clients):
 * the worker and the API stay up, and the generation completes once the database answers again.
 */
describe('database connections killed mid-generation', () => {
  let stack: TestStack;
  let model: ModelServer;
  let admin: pg.Client;

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack({ mode: 'processes' }), startModelServer({ chunkDelayMs: 15 })]);
    admin = new pg.Client({ connectionString: adminDatabaseUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await stack?.close();
    await model?.close();
  });

  /** pg_terminate_backend on every connection to the test database, repeatedly, for `ms`. */
  async function killBackendsFor(ms: number): Promise<number> {
    const name = new URL(stack.env.DATABASE_URL!).pathname.slice(1);
    let killed = 0;
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const res = await admin.query(
        'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      killed += res.rows.filter((r: { ok: boolean }) => r.ok).length;
      await sleep(40);
    }
    return killed;
  }

  it('the worker stays up while its chunk writes fail, and the generation completes', async () => {
    const providerId = await createProvider(stack, model);
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    const words = Array.from({ length: 240 }, (_, i) => `word${i}`).join(' ');
    model.setDefault({ text: words });

    const started = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'talk', async: true });
    expect(started.status).toBe(202);
    while (model.requests.length === 0) await sleep(20);
    await sleep(300); // some chunks are being written
    const killed = await killBackendsFor(1500);
    expect(killed).toBeGreaterThan(0);

    let generation: { status: string; text: string | null } | null = null;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const res = await stack.api('GET', `/v1/generations/${started.body.id}`).catch(() => null);
      if (res?.status === 200 && ['completed', 'failed'].includes(res.body.status)) {
        generation = res.body;
        break;
      }
      await sleep(200);
    }
    expect(stack.workerProcess!.child.exitCode, stack.workerProcess!.output()).toBeNull();
    expect(stack.apiProcess!.child.exitCode, stack.apiProcess!.output()).toBeNull();
    expect(generation).toMatchObject({ status: 'completed', text: words });
    expect(stack.workerProcess!.output()).not.toMatch(/unhandled|UnhandledPromiseRejection/i);
  }, 180_000);
});
