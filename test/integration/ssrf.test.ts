import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

async function runToolCall(stack: TestStack, model: ModelServer, url: string) {
  const providerId = await createProvider(stack, model);
  const toolId = await createTool(stack, { type: 'http', name: 'internal', parameters: { type: 'object', properties: {} }, execute: { url } });
  const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
  model.script({ text: '', toolCalls: [{ id: 'c_ssrf', name: 'internal', arguments: {} }] }, { text: 'finished' });
  const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'call the internal tool' });
  expect(res.body.status).toBe('completed');
  return res.body.steps.find((s: { type: string }) => s.type === 'observe');
}

describe('SSRF guard on http tools', () => {
  let guarded: TestStack;
  let allowed: TestStack;
  let model: ModelServer;
  let tools: ToolServer;

  beforeAll(async () => {
    // The model provider is local too; providers are not tools and are not SSRF-guarded.
    [guarded, allowed, model, tools] = await Promise.all([
      startStack({ env: { SSRF_ALLOWLIST: '' } }),
      startStack({ env: { SSRF_ALLOWLIST: '127.0.0.1' } }),
      startModelServer(),
      startToolServer(),
    ]);
    tools.route('/secret', (_req, res) => json(res, 200, { secret: 'internal data' }));
  });
  afterAll(async () => {
    await guarded?.close();
    await allowed?.close();
    await model?.close();
    await tools?.close();
  });

  it('refuses a loopback tool URL without the allow-list: clear error result, zero connections', async () => {
    const before = tools.connections;
    for (const host of ['127.0.0.1', 'localhost', '127.1', '[::ffff:127.0.0.1]']) {
      model.reset();
      const port = new URL(tools.url).port;
      const observe = await runToolCall(guarded, model, `http://${host}:${port}/secret`);
      expect(observe.status).toBe('error');
      expect(observe.result.error).toMatch(/Blocked request .*loopback/);
      expect(JSON.stringify(model.requests[1]!.messages.at(-1))).toMatch(/Blocked request/);
    }
    expect(tools.connections).toBe(before);
    expect(tools.requests.filter((r) => r.path === '/secret')).toHaveLength(0);
  });

  it('reaches the same URL when 127.0.0.1 is allow-listed', async () => {
    model.reset();
    const observe = await runToolCall(allowed, model, `${tools.url}/secret`);
    expect(observe).toMatchObject({ status: 'success', result: { secret: 'internal data' } });
    expect(tools.requests.filter((r) => r.path === '/secret')).toHaveLength(1);
  });
});
