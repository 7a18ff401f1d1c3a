import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAgent, createProvider } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { rowCounts } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

const weatherTool = {
  name: 'get_weather',
  description: 'Current weather of a city',
  arguments: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

describe('POST /v1/agent-step and modelParameters', () => {
  let stack: TestStack;
  let model: ModelServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack(), startModelServer()]);
    providerId = await createProvider(stack, model);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  const step = (body: unknown) => stack.api('POST', '/v1/agent-step', body);

  it('round trip with a client-side tool: a tool request, then the answer using its output; nothing stored', async () => {
    const before = await rowCounts(stack);
    model.script(
      { text: '', toolCalls: [{ id: 'call_w', name: 'get_weather', arguments: { city: 'Lima' } }] },
      { text: 'It is sunny in Lima.', usage: { promptTokens: 30, completionTokens: 6 } },
    );
    const first = await step({
      aiProviderId: providerId,
      instructions: 'Use tools when needed.',
      messages: [{ role: 'user', content: 'Weather in Lima?' }],
      tools: [weatherTool],
      modelParameters: { temperature: 0.1, maxTokens: 200, stopSequences: ['END'] },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      object: 'agent_step',
      content: null,
      toolRequest: { id: 'call_w', name: 'get_weather', arguments: { city: 'Lima' } },
    });
    const sent = model.requests[0]!;
    expect(sent.body).toMatchObject({ temperature: 0.1, max_tokens: 200, stop: ['END'], model: 'scripted-model' });
    expect(sent.messages[0]).toEqual({ role: 'system', content: 'Use tools when needed.' });
    expect(sent.tools![0].function).toMatchObject({ name: 'get_weather', parameters: weatherTool.arguments });

    const second = await step({
      aiProviderId: providerId,
      messages: [
        { role: 'user', content: 'Weather in Lima?' },
        { role: 'agent', toolRequest: first.body.toolRequest },
        { role: 'tool', toolRequestId: 'call_w', content: '{"sky":"sunny"}' },
      ],
      tools: [weatherTool],
    });
    expect(second.body).toMatchObject({
      content: 'It is sunny in Lima.',
      toolRequest: null,
      usage: { promptTokens: 30, completionTokens: 6, totalTokens: 36 },
    });
    const resent = model.requests[1]!.messages;
    expect(resent[1].tool_calls[0]).toMatchObject({ id: 'call_w', function: { name: 'get_weather' } });
    expect(resent[2]).toEqual({ role: 'tool', tool_call_id: 'call_w', content: '{"sky":"sunny"}' });
    expect(await rowCounts(stack)).toEqual(before);
  });

  it('last_k sends only the last k messages (system kept, no orphaned tool result)', async () => {
    model.setDefault({ text: 'ok' });
    const res = await step({
      aiProviderId: providerId,
      messages: [
        { role: 'system', content: 'rules' },
        { role: 'user', content: 'one' },
        { role: 'agent', toolRequest: { id: 't1', name: 'get_weather', arguments: { city: 'A' } } },
        { role: 'tool', toolRequestId: 't1', content: 'sunny' },
        { role: 'agent', content: 'It is sunny.' },
        { role: 'user', content: 'two' },
      ],
      tools: [weatherTool],
      memoryStrategy: { name: 'last_k', k: 3 },
    });
    expect(res.status).toBe(200);
    expect(model.requests[0]!.messages).toEqual([
      { role: 'system', content: 'rules' },
      { role: 'assistant', content: 'It is sunny.' },
      { role: 'user', content: 'two' },
    ]);
  });

  it('bad bodies are 400, duplicate tool names and an unknown provider 422, a provider error 502 — none reach the model twice', async () => {
    const bad = [
      {},
      { aiProviderId: providerId, messages: [] },
      { aiProviderId: providerId, messages: [{ role: 'assistant', content: 'x' }] },
      {
        aiProviderId: providerId,
        messages: [{ role: 'user', content: 'x' }],
        tools: [{ name: 'bad name', arguments: {} }],
      },
      { aiProviderId: providerId, messages: [{ role: 'user', content: 'x' }], memoryStrategy: { name: 'all' } },
      { aiProviderId: providerId, messages: [{ role: 'user', content: 'x' }], modelParameters: { temperature: 5 } },
      { aiProviderId: providerId, messages: [{ role: 'user', content: 'x' }], extra: true },
    ];
    for (const body of bad) {
      const res = await step(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    }
    // Unique tool names: a rule the OpenAPI document cannot state, so a 422.
    const duplicate = await step({
      aiProviderId: providerId,
      messages: [{ role: 'user', content: 'x' }],
      tools: [weatherTool, weatherTool],
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.error).toMatchObject({ code: 'unprocessable', details: [{ path: 'body.tools.1.name' }] });
    const unknown = await step({ aiProviderId: 'aip_doesnotexist000', messages: [{ role: 'user', content: 'x' }] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details).toMatchObject({ path: 'body.aiProviderId' });
    expect(model.requests).toHaveLength(0);

    model.script({ fault: 'status', status: 400 });
    const rejected = await step({ aiProviderId: providerId, messages: [{ role: 'user', content: 'x' }] });
    expect(rejected.status).toBe(502);
    expect(rejected.body.error.code).toBe('provider_error');
  });

  it('modelParameters on the agent reach every model call, and generate overrides them field by field', async () => {
    model.setDefault({ text: 'fine' });
    const agentId = await createAgent(stack, {
      aiProviderId: providerId,
      temperature: 0.9,
      modelParameters: { maxTokens: 64, stopSequences: ['STOP'] },
    });
    const view = await stack.api('GET', `/v1/agents/${agentId}`);
    expect(view.body.modelParameters).toEqual({ maxTokens: 64, stopSequences: ['STOP'] });
    await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'a' });
    expect(model.requests[0]!.body).toMatchObject({ temperature: 0.9, max_tokens: 64, stop: ['STOP'] });
    await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'b',
      modelParameters: { temperature: 0.2, maxTokens: 10 },
    });
    expect(model.requests[1]!.body).toMatchObject({ temperature: 0.2, max_tokens: 10, stop: ['STOP'] });
    const patched = await stack.api('PATCH', `/v1/agents/${agentId}`, { modelParameters: null });
    expect(patched.body.modelParameters).toBeNull();
    await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'c' });
    expect(model.requests[2]!.body.max_tokens).toBeUndefined();
    expect(model.requests[2]!.body.stop).toBeUndefined();
    const badParams = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'd',
      modelParameters: { stopSequences: ['a', 'b', 'c', 'd', 'e'] },
    });
    expect(badParams.status).toBe(400);
  });
});
