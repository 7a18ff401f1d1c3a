import type { Server } from 'node:http';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import type { AppContext } from '../../api/context.js';
import { startQueuedGenerations } from '../../api/generations/hand-off.js';
import { createLogger } from '../../infra/logger.js';
import { freePort } from '../../infra/temporal/dev-server.js';
import { createAgent, createProvider } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';

/**
 * The hand-off from the stored generation to Temporal when Temporal cannot be reached: the row is
 * kept (never marked failed on an unknown outcome) and the reconciler starts it later.
 */
describe('generation start when Temporal is unreachable', () => {
  let stack: TestStack;
  let model: ModelServer;
  let ctx: AppContext;
  let unreachable: Client;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack(), startModelServer()]);
    const logger = createLogger('silent', 'handoff-test');
    ctx = {
      env: stack.env,
      db: stack.db,
      temporal: stack.temporal,
      feed: stack.runtime.feed,
      secrets: stack.runtime.secrets,
      logger,
    };
    // A real client whose server is gone: nothing listens on this port.
    const deadPort = await freePort();
    unreachable = new Client({
      connection: Connection.lazy({ address: `127.0.0.1:${deadPort}`, connectTimeout: '500ms', interceptors: [] }),
    });
    const port = await freePort();
    server = await new Promise<Server>((done) => {
      const s = createApp({ ...ctx, temporal: unreachable }).listen(port, '127.0.0.1', () => done(s));
    });
    url = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server?.close();
    server?.closeAllConnections();
    await unreachable?.connection.close().catch(() => {});
    await stack?.close();
    await model?.close();
  });

  it('answers 503 naming the stored generation, keeps it queued, and the reconciler starts it later', async () => {
    const agentId = await createAgent(stack, { aiProviderId: await createProvider(stack, model) });
    const res = await fetch(`${url}/v1/agents/${agentId}/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'hello later', async: true }),
    });
    expect(res.status).toBe(503);
    const body = (await res.json()) as { error: { code: string; details: { generationId: string } } };
    expect(body.error.code).toBe('unavailable');
    const { generationId } = body.error.details;
    const stored = await stack.api('GET', `/v1/generations/${generationId}`);
    expect(stored.body).toMatchObject({ status: 'queued', error: null });

    model.script({ text: 'started by the reconciler' });
    expect(await startQueuedGenerations(ctx, 0)).toBe(1);
    const deadline = Date.now() + 30_000;
    let g = stored;
    while (g.body.status !== 'completed' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      g = await stack.api('GET', `/v1/generations/${generationId}`);
    }
    expect(g.body).toMatchObject({ status: 'completed', text: 'started by the reconciler' });
    expect(await startQueuedGenerations(ctx, 0)).toBe(0);
  });
});
