import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

describe('generation loop (real Temporal, PostgreSQL, openai client, HTTP tools)', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    providerId = await createProvider(stack, model);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());

  async function httpTool(name: string, path: string, extra: Record<string, unknown> = {}): Promise<string> {
    return createTool(stack, {
      type: 'http',
      name,
      parameters: obj({ q: { type: 'string' } }),
      execute: { url: `${tools.url}${path}` },
      ...extra,
    });
  }
  const generate = (agentId: string, body: Record<string, unknown>) =>
    stack.api('POST', `/v1/agents/${agentId}/generate`, body);

  it('flow 1 — fully automatic: http tools run on the server until the model answers', async () => {
    tools.route('/search', (req, res) => json(res, 200, { hits: [`news about ${req.body.q}`] }));
    tools.route('/fetch', (req, res) => json(res, 200, { page: `content of ${req.body.q}` }));
    const search = await httpTool('search', '/search');
    const fetchUrl = await httpTool('fetch_url', '/fetch');
    const agentId = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'You are a research assistant.',
      toolIds: [search, fetchUrl],
    });
    model.script(call('search', { q: 'AI regulation' }), call('fetch_url', { q: 'https://example.org/ai' }), {
      text: 'Summary: regulation is coming.',
    });

    const res = await generate(agentId, { prompt: 'Summarize the latest news on AI regulation' });
    expect(res.body).toMatchObject({
      status: 'completed',
      stopReason: 'final_answer',
      text: 'Summary: regulation is coming.',
      toolsUsed: ['search', 'fetch_url'],
      iterationCount: 3,
    });
    expect(res.body.steps.map((s: { type: string; step: number }) => `${s.step}:${s.type}`)).toEqual([
      '1:act',
      '1:observe',
      '2:act',
      '2:observe',
      '3:answer',
    ]);
    // Every model call offered both tools with toolChoice auto.
    expect(model.requests.map((r) => r.tools?.map((t: { function: { name: string } }) => t.function.name))).toEqual([
      ['search', 'fetch_url'],
      ['search', 'fetch_url'],
      ['search', 'fetch_url'],
    ]);
    expect(model.requests.every((r) => r.toolChoice === 'auto')).toBe(true);
  });

  it('flow 3 — structured pipeline: stepRules force a tool per step, then auto', async () => {
    for (const p of ['extract', 'transform', 'summarize'])
      tools.route(`/${p}`, (_req, res) => json(res, 200, { done: p }));
    const ids = [
      await httpTool('extract', '/extract'),
      await httpTool('transform', '/transform'),
      await httpTool('summarize', '/summarize'),
    ];
    const agentId = await createAgent(stack, {
      aiProviderId: providerId,
      toolIds: ids,
      stepRules: [
        { step: 1, toolChoice: { type: 'tool', toolName: 'extract' } },
        { step: 2, toolChoice: { type: 'tool', toolName: 'transform' }, activeToolIds: [ids[1], ids[2]] },
        { step: 3, toolChoice: { type: 'tool', toolName: 'summarize' } },
      ],
    });
    model.script(call('extract', {}), call('transform', {}), call('summarize', {}), { text: 'Order #1234 processed.' });
    const res = await generate(agentId, { prompt: 'Process order #1234' });
    expect(res.body).toMatchObject({
      status: 'completed',
      text: 'Order #1234 processed.',
      toolsUsed: ['extract', 'transform', 'summarize'],
    });
    expect(model.requests.map((r) => r.toolChoice)).toEqual([
      { type: 'function', function: { name: 'extract' } },
      { type: 'function', function: { name: 'transform' } },
      { type: 'function', function: { name: 'summarize' } },
      'auto',
    ]);
    expect(model.requests[1]!.tools!.map((t: { function: { name: string } }) => t.function.name)).toEqual([
      'transform',
      'summarize',
    ]);
  });

  it('flow 5 — done tool: toolChoice required + hasToolCall stop condition returns the arguments as output', async () => {
    tools.route('/search', (_req, res) => json(res, 200, { facts: ['a', 'b'] }));
    const search = await httpTool('search', '/search');
    const done = await createTool(stack, {
      type: 'client',
      name: 'done',
      parameters: obj({ title: { type: 'string' }, summary: { type: 'string' } }),
    });
    const agentId = await createAgent(stack, {
      aiProviderId: providerId,
      toolIds: [search, done],
      toolChoice: 'required',
      stopConditions: [{ type: 'hasToolCall', toolName: 'done' }],
      maxSteps: 15,
    });
    model.script(call('search', { q: 'x' }), call('done', { title: 'T', summary: 'S' }));
    const res = await generate(agentId, { prompt: 'Research and call done' });
    expect(res.body).toMatchObject({
      status: 'completed',
      stopReason: 'stop_condition',
      output: { title: 'T', summary: 'S' },
      toolsUsed: ['search', 'done'],
    });
    expect(model.requests.every((r) => r.toolChoice === 'required')).toBe(true);
  });

  it('an http tool without an executor ends the run with its arguments (done-tool pattern)', async () => {
    const finish = await createTool(stack, {
      type: 'http',
      name: 'finish',
      parameters: obj({ answer: { type: 'string' } }),
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [finish] });
    model.script(call('finish', { answer: '42' }));
    const res = await generate(agentId, { prompt: 'Answer via finish' });
    expect(res.body).toMatchObject({ status: 'completed', stopReason: 'done_tool', output: { answer: '42' } });
  });

  it('withholds tools on the final step so the model must answer in text', async () => {
    tools.route('/loop', (_req, res) => json(res, 200, { more: true }));
    const t = await httpTool('look', '/loop');
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [t], maxSteps: 3 });
    model.script(call('look', { q: '1' }), call('look', { q: '2' }), { text: 'Final answer without tools.' });
    const res = await generate(agentId, { prompt: 'go' });
    expect(res.body).toMatchObject({
      status: 'completed',
      stopReason: 'max_steps',
      text: 'Final answer without tools.',
      iterationCount: 3,
    });
    expect(model.requests).toHaveLength(3);
    expect(model.requests[1]!.tools).toHaveLength(1);
    expect(model.requests[2]!.tools).toBeUndefined();
    expect(model.requests[2]!.toolChoice).toBeUndefined();
  });

  it('fails with doom_loop when the same tool is called 3 times in a row with identical arguments', async () => {
    tools.route('/same', (_req, res) => json(res, 200, { again: true }));
    const t = await httpTool('same', '/same');
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [t] });
    model.script(call('same', { q: 'x', n: 1 }), call('same', { n: 1, q: 'x' }), call('same', { q: 'x', n: 1 }), {
      text: 'never reached',
    });
    const before = tools.requests.length;
    const res = await generate(agentId, { prompt: 'loop' });
    expect(res.body).toMatchObject({ status: 'failed', stopReason: 'doom_loop', error: { code: 'doom_loop' } });
    expect(model.requests).toHaveLength(3);
    // The third identical call is not executed.
    expect(tools.requests.length - before).toBe(2);
  });

  it('runs read-only tools of one step in parallel and the others sequentially in model order', async () => {
    const spans: Record<string, [number, number]> = {};
    const slow = (name: string) => async (_req: unknown, res: ServerResponse) => {
      const start = Date.now();
      await new Promise((r) => setTimeout(r, 400));
      spans[name] = [start, Date.now()];
      json(res, 200, { name });
    };
    for (const n of ['r1', 'r2', 'w1', 'w2']) tools.route(`/${n}`, slow(n));
    const ids = [
      await httpTool('read_a', '/r1', { readOnly: true }),
      await httpTool('read_b', '/r2', { readOnly: true }),
      await httpTool('write_a', '/w1'),
      await httpTool('write_b', '/w2'),
    ];
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: ids });
    model.script(
      {
        text: '',
        toolCalls: [
          { name: 'read_a', arguments: {} },
          { name: 'read_b', arguments: {} },
          { name: 'write_b', arguments: {} },
          { name: 'write_a', arguments: {} },
        ],
      },
      { text: 'all done' },
    );
    const res = await generate(agentId, { prompt: 'do all' });
    expect(res.body.status).toBe('completed');
    const [r1, r2, w1, w2] = [spans.r1!, spans.r2!, spans.w1!, spans.w2!];
    expect(r2[0]).toBeLessThan(r1[1]); // read-only calls overlap
    expect(r1[0]).toBeLessThan(r2[1]);
    expect(w2[0]).toBeGreaterThanOrEqual(Math.max(r1[1], r2[1])); // writes after the read batch
    expect(w1[0]).toBeGreaterThanOrEqual(w2[1]); // write_b before write_a, as the model ordered them
    // The model receives every result, in the order of its calls.
    const toolMessages = model.requests[1]!.messages.filter((m: { role: string }) => m.role === 'tool').map(
      (m: { content: string }) => JSON.parse(m.content).name,
    );
    expect(toolMessages).toEqual(['r1', 'r2', 'w2', 'w1']);
  });

  it('returns tool errors, timeouts and oversized results to the model and keeps going', async () => {
    tools.route('/boom', (_req, res) => json(res, 500, { message: 'database down' }));
    tools.route('/hang', () => {
      /* never answers */
    });
    tools.route('/big', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('x'.repeat(5000));
    });
    const ids = [
      await httpTool('boom', '/boom'),
      await httpTool('hang', '/hang', { timeoutSeconds: 1 }),
      await httpTool('big', '/big', { maxResultChars: 1000 }),
    ];
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: ids });
    model.script(
      {
        text: '',
        toolCalls: [
          { id: 'c1', name: 'boom', arguments: {} },
          { id: 'c2', name: 'hang', arguments: {} },
          { id: 'c3', name: 'big', arguments: {} },
          { id: 'c4', name: 'nope', arguments: {} },
        ],
      },
      { text: 'coped' },
    );
    const res = await generate(agentId, { prompt: 'try tools' });
    expect(res.body).toMatchObject({ status: 'completed', text: 'coped' });
    const observed = Object.fromEntries(
      res.body.steps
        .filter((s: { type: string }) => s.type === 'observe')
        .map((s: { toolCallId: string; status: string }) => [s.toolCallId, s.status]),
    );
    expect(observed).toEqual({ c1: 'error', c2: 'timeout', c3: 'success', c4: 'error' });
    const results: Record<string, string> = Object.fromEntries(
      model.requests[1]!.messages.filter((m: { role: string }) => m.role === 'tool').map(
        (m: { tool_call_id: string; content: string }) => [m.tool_call_id, m.content],
      ),
    );
    expect(JSON.parse(results.c1!)).toMatchObject({ error: 'HTTP 500' });
    expect(JSON.parse(results.c2!)).toEqual({ error: 'Tool timed out after 1s' });
    expect(results.c3!.startsWith('x'.repeat(1000))).toBe(true);
    expect(results.c3).toContain('[truncated');
    expect(results.c3!.length).toBeLessThan(1100);
    expect(JSON.parse(results.c4!).error).toMatch(/not available/);
  });

  it('retries transient model errors (429, 500) and then succeeds', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    model.script(
      { fault: 'status', status: 429, retryAfterSeconds: 1 },
      { fault: 'status', status: 500 },
      { text: 'third time lucky' },
    );
    const res = await generate(agentId, { prompt: 'hi' });
    expect(res.body).toMatchObject({ status: 'completed', text: 'third time lucky' });
    expect(model.requests).toHaveLength(3);
  });

  it('fails the generation with a clear error once the model call retries are exhausted', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    // MODEL_CALL_MAX_ATTEMPTS defaults to 3: three 500s in a row exhaust them.
    const fault = { fault: 'status' as const, status: 500 };
    model.script(fault, fault, fault, { text: 'never reached' });
    const res = await generate(agentId, { prompt: 'hi' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'failed', text: null });
    expect(res.body.error).toEqual({
      code: 'model_unavailable',
      message: expect.stringMatching(/^The model call failed on every attempt .*Model provider returned 500: /),
    });
    expect(model.requests).toHaveLength(3);
    // The workflow itself ends normally: the failure is the generation's outcome, not a crash.
    const handle = stack.temporal.workflow.getHandle(res.body.id);
    await handle.result();
    expect((await handle.describe()).status.name).toBe('COMPLETED');
  });

  it('fails fast on a 400 from the provider, with its message', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    model.script({
      fault: 'status',
      status: 400,
      body: {
        error: {
          message: 'Invalid parameter: temperature',
          type: 'invalid_request_error',
          code: 'bad_param',
          param: null,
        },
      },
    });
    const res = await generate(agentId, { prompt: 'hi' });
    expect(res.body).toMatchObject({ status: 'failed', stopReason: 'error', error: { code: 'model_rejected' } });
    expect(res.body.error.message).toContain('Invalid parameter: temperature');
    expect(model.requests).toHaveLength(1);
  });

  it('continues a reply cut off by the length limit and returns the joined text', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    model.script({ text: 'The first half, ', finishReason: 'length' }, { text: 'and the second half.' });
    const res = await generate(agentId, { prompt: 'long answer please' });
    expect(res.body).toMatchObject({ status: 'completed', text: 'The first half, and the second half.' });
    const second = model.requests[1]!;
    expect(second.messages.at(-2)).toEqual({ role: 'assistant', content: 'The first half, ' });
    expect(second.messages.at(-1).role).toBe('user');
    expect(second.messages.at(-1).content).toMatch(/cut off/);
  });

  it('substitutes {{variables}} in the instructions', async () => {
    const agentId = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'You help {{customer}} in {{ language }}.',
    });
    model.script({ text: 'ok' });
    await generate(agentId, { prompt: 'hi', variables: { customer: 'ACME', language: 'French' } });
    expect(model.requests[0]!.messages[0]).toEqual({ role: 'system', content: 'You help ACME in French.' });
  });
});
