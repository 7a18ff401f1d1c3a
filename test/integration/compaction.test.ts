import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer, type RecordedRequest } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';
import { PRUNED_PLACEHOLDER, SUMMARY_PROMPT } from '../../activities/compaction.js';

const lastUser = (req: RecordedRequest): string =>
  req.messages.filter((m: { role: string }) => m.role === 'user').at(-1)?.content ?? '';
const words = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

describe('context compaction', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    providerId = await createProvider(stack, model);
    tools.route('/big', (_req, res) => json(res, 200, { rows: words(700, 'row') }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());

  const generate = (agentId: string, body: Record<string, unknown>) =>
    stack.api('POST', `/v1/agents/${agentId}/generate`, body);
  const replies = (req: RecordedRequest) =>
    lastUser(req) === SUMMARY_PROMPT ? { text: 'SUMMARY: the user asked about rows.' } : { text: 'ok' };

  it('prunes old tool results first (the last 3 user turns stay whole), recorded in the trace', async () => {
    const bigId = await createTool(stack, {
      type: 'http',
      name: 'big',
      parameters: obj(),
      execute: { url: `${tools.url}/big` },
    });
    const agentId = await createAgent(stack, {
      aiProviderId: providerId,
      conversational: true,
      contextWindow: 2000,
      toolIds: [bigId],
    });
    model.script(call('big', {}, 'b1'));
    model.setDefault(replies);
    const first = await generate(agentId, { prompt: 'load the rows' });
    expect(first.body.status).toBe('completed');
    const sessionId = first.body.sessionId;
    for (const p of ['two', 'three', 'four']) await generate(agentId, { prompt: words(200, p), sessionId });
    const last = await stack.api(
      'GET',
      `/v1/generations/${(await generate(agentId, { prompt: 'five', sessionId })).body.id}`,
    );
    const sent = model.requests.at(-1)!;
    const tool = sent.messages.find((m: { role: string }) => m.role === 'tool');
    expect(tool.content).toBe(PRUNED_PLACEHOLDER);
    expect(model.requests.some((r) => lastUser(r) === SUMMARY_PROMPT)).toBe(false);
    const compaction = last.body.steps.find((s: { type: string }) => s.type === 'compaction');
    expect(compaction).toMatchObject({ level: 1 });
    expect(compaction.tokensBefore).toBeGreaterThan(compaction.tokensAfter);
    // Nothing stored is lost: the session keeps the tool message, its cache entry the whole result.
    const messages = await stack.api('GET', `/v1/sessions/${sessionId}/messages`);
    expect(messages.body.data.find((m: { role: string }) => m.role === 'tool').content).toContain('row0 ');
    const cached = await stack.db.sessionToolResult.findMany({ where: { sessionId } });
    expect(cached.map((c) => c.content.includes('row699'))).toEqual([true]);
  });

  it('summarises the older conversation with a model call when pruning is not enough', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId, conversational: true, contextWindow: 2000 });
    model.setDefault(replies);
    let sessionId: string | undefined;
    for (const p of [words(900, 'alpha'), 'b', 'c', 'd']) {
      const res = await generate(agentId, { prompt: p, ...(sessionId ? { sessionId } : {}) });
      expect(res.body.status).toBe('completed');
      sessionId = res.body.sessionId;
    }
    const summaryCall = model.requests.find((r) => lastUser(r) === SUMMARY_PROMPT)!;
    expect(summaryCall.messages[0].content).toContain('alpha0');
    const sent = model.requests.at(-1)!;
    expect(sent.messages.map((m: { content: string }) => m.content).join('\n')).not.toContain('alpha0');
    expect(
      sent.messages.some((m: { content: string }) => m.content?.includes('SUMMARY: the user asked about rows.')),
    ).toBe(true);
    const gens = await stack.api('GET', `/v1/generations?sessionId=${sessionId}`);
    const latest = await stack.api('GET', `/v1/generations/${gens.body.data[0].id}`);
    expect(latest.body.steps.find((s: { type: string }) => s.type === 'compaction')).toMatchObject({
      level: 2,
      text: 'SUMMARY: the user asked about rows.',
    });
  });

  it('a context-length error from the provider is recovered; after 3 failed compactions the generation fails with context_overflow', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    model.script({ fault: 'context_length_exceeded' }, { text: 'recovered' });
    const ok = await generate(agentId, { prompt: 'hi' });
    expect(ok.body).toMatchObject({ status: 'completed', text: 'recovered' });
    expect(ok.body.steps.some((s: { type: string }) => s.type === 'compaction')).toBe(true);

    model.reset();
    model.setDefault({ fault: 'context_length_exceeded' });
    const over = await generate(agentId, { prompt: 'hi again' });
    expect(over.body.status).toBe('failed');
    expect(over.body.error.code).toBe('context_overflow');
    expect(model.requests).toHaveLength(4);
  });
});
