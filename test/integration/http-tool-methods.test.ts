import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { expectError } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/** http tools of every method: placeholders in path and query, the rest as query or body. */
describe('http tools of every shape', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    providerId = await createProvider(stack, model);
    for (const path of ['/orders/A-1', '/orders/A-2', '/items/7'])
      tools.route(path, (req, res) => json(res, 200, { method: req.method, query: req.query, body: req.body }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());

  const runWith = async (tool: Record<string, unknown>, args: Record<string, unknown>) => {
    const toolId = await createTool(stack, { type: 'http', name: 'api', ...tool });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    model.script(call('api', args), { text: 'done' });
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'go' });
    expect(res.body.status).toBe('completed');
    return tools.requests.at(-1)!;
  };

  it('GET fills the path and query placeholders and sends the other arguments as query parameters', async () => {
    const seen = await runWith(
      {
        parameters: obj({ orderId: { type: 'string' }, status: { type: 'string' }, limit: { type: 'integer' } }),
        execute: { url: `${tools.url}/orders/{orderId}?status={status}`, method: 'GET' },
        readOnly: true,
      },
      { orderId: 'A-1', status: 'open', limit: 3 },
    );
    expect(seen).toMatchObject({
      method: 'GET',
      path: '/orders/A-1',
      query: { status: 'open', limit: '3' },
      body: null,
    });
  });

  it('PUT sends JSON, PATCH a form, DELETE a query; each carries the Idempotency-Key', async () => {
    const params = obj({ id: { type: 'integer' }, name: { type: 'string' } });
    const put = await runWith(
      { parameters: params, execute: { url: `${tools.url}/items/{id}`, method: 'PUT' } },
      { id: 7, name: 'lamp' },
    );
    expect(put).toMatchObject({ method: 'PUT', path: '/items/7', body: { name: 'lamp' } });
    expect(put.headers['content-type']).toBe('application/json');
    expect(put.headers['idempotency-key']).toBeTruthy();
    const patch = await runWith(
      { parameters: params, execute: { url: `${tools.url}/items/{id}`, method: 'PATCH', bodyEncoding: 'form' } },
      { id: 7, name: 'desk lamp' },
    );
    expect(patch).toMatchObject({ method: 'PATCH', body: 'name=desk+lamp' });
    expect(patch.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const del = await runWith(
      {
        parameters: obj({ orderId: { type: 'string' }, reason: { type: 'string' } }),
        execute: { url: `${tools.url}/orders/{orderId}`, method: 'DELETE' },
      },
      { orderId: 'A-2', reason: 'dup' },
    );
    expect(del).toMatchObject({ method: 'DELETE', path: '/orders/A-2', query: { reason: 'dup' } });
  });

  it('shows method and encoding back; refuses placeholders that name no parameter and a body on GET', async () => {
    const ok = await stack.api('POST', '/v1/tools', {
      type: 'http',
      name: 'shown',
      parameters: obj({ id: { type: 'string' } }),
      execute: { url: `${tools.url}/items/{id}`, method: 'PATCH', bodyEncoding: 'form' },
    });
    expect(ok.body.execute).toMatchObject({ method: 'PATCH', bodyEncoding: 'form' });
    const legacy = await stack.api('POST', '/v1/tools', {
      type: 'http',
      name: 'legacy',
      parameters: obj({}),
      execute: { url: `${tools.url}/x` },
    });
    expect(legacy.status, JSON.stringify(legacy.body)).toBe(201);
    expect(legacy.body.execute.method).toBe('POST');
    const before = await stack.db.agentTool.count();
    const unknown = await stack.api('POST', '/v1/tools', {
      type: 'http',
      name: 'bad',
      parameters: obj({ id: { type: 'string' } }),
      execute: { url: `${tools.url}/items/{itemId}` },
    });
    expectError(unknown, 422);
    const bodyOnGet = await stack.api('POST', '/v1/tools', {
      type: 'http',
      name: 'bad2',
      parameters: obj({}),
      execute: { url: `${tools.url}/x`, method: 'GET', bodyEncoding: 'json' },
    });
    expectError(bodyOnGet, 422);
    // The model's arguments never choose the host: placeholders in the authority are refused.
    const hostFromModel = await stack.api('POST', '/v1/tools', {
      type: 'http',
      name: 'bad3',
      parameters: obj({ host: { type: 'string' } }),
      execute: { url: 'https://{host}/x' },
    });
    expectError(hostFromModel, 422);
    expect(await stack.db.agentTool.count()).toBe(before);
  });
});
