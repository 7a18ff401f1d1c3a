import { temporal } from '@temporalio/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, createAgent, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { expectStatus } from '../support/resources.js';
import { openSse } from '../support/sse.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/**
 * After real generations that use a provider key, a secret tool header, a secret hook header, a
 * hook signing secret and a callback secret: none of those plaintexts appears in the Temporal
 * history of any workflow, in any database row, in the services' logs or in the event stream.
 * (They do reach the parties they are meant for: the model server, the tool, the hook.)
 */
describe('secrets audit across a running stack', () => {
  let stack: TestStack;
  let model: ModelServer;
  let servers: ToolServer;
  const secret = {
    provider: 'sk-audit-provider-key-0a1b2c3d4e',
    toolHeader: 'audit-tool-header-secret-5f6a7b',
    hookHeader: 'audit-hook-header-secret-8c9d0e',
    hookSigning: 'audit-hook-signing-secret-1f2a3b4c',
  };
  let callbackSecret = '';
  const generationIds: string[] = [];

  beforeAll(async () => {
    [stack, model, servers] = await Promise.all([
      startStack({ mode: 'processes', env: { LOG_LEVEL: 'debug' } }),
      startModelServer(),
      startToolServer(),
    ]);
    servers.route('/tool', (req, res) => json(res, 200, { ok: true, echo: req.body }));
    servers.route('/hook', (_req, res) => json(res, 200, { decision: 'allow' }));
    servers.route('/callback', (_req, res) => json(res, 200, {}));

    const provider = await stack.api('POST', '/v1/ai-providers', {
      name: 'audited',
      kind: 'openai_compatible',
      baseUrl: model.url,
      apiKey: secret.provider,
      defaultModel: 'scripted-model',
    });
    expectStatus(provider, 201);
    const toolId = await createTool(stack, {
      type: 'http',
      name: 'lookup',
      parameters: obj({ q: { type: 'string' } }),
      execute: { url: `${servers.url}/tool`, headers: { 'X-Tool-Key': { value: secret.toolHeader, secret: true } } },
    });
    const agentId = await createAgent(stack, { aiProviderId: provider.body.id, toolIds: [toolId] });
    for (const event of ['PreToolUse', 'PostToolUse', 'OnRunComplete']) {
      expectStatus(
        await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
          event,
          type: 'http',
          config: {
            url: `${servers.url}/hook`,
            headers: { 'X-Hook-Key': { value: secret.hookHeader, secret: true } },
            secret: secret.hookSigning,
          },
        }),
        201,
      );
    }
    model.script(calls(['lookup', { q: 'a' }, 'l1']), { text: 'Found it.' });
    const first = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'look up a',
      callbackUrl: `${servers.url}/callback`,
    });
    expect(first.body.status, JSON.stringify(first.body)).toBe('completed');
    callbackSecret = first.body.callbackSecret;
    expect(callbackSecret).toBeTruthy();
    generationIds.push(first.body.id);

    model.script(calls(['lookup', { q: 'b' }, 'l2']), { text: 'Streamed.' });
    const streamed = await openSse(
      `${stack.url}/v1/agents/${agentId}/generate`,
      { authorization: `Bearer ${stack.apiKey}` },
      { method: 'POST', body: { prompt: 'look up b', stream: true } },
    );
    await streamed.ended;
    generationIds.push(streamed.events[0]!.data.generationId);

    // The secrets reached exactly the parties they are for.
    expect(model.requests.some((r) => String(r.headers.authorization).includes(secret.provider))).toBe(true);
    expect(servers.requests.some((r) => r.headers['x-tool-key'] === secret.toolHeader)).toBe(true);
    expect(servers.requests.some((r) => r.headers['x-hook-key'] === secret.hookHeader)).toBe(true);
    // The callback delivery is a workflow of its own: wait until it is recorded.
    for (let i = 0; i < 200 && !servers.requests.some((r) => r.path === '/callback'); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(servers.requests.some((r) => r.path === '/callback')).toBe(true);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await servers?.close();
  });

  const plaintexts = () => [...Object.values(secret), callbackSecret];
  const leaks = (text: string) => plaintexts().filter((s) => text.includes(s));

  it('no Temporal workflow history (generations and webhook deliveries) contains a secret', async () => {
    const ids: string[] = [];
    for await (const w of stack.temporal.workflow.list({ query: `TaskQueue = '${stack.taskQueue}'` })) {
      ids.push(w.workflowId);
    }
    expect(ids).toEqual(expect.arrayContaining(generationIds));
    expect(ids.length).toBeGreaterThan(generationIds.length); // webhook delivery workflows too
    for (const id of ids) {
      const history = await stack.temporal.workflow.getHandle(id).fetchHistory();
      // Payloads are raw bytes inside the encoded history: search those bytes.
      const bytes = Buffer.from(temporal.api.history.v1.History.encode(history).finish()).toString('latin1');
      expect(leaks(bytes), id).toEqual([]);
    }
  });

  it('no database row holds a secret in clear (every column of every table, as text)', async () => {
    const tables = await stack.db.$queryRawUnsafe<Array<{ table_name: string }>>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    let rows = 0;
    for (const { table_name } of tables) {
      const all = await stack.db.$queryRawUnsafe<Array<{ row: string }>>(
        `SELECT t::text AS row FROM "${table_name}" t`,
      );
      rows += all.length;
      for (const { row } of all) expect(leaks(row), table_name).toEqual([]);
    }
    expect(rows).toBeGreaterThan(20);
  });

  it('neither the logs of the API and the worker nor the event streams contain a secret', async () => {
    const logs = stack.apiProcess!.output() + stack.workerProcess!.output();
    expect(logs.length).toBeGreaterThan(0);
    expect(leaks(logs)).toEqual([]);
    for (const id of generationIds) {
      const sse = await openSse(`${stack.url}/v1/generations/${id}/events`, {
        authorization: `Bearer ${stack.apiKey}`,
      });
      await sse.ended;
      expect(sse.events.some((e) => e.event === 'done')).toBe(true);
      expect(leaks(JSON.stringify(sse.events))).toEqual([]);
      const view = await stack.api('GET', `/v1/generations/${id}`);
      expect(leaks(JSON.stringify(view.body))).toEqual([]);
    }
  });
});
