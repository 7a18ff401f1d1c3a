import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import OpenAI from 'openai';
import { startModelServer, type ModelServer } from './support/model-server.js';

/**
 * Exercises the scripted model server through the real `openai` client, so
 * these tests double as a check that the fake is indistinguishable from the
 * real API for the client's parsing, streaming, error and retry logic.
 */
describe('model-server (via the openai client)', () => {
  let server: ModelServer;
  let client: OpenAI;

  const tools: OpenAI.Chat.Completions.ChatCompletionTool[] = [
    {
      type: 'function',
      function: {
        name: 'get_weather',
        description: 'Weather for a city',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    },
  ];
  const hello: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
    { role: 'system', content: 'You are terse.' },
    { role: 'user', content: 'Say hello' },
  ];

  beforeAll(async () => {
    server = await startModelServer();
    client = new OpenAI({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => server.reset());

  it('exposes a /v1 base URL', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  it('returns a plain text completion and records the request', async () => {
    server.script({ text: 'Hello there!' });
    const res = await client.chat.completions.create({ model: 'gpt-test', messages: hello });

    expect(res.object).toBe('chat.completion');
    expect(res.id).toMatch(/^chatcmpl-/);
    expect(res.model).toBe('gpt-test');
    expect(res.choices[0]!.message).toMatchObject({ role: 'assistant', content: 'Hello there!' });
    expect(res.choices[0]!.message.tool_calls).toBeUndefined();
    expect(res.choices[0]!.finish_reason).toBe('stop');
    expect(res.usage!.completion_tokens).toBe(Math.ceil('Hello there!'.length / 4));
    expect(res.usage!.total_tokens).toBe(res.usage!.prompt_tokens + res.usage!.completion_tokens);

    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(req!.model).toBe('gpt-test');
    expect(req!.messages).toEqual(hello);
    expect(req!.stream).toBe(false);
    expect(req!.headers['authorization']).toBe('Bearer test');
    expect(req!.receivedAt).toBeGreaterThan(0);
  });

  it('streams text as several content deltas', async () => {
    const text = 'The quick brown fox jumps over the lazy dog.';
    server.script({ text });
    const stream = await client.chat.completions.create({ model: 'gpt-test', messages: hello, stream: true });

    const pieces: string[] = [];
    let role: string | undefined;
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      expect(chunk.object).toBe('chat.completion.chunk');
      const choice = chunk.choices[0]!;
      role ??= choice.delta.role;
      if (choice.delta.content) pieces.push(choice.delta.content);
      if (choice.finish_reason) finish = choice.finish_reason;
    }
    expect(role).toBe('assistant');
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe(text);
    expect(finish).toBe('stop');
    expect(server.requests[0]!.stream).toBe(true);
  });

  it('returns tool calls (non-streaming) with generated and explicit ids', async () => {
    server.script({
      text: '',
      toolCalls: [
        { name: 'get_weather', arguments: { city: 'Paris' } },
        { id: 'call_fixed', name: 'get_weather', arguments: '{"city":"Oslo"}' },
      ],
    });
    const res = await client.chat.completions.create({
      model: 'gpt-test',
      messages: hello,
      tools,
      tool_choice: 'auto',
    });

    const message = res.choices[0]!.message;
    expect(message.content).toBeNull();
    expect(res.choices[0]!.finish_reason).toBe('tool_calls');
    const calls = message.tool_calls!.filter((c) => c.type === 'function');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.id).toMatch(/^call_.+/);
    expect(calls[1]!.id).toBe('call_fixed');
    expect(calls[0]!.function.name).toBe('get_weather');
    expect(JSON.parse(calls[0]!.function.arguments)).toEqual({ city: 'Paris' });
    expect(JSON.parse(calls[1]!.function.arguments)).toEqual({ city: 'Oslo' });

    expect(server.requests[0]!.tools).toEqual(tools);
    expect(server.requests[0]!.toolChoice).toBe('auto');
  });

  it('streams tool calls in fragments that accumulate to the scripted arguments', async () => {
    const args = { city: 'San Francisco', units: 'metric', days: [1, 2, 3], note: 'héllo 👋' };
    server.script({
      text: 'Let me check.',
      toolCalls: [
        { name: 'get_weather', arguments: args },
        { name: 'get_weather', arguments: { city: 'Tokyo' } },
      ],
    });
    const stream = await client.chat.completions.create({ model: 'gpt-test', messages: hello, tools, stream: true });

    let content = '';
    let finish: string | null = null;
    let argumentDeltas = 0;
    const calls: Array<{ id?: string; name?: string; args: string }> = [];
    for await (const chunk of stream) {
      const choice = chunk.choices[0]!;
      content += choice.delta.content ?? '';
      for (const tc of choice.delta.tool_calls ?? []) {
        const acc = (calls[tc.index] ??= { args: '' });
        if (tc.id) acc.id = tc.id;
        if (tc.function?.name) acc.name = tc.function.name;
        if (tc.function?.arguments) {
          acc.args += tc.function.arguments;
          argumentDeltas++;
        }
      }
      if (choice.finish_reason) finish = choice.finish_reason;
    }

    expect(content).toBe('Let me check.');
    expect(finish).toBe('tool_calls');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.id).toMatch(/^call_/);
    expect(calls[0]!.id).not.toBe(calls[1]!.id);
    expect(calls[0]!.name).toBe('get_weather');
    expect(JSON.parse(calls[0]!.args)).toEqual(args);
    expect(JSON.parse(calls[1]!.args)).toEqual({ city: 'Tokyo' });
    expect(argumentDeltas).toBeGreaterThan(2); // arguments arrive in several fragments
  });

  it("is consumable by the client's stream helper (finalChatCompletion)", async () => {
    server.script({
      text: 'Calling.',
      toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Rome' } }],
    });
    const runner = client.chat.completions.stream({ model: 'gpt-test', messages: hello, tools });
    const final = await runner.finalChatCompletion();
    const msg = final.choices[0]!.message;
    expect(msg.content).toBe('Calling.');
    const call = msg.tool_calls![0]!;
    expect(call.type === 'function' && call.function.name).toBe('get_weather');
    expect(call.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ city: 'Rome' });
  });

  it('sends a final usage chunk when stream_options.include_usage is set', async () => {
    server.script({ text: 'counted', usage: { promptTokens: 11, completionTokens: 3 } }, { text: 'uncounted' });

    const chunks: OpenAI.Chat.Completions.ChatCompletionChunk[] = [];
    const stream = await client.chat.completions.create({
      model: 'gpt-test',
      messages: hello,
      stream: true,
      stream_options: { include_usage: true },
    });
    for await (const chunk of stream) chunks.push(chunk);
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 });
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);

    // Without include_usage, no usage chunk.
    const plain: OpenAI.Chat.Completions.ChatCompletionChunk[] = [];
    for await (const c of await client.chat.completions.create({ model: 'gpt-test', messages: hello, stream: true })) {
      plain.push(c);
    }
    expect(plain.every((c) => c.choices.length === 1 && c.usage === undefined)).toBe(true);
  });

  it('honours an overridden finish_reason (length)', async () => {
    server.script({ text: 'This answer was cut', finishReason: 'length' }, { text: 'cut too', finishReason: 'length' });
    const res = await client.chat.completions.create({ model: 'gpt-test', messages: hello });
    expect(res.choices[0]!.finish_reason).toBe('length');

    let finish: string | null = null;
    for await (const c of await client.chat.completions.create({ model: 'gpt-test', messages: hello, stream: true })) {
      finish = c.choices[0]?.finish_reason ?? finish;
    }
    expect(finish).toBe('length');
  });

  it('surfaces a 429 with retry-after as OpenAI.RateLimitError', async () => {
    server.script({ fault: 'status', status: 429, retryAfterSeconds: 7 });
    const err = await client.chat.completions.create({ model: 'gpt-test', messages: hello }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.RateLimitError);
    const rate = err as InstanceType<typeof OpenAI.RateLimitError>;
    expect(rate.status).toBe(429);
    expect(rate.code).toBe('rate_limit_exceeded');
    expect(rate.headers.get('retry-after')).toBe('7');
    expect(server.requests).toHaveLength(1); // faults are recorded too
  });

  it('returns a custom error body for status faults', async () => {
    server.script({
      fault: 'status',
      status: 503,
      body: { error: { message: 'overloaded', type: 'server_error', code: 'overloaded', param: null } },
    });
    const err = await client.chat.completions.create({ model: 'gpt-test', messages: hello }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.InternalServerError);
    expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(503);
    expect((err as InstanceType<typeof OpenAI.APIError>).code).toBe('overloaded');
    expect((err as Error).message).toContain('overloaded');
  });

  it('surfaces context_length_exceeded as a 400 BadRequestError', async () => {
    server.script({ fault: 'context_length_exceeded' });
    const err = await client.chat.completions.create({ model: 'gpt-test', messages: hello }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    const bad = err as InstanceType<typeof OpenAI.BadRequestError>;
    expect(bad.status).toBe(400);
    expect(bad.code).toBe('context_length_exceeded');
    expect(bad.type).toBe('invalid_request_error');
    expect(bad.message).toContain('maximum context length');
  });

  it('hangs until the client times out', async () => {
    server.script({ fault: 'hang' });
    const started = Date.now();
    const err = await client.chat.completions
      .create({ model: 'gpt-test', messages: hello }, { timeout: 300 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(server.requests).toHaveLength(1);
  });

  it('drops the connection as a connection error', async () => {
    server.script({ fault: 'drop' });
    const err = await client.chat.completions.create({ model: 'gpt-test', messages: hello }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIConnectionError);
    expect(server.requests).toHaveLength(1);
  });

  it('routes [[script:NAME]] tagged requests to per-name queues, even concurrently', async () => {
    const delayed = (text: string, ms: number) => async (): Promise<{ text: string }> => {
      await new Promise((r) => setTimeout(r, ms));
      return { text };
    };
    server.scriptFor('alpha', delayed('alpha-1', 60), { text: 'alpha-2' });
    server.scriptFor('beta', { text: 'beta-1' });
    server.script({ text: 'global-1' });

    const ask = async (messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[]): Promise<string | null> =>
      (await client.chat.completions.create({ model: 'gpt-test', messages })).choices[0]!.message.content;

    const [a1, b1, g1] = await Promise.all([
      ask([{ role: 'user', content: 'first [[script:alpha]]' }]),
      // Marker in the system message, content given as parts.
      ask([
        { role: 'system', content: [{ type: 'text', text: 'sys [[script:beta]]' }] },
        { role: 'user', content: 'hi' },
      ]),
      ask([{ role: 'user', content: 'untagged' }]),
    ]);
    expect([a1, b1, g1]).toEqual(['alpha-1', 'beta-1', 'global-1']);

    // Multi-turn: only the last user message (or the system message) decides.
    const a2 = await ask([
      { role: 'user', content: 'older [[script:beta]]' },
      { role: 'assistant', content: 'ok' },
      { role: 'user', content: 'newer [[script:alpha]]' },
    ]);
    expect(a2).toBe('alpha-2');
    expect(server.requests.map((r) => r.tag).sort()).toEqual(['alpha', 'alpha', 'beta', undefined].sort());

    // A drained tag queue does not steal from the global queue.
    server.script({ text: 'global-2' });
    const err = await ask([{ role: 'user', content: '[[script:beta]]' }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.InternalServerError);
    expect(await ask([{ role: 'user', content: 'plain' }])).toBe('global-2');
  });

  it('passes the recorded request to reply functions and supports setDefault', async () => {
    server.setDefault((req) => ({ text: `echo: ${req.messages.at(-1).content}` }));
    expect((await client.chat.completions.create({ model: 'm', messages: hello })).choices[0]!.message.content).toBe(
      'echo: Say hello',
    );
    expect((await client.chat.completions.create({ model: 'm', messages: hello })).choices[0]!.message.content).toBe(
      'echo: Say hello',
    );
    server.setDefault(undefined);
    const err = await client.chat.completions.create({ model: 'm', messages: hello }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.InternalServerError);
    expect((err as InstanceType<typeof OpenAI.APIError>).code).toBe('script_exhausted');
  });

  it("lets the client's own retries recover from a scripted 500", async () => {
    const retrying = new OpenAI({ apiKey: 'test', baseURL: server.url, maxRetries: 2 });
    server.script({ fault: 'status', status: 500 }, { text: 'recovered' });
    const res = await retrying.chat.completions.create({ model: 'gpt-test', messages: hello });
    expect(res.choices[0]!.message.content).toBe('recovered');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.headers['x-stainless-retry-count']).toBe('1');
  });

  it('does not invite retries once the script is exhausted', async () => {
    const retrying = new OpenAI({ apiKey: 'test', baseURL: server.url, maxRetries: 2 });
    const err = await retrying.chat.completions.create({ model: 'gpt-test', messages: hello }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.InternalServerError);
    expect((err as Error).message).toContain('script exhausted');
    expect(server.requests).toHaveLength(1);
  });

  it('lists models including scripted-model and models seen', async () => {
    server.script({ text: 'x' });
    await client.chat.completions.create({ model: 'my-model', messages: hello });
    const ids: string[] = [];
    for await (const m of client.models.list()) ids.push(m.id);
    expect(ids).toEqual(expect.arrayContaining(['scripted-model', 'my-model']));
  });

  it('rejects bad JSON with 400 and unknown routes with 404, as OpenAI-style JSON', async () => {
    const bad = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');

    const missing = await fetch(`${server.url}/embeddings`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'unknown_url', param: null } });
    expect(server.requests).toHaveLength(0);
  });
});

describe('model-server lifecycle', () => {
  it('streams with chunkDelayMs and close() terminates promptly despite a hung request', async () => {
    const server = await startModelServer({ chunkDelayMs: 5 });
    const client = new OpenAI({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });

    server.script({ text: 'slow but steady wins the race' });
    const times: number[] = [];
    for await (const _ of await client.chat.completions.create({ model: 'm', messages: [], stream: true })) {
      times.push(Date.now());
    }
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(5 * (times.length - 2));

    server.script({ fault: 'hang' });
    const pending = client.chat.completions.create({ model: 'm', messages: [] }).catch((e: unknown) => e);
    await waitFor(() => server.requests.length === 2);

    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(OpenAI.APIConnectionError);
    await server.close(); // idempotent
  });
});

async function waitFor(cond: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}
