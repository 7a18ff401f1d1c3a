import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

async function runToolCall(stack: TestStack, model: ModelServer, url: string) {
  const providerId = await createProvider(stack, model);
  const toolId = await createTool(stack, {
    type: 'http',
    name: 'internal',
    parameters: { type: 'object', properties: {} },
    execute: { url },
  });
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
    // Model providers are SSRF-guarded too: the guarded stack allow-lists only the model server's
    // own loopback address (127.0.0.2), so every other loopback address stays blocked.
    [guarded, allowed, model, tools] = await Promise.all([
      startStack({ env: { SSRF_ALLOWLIST: '127.0.0.2' } }),
      startStack({ env: { SSRF_ALLOWLIST: '127.0.0.1,127.0.0.2', MODEL_CALL_MAX_ATTEMPTS: '2' } }),
      startModelServer({ host: '127.0.0.2' }),
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

  describe('model providers', () => {
    async function generateWith(stack: TestStack, baseUrl: string) {
      const provider = await stack.api('POST', '/v1/ai-providers', {
        name: 'internal',
        kind: 'openai_compatible',
        baseUrl,
        apiKey: 'sk-x',
        defaultModel: 'm',
      });
      expect(provider.status).toBe(201);
      const agentId = await createAgent(stack, { aiProviderId: provider.body.id });
      const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'hello' });
      expect(res.body.status).toBe('failed');
      return res.body.error as { code: string; message: string };
    }

    it('a baseUrl on a blocked address fails the generation with a clear error, and nothing is contacted', async () => {
      const before = tools.connections;
      const port = new URL(tools.url).port;
      for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]']) {
        const error = await generateWith(guarded, `http://${host}:${port}/v1`);
        expect(error.code).toBe('model_rejected');
        expect(error.message).toMatch(/^Model provider address refused: Blocked request to .*loopback address/);
      }
      expect(tools.connections).toBe(before);
      expect(tools.requests.filter((r) => r.path.startsWith('/v1/'))).toHaveLength(0);
    });

    it('never echoes a non-JSON error body, and sanitises and caps a JSON error message', async () => {
      const secret = 'INTERNAL-SECRET-7f3a9c';
      tools.route('/html/v1/chat/completions', (_req, res) => {
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end(`<html><body><h1>Internal admin</h1><pre>token=${secret}</pre></body></html>`);
      });
      const html = await generateWith(allowed, `${tools.url}/html/v1`);
      // A 5xx is retried; when every attempt fails the generation names the last error.
      expect(html.code).toBe('model_unavailable');
      expect(html.message).toBe(
        'The model call failed on every attempt (MODEL_CALL_MAX_ATTEMPTS); the last one: ' +
          'Model provider returned 500: the error body is not a JSON error object and is not shown',
      );
      expect(tools.requests.filter((r) => r.path === '/html/v1/chat/completions')).toHaveLength(2); // MODEL_CALL_MAX_ATTEMPTS

      tools.route('/plain/v1/chat/completions', (_req, res) => {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(secret);
      });
      const plain = await generateWith(allowed, `${tools.url}/plain/v1`);
      expect(plain.code).toBe('model_rejected');
      expect(plain.message).not.toContain(secret);

      tools.route('/json/v1/chat/completions', (_req, res) =>
        json(res, 400, {
          error: { message: `<b>bad</b>\u0007 model ${'x'.repeat(5000)}`, type: 'invalid_request_error', code: 'bad' },
        }),
      );
      const jsonError = await generateWith(allowed, `${tools.url}/json/v1`);
      expect(jsonError.message).toMatch(/^Model provider returned 400: bad model x+…$/);
      expect(jsonError.message.length).toBeLessThan(600);
    });
  });
});
