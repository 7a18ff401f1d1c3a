import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAgent } from '../support/fixtures.js';
import { startModelServer, type ModelServer, type ScriptedReply } from '../support/model-server.js';
import { expectError, expectStatus } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

/*
 * Provider kinds beyond OpenAI, end to end: the scripted model server answers in Anthropic's and
 * Gemini's error shapes (baseUrl points each provider at it, overriding the kind's preset), and the
 * run compacts, retries or fails as each shape means.
 */

const fault = (status: number, body: unknown): ScriptedReply => ({ fault: 'status', status, body });
const anthropicError = (status: number, type: string, message: string) =>
  fault(status, { type: 'error', error: { type, message } });
/** Gemini's OpenAI endpoint, answering with its array-wrapped error body. */
const geminiError = (code: number, status: string, message: string, details?: unknown[]) =>
  fault(code, [{ error: { code, message, status, ...(details ? { details } : {}) } }]);

describe('provider kinds', () => {
  let stack: TestStack;
  let model: ModelServer;
  const providers: Record<'anthropic' | 'gemini', string> = { anthropic: '', gemini: '' };

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack(), startModelServer()]);
    for (const kind of ['anthropic', 'gemini'] as const) {
      const res = await stack.api('POST', '/v1/ai-providers', {
        name: kind,
        kind,
        baseUrl: model.url,
        apiKey: `${kind}-secret-key`,
        defaultModel: `${kind}-model`,
      });
      expectStatus(res, 201);
      providers[kind] = res.body.id;
    }
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  const generate = async (kind: 'anthropic' | 'gemini', prompt: string) => {
    const agentId = await createAgent(stack, { aiProviderId: providers[kind] });
    return stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt });
  };

  it.each(['anthropic', 'gemini'] as const)('a generation on an %s provider completes', async (kind) => {
    model.script({ text: `hello from ${kind}` });
    const res = await generate(kind, 'hi');
    expect(res.body).toMatchObject({ status: 'completed', text: `hello from ${kind}` });
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]!.model).toBe(`${kind}-model`);
    expect(model.requests[0]!.headers.authorization).toBe(`Bearer ${kind}-secret-key`);
  });

  const overflows: Array<[string, 'anthropic' | 'gemini', ScriptedReply]> = [
    [
      "Anthropic's prompt is too long",
      'anthropic',
      anthropicError(400, 'invalid_request_error', 'prompt is too long: 215013 tokens > 200000 maximum'),
    ],
    [
      "Gemini's input token count (array-wrapped)",
      'gemini',
      geminiError(
        400,
        'INVALID_ARGUMENT',
        'The input token count (1250000) exceeds the maximum number of tokens allowed (1048576).',
      ),
    ],
  ];

  it.each(overflows)('%s triggers compaction, then the generation succeeds', async (_name, kind, overflow) => {
    model.script(overflow, { text: 'recovered' });
    const res = await generate(kind, 'a long conversation');
    expect(res.body).toMatchObject({ status: 'completed', text: 'recovered' });
    expect(res.body.steps.some((s: { type: string }) => s.type === 'compaction')).toBe(true);
    expect(model.requests).toHaveLength(2);
  });

  it.each(overflows)('%s on every call ends in context_overflow after the bounded compactions', async (_n, kind, o) => {
    model.setDefault(o);
    const res = await generate(kind, 'far too long');
    expect(res.body).toMatchObject({ status: 'failed', error: { code: 'context_overflow' } });
    expect(model.requests).toHaveLength(4);
  });

  it.each([
    ['Anthropic 529 overloaded_error', 'anthropic', anthropicError(529, 'overloaded_error', 'Overloaded')],
    [
      'Gemini 429 RESOURCE_EXHAUSTED (array-wrapped)',
      'gemini',
      geminiError(
        429,
        'RESOURCE_EXHAUSTED',
        'You exceeded your current quota, please check your plan and billing details.',
      ),
    ],
  ] as const)('%s is retried and the generation completes', async (_name, kind, limited) => {
    model.script(limited, { text: 'after the limit' });
    const res = await generate(kind, 'hi');
    expect(res.body).toMatchObject({ status: 'completed', text: 'after the limit' });
    expect(model.requests).toHaveLength(2);
  });

  it('a rate limit on every attempt fails the generation as model_unavailable, naming the limit', async () => {
    model.setDefault(anthropicError(529, 'overloaded_error', 'Overloaded'));
    const res = await generate('anthropic', 'hi');
    expect(res.body).toMatchObject({ status: 'failed', error: { code: 'model_unavailable' } });
    expect(res.body.error.message).toContain('Model provider is rate limiting or overloaded (529): Overloaded');
    expect(model.requests).toHaveLength(3); // MODEL_CALL_MAX_ATTEMPTS
  });

  it.each([
    [
      'Anthropic authentication_error',
      'anthropic',
      anthropicError(401, 'authentication_error', 'invalid x-api-key'),
      "Model provider refused the credentials (401; check the provider's apiKey): invalid x-api-key",
    ],
    [
      "Gemini's API key not valid (a 400, array-wrapped)",
      'gemini',
      geminiError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
        { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' },
      ]),
      "Model provider refused the credentials (400; check the provider's apiKey): API key not valid. Please pass a valid API key.",
    ],
  ] as const)('%s fails the generation at once with a clear reason', async (_name, kind, refusal, message) => {
    model.setDefault(refusal);
    const res = await generate(kind, 'hi');
    expect(res.body).toMatchObject({
      status: 'failed',
      stopReason: 'error',
      error: { code: 'model_rejected', message },
    });
    expect(model.requests).toHaveLength(1);
  });

  describe('the API', () => {
    it.each(['anthropic', 'gemini', 'ollama', 'openrouter'])('creates a %s provider without baseUrl', async (kind) => {
      const res = await stack.api('POST', '/v1/ai-providers', { name: `${kind} preset`, kind, defaultModel: 'm' });
      expectStatus(res, 201);
      expect(res.body).toMatchObject({ kind, baseUrl: null, hasApiKey: false });
      expect((await stack.api('GET', `/v1/ai-providers/${res.body.id}`)).body.kind).toBe(kind);
    });

    it('refuses an unknown kind (400), and still requires baseUrl where there is no preset', async () => {
      const bad = await stack.api('POST', '/v1/ai-providers', { name: 'x', kind: 'claude', defaultModel: 'm' });
      expectError(bad, 400, 'invalid_request');
      expect(bad.body.error.details[0].path).toBe('body.kind');
      for (const kind of ['openai_compatible', 'azure_openai']) {
        const res = await stack.api('POST', '/v1/ai-providers', { name: 'x', kind, defaultModel: 'm' });
        expectError(res, 400, 'invalid_request');
        expect(res.body.error.details[0].path).toBe('body.baseUrl');
      }
    });

    it('a provider moved to a preset kind may drop its baseUrl', async () => {
      const created = await stack.api('POST', '/v1/ai-providers', {
        name: 'moving',
        kind: 'openai_compatible',
        baseUrl: 'https://llm.example.com/v1',
        defaultModel: 'm',
      });
      expectStatus(created, 201);
      const moved = await stack.api('PATCH', `/v1/ai-providers/${created.body.id}`, {
        kind: 'openrouter',
        baseUrl: null,
      });
      expectStatus(moved, 200);
      expect(moved.body).toMatchObject({ kind: 'openrouter', baseUrl: null });
    });
  });
});
