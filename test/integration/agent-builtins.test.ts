import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { expectError } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/** Builtins given to an agent by name (`builtins`), without a tool resource each. */
describe('an agent given builtins by name', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    providerId = await createProvider(stack, model);
    tools.route('/ping', (_req, res) => json(res, 200, { pong: true }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());
  const offered = (i: number) => (model.requests[i]!.tools ?? []).map((t: any) => t.function.name as string);

  it('a listed builtin is offered with its own schema and runs; no tool resource exists for it', async () => {
    const toolsBefore = await stack.db.agentTool.count();
    const agentId = await createAgent(stack, { aiProviderId: providerId, builtins: ['http_request'] });
    expect(await stack.db.agentTool.count()).toBe(toolsBefore);
    expect((await stack.api('GET', `/v1/agents/${agentId}`)).body.builtins).toEqual(['http_request']);
    model.script(call('http_request', { url: `${tools.url}/ping` }), { text: 'pinged' });
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'ping it' });
    expect(res.body).toMatchObject({ status: 'completed', text: 'pinged' });
    expect(offered(0)).toEqual(['http_request']);
    expect(String(model.requests[1]!.messages.at(-1)!.content)).toContain('pong');
    expect(tools.requests.some((r) => r.path === '/ping')).toBe(true);
  });

  it('"all" offers every builtin; an approval-by-default one waits for a human; null takes them away', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId, builtins: 'all' });
    model.script(call('database_write', { sql: 'DELETE FROM t' }));
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'clean up', async: false });
    expect(offered(0)).toEqual(expect.arrayContaining(['http_request', 'web_search', 'memory_save', 'database_write']));
    expect(res.body.status).toBe('requires_action');
    expect(res.body.requiredAction.type).toBe('approve_tool_calls');
    await stack.api('POST', `/v1/generations/${res.body.id}/cancel`);

    const cleared = await stack.api('PATCH', `/v1/agents/${agentId}`, { builtins: null });
    expect(cleared.body.builtins).toBeNull();
    model.script({ text: 'nothing to call' });
    await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'hello' });
    expect(offered(model.requests.length - 1)).toEqual([]);
  });

  it('an unknown builtin name is refused and nothing is written', async () => {
    const before = await stack.db.agent.count();
    const bad = await stack.api('POST', '/v1/agents', {
      name: 'bad',
      aiProviderId: providerId,
      builtins: ['http_request', 'teleport'],
    });
    expectError(bad, 400);
    expect(await stack.db.agent.count()).toBe(before);
  });
});
