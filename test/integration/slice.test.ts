import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

describe('vertical slice: provider → agent → sync generate on a real workflow', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());

  it('serves /healthz and /readyz with database and Temporal checked', async () => {
    const health = await stack.api('GET', '/healthz');
    expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
    const ready = await stack.api('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ database: 'ok', temporal: 'ok' });
  });

  it('completes a text-only generation through the openai client', async () => {
    const providerId = await createProvider(stack, model);
    const agentId = await createAgent(stack, { aiProviderId: providerId, instructions: 'You are terse.' });
    model.script({ text: 'Hello from the model.', usage: { promptTokens: 12, completionTokens: 5 } });

    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'Say hello' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: 'generation',
      status: 'completed',
      stopReason: 'final_answer',
      text: 'Hello from the model.',
      usage: { promptTokens: 12, completionTokens: 5, totalTokens: 17 },
      iterationCount: 1,
    });
    expect(res.body.id).toMatch(/^agt_gen_/);
    expect(res.body.traceId).toMatch(/^agt_trace_/);
    // The model got the system prompt and the user prompt, and the provider's key.
    const req = model.requests[0]!;
    expect(req.messages).toEqual([
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Say hello' },
    ]);
    expect(req.headers.authorization).toBe('Bearer sk-scripted-secret-value');
    // The workflow exists in Temporal under the generation id and completed.
    const handle = stack.temporal.workflow.getHandle(res.body.id);
    await handle.result();
    const description = await handle.describe();
    expect(description.status.name).toBe('COMPLETED');
  });

  it('runs an http tool step and feeds its result back to the model', async () => {
    tools.route('/weather', (req, res) => json(res, 200, { city: req.body.city, celsius: 21 }));
    const providerId = await createProvider(stack, model);
    const toolId = await createTool(stack, {
      type: 'http',
      name: 'get_weather',
      description: 'Weather by city',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      execute: { url: `${tools.url}/weather` },
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    model.script(
      { text: '', toolCalls: [{ id: 'call_w1', name: 'get_weather', arguments: { city: 'Paris' } }] },
      { text: 'It is 21°C in Paris.' },
    );

    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'Weather in Paris?' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'completed',
      text: 'It is 21°C in Paris.',
      toolsUsed: ['get_weather'],
      iterationCount: 2,
    });
    expect(res.body.steps.map((s: { type: string }) => s.type)).toEqual(['act', 'observe', 'answer']);
    expect(res.body.steps[1]).toMatchObject({
      status: 'success',
      result: { city: 'Paris', celsius: 21 },
      toolCallId: 'call_w1',
    });

    const toolReq = tools.requests.find((r) => r.path === '/weather')!;
    expect(toolReq.body).toEqual({ city: 'Paris' });
    expect(toolReq.headers['idempotency-key']).toBe(`${res.body.id}:call_w1`);
    // The second model call saw the tool definition's result as a tool message.
    const second = model.requests[1]!;
    expect(model.requests[0]!.tools?.[0]?.function?.name).toBe('get_weather');
    expect(second.messages.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'call_w1',
      content: JSON.stringify({ city: 'Paris', celsius: 21 }),
    });
  });

  it('rejects requests without a valid key with 401 in the error shape', async () => {
    const res = await fetch(`${stack.url}/v1/agents`, {
      headers: { authorization: 'Bearer nope-nope-nope-nope-nope-nope' },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });
});
