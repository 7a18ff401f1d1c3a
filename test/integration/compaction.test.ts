import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer, type RecordedRequest } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';
import { patchMarkerTexts } from '../support/history.js';
import { PRUNED_PLACEHOLDER, SUMMARY_PROMPT } from '../../activities/compaction.js';
import { callAs, createProjectWithKey, expectError } from '../support/resources.js';
import { compactionRuns } from '../../infra/observability/metrics.js';

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
      // Sessions keep only the head of a large result in the prompt (session cache): about 670
      // tokens here, so the four turns sit just over 85% of this window.
      contextWindow: 2300,
      toolIds: [bigId],
    });
    model.script(call('big', {}, 'b1'));
    model.setDefault(replies);
    const prunedRuns = async () => (await compactionRuns.get()).values.find((v) => v.labels.level === '1')?.value ?? 0;
    const runsBefore = await prunedRuns();
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
    // The metric counts it (the stack's worker runs in this process).
    expect(await prunedRuns()).toBeGreaterThan(runsBefore);
    expect(compaction.tokensBefore).toBeGreaterThan(compaction.tokensAfter);
    // The stored conversation is unchanged (the result as the session keeps it, not the placeholder).
    const messages = await stack.api('GET', `/v1/sessions/${sessionId}/messages`);
    const stored = messages.body.data.find((m: { role: string }) => m.role === 'tool').content;
    expect(stored).not.toBe(PRUNED_PLACEHOLDER);
    expect(stored).toContain('row0 row1');
    const cached = await stack.db.sessionToolResult.findMany({ where: { sessionId } });
    expect(cached.map((c) => c.content.includes('row699'))).toEqual([true]);
  });

  it('a prompt that spells a special token is counted as text near the window, and the generation completes', async () => {
    // 1,000 tokens: the budget (850) is under the prompt's byte count, so its tokens are counted.
    const agentId = await createAgent(stack, { aiProviderId: providerId, contextWindow: 1000 });
    model.setDefault(() => ({ text: 'counted' }));
    const prompt = `say <|endoftext|> then ${'alpha '.repeat(200)}`;
    const res = await generate(agentId, { prompt });
    expect(res.body.status).toBe('completed');
    expect(res.body.text).toBe('counted');
    expect(lastUser(model.requests.at(-1)!)).toContain('<|endoftext|>');
    expect(res.body.steps.some((s: { type: string }) => s.type === 'compaction')).toBe(false);
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

  /** Four turns whose first is long: the last turn's model call needs a level-2 summary. */
  const runLongSession = async (agentId: string) => {
    let sessionId: string | undefined;
    let last = '';
    for (const p of [words(900, 'alpha'), 'b', 'c', 'd']) {
      const res = await generate(agentId, { prompt: p, ...(sessionId ? { sessionId } : {}) });
      expect(res.body.status).toBe('completed');
      sessionId = res.body.sessionId;
      last = res.body.id;
    }
    return last;
  };

  it('the summary is written by its own activity with the agent compaction model; its text stays out of workflow history', async () => {
    const agentId = await createAgent(stack, {
      aiProviderId: providerId,
      conversational: true,
      contextWindow: 2000,
      compaction: { model: 'summary-model' },
    });
    model.setDefault(replies);
    const lastId = await runLongSession(agentId);
    const summaryCalls = model.requests.filter((r) => lastUser(r) === SUMMARY_PROMPT);
    expect(summaryCalls.length).toBeGreaterThan(0);
    expect(summaryCalls.map((r) => r.model)).toEqual(summaryCalls.map(() => 'summary-model'));
    // Answers still come from the agent's own model.
    expect(
      model.requests.filter((r) => lastUser(r) !== SUMMARY_PROMPT).every((r) => r.model === 'scripted-model'),
    ).toBe(true);
    const latest = await stack.api('GET', `/v1/generations/${lastId}`);
    const entry = latest.body.steps.find(
      (s: { type: string; level?: number }) => s.type === 'compaction' && s.level === 2,
    );
    expect(entry).toMatchObject({
      text: 'SUMMARY: the user asked about rows.',
      model: 'summary-model',
      usage: { promptTokens: expect.any(Number), completionTokens: expect.any(Number) },
    });
    expect(entry.tokensBefore).toBeGreaterThan(entry.tokensAfter);
    expect(entry.usage.promptTokens).toBeGreaterThan(0);
    // The summary call's tokens count in the generation's usage.
    expect(latest.body.usage.promptTokens).toBeGreaterThanOrEqual(entry.usage.promptTokens);

    // The database shows the final status a moment before the workflow closes (docs/adr/0020).
    await stack.temporal.workflow.getHandle(lastId).result();
    const history = await stack.temporal.workflow.getHandle(lastId).fetchHistory();
    // Calls in order: regular activities are scheduled events, local ones (docs/adr/0018) markers.
    const scheduled = (history.events ?? []).flatMap((e) => {
      const name = e.activityTaskScheduledEventAttributes?.activityType?.name;
      if (name) return [name];
      const marker = e.markerRecordedEventAttributes;
      if (marker?.markerName !== 'core_local_activity') return [];
      const data = marker.details?.data?.payloads?.[0]?.data;
      return data ? [(JSON.parse(Buffer.from(data).toString('utf8')) as { activity_type: string }).activity_type] : [];
    });
    const summaryAt = scheduled.indexOf('summarizeConversation');
    expect(summaryAt).toBeGreaterThan(0);
    // The model call that asked for the summary, then the summary, then the model call again.
    expect(scheduled.slice(summaryAt - 1, summaryAt + 2)).toEqual(['callModel', 'summarizeConversation', 'callModel']);
    // The baseline records no patch marker at all (docs/versioning.md).
    expect(patchMarkerTexts(history)).toEqual([]);
    expect(JSON.stringify(history)).not.toContain('SUMMARY: the user asked about rows.');
  });

  it('compaction.aiProviderId: summaries go to that provider (its defaultModel unless a model is given)', async () => {
    const other = await stack.api('POST', '/v1/ai-providers', {
      name: 'summaries',
      kind: 'openai_compatible',
      baseUrl: model.url,
      apiKey: 'sk-other',
      defaultModel: 'cheap-summary-model',
    });
    expect(other.status).toBe(201);
    const agentId = await createAgent(stack, { aiProviderId: providerId, conversational: true, contextWindow: 2000 });
    const patch = await stack.api('PATCH', `/v1/agents/${agentId}`, { compaction: { aiProviderId: other.body.id } });
    expect(patch.status).toBe(200);
    expect(patch.body.compaction).toEqual({ aiProviderId: other.body.id });
    model.setDefault(replies);
    await runLongSession(agentId);
    const summaryCalls = model.requests.filter((r) => lastUser(r) === SUMMARY_PROMPT);
    expect(summaryCalls.length).toBeGreaterThan(0);
    expect(new Set(summaryCalls.map((r) => r.model))).toEqual(new Set(['cheap-summary-model']));
    // The other provider's key is the one sent.
    expect(summaryCalls.every((r) => r.headers?.authorization === 'Bearer sk-other')).toBe(true);
  });

  it('compaction settings are validated, shown, patched and cleared; another project provider is refused with nothing written', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId, compaction: { model: 'summary-model' } });
    expect((await stack.api('GET', `/v1/agents/${agentId}`)).body.compaction).toEqual({ model: 'summary-model' });

    const foreign = await createProjectWithKey(stack);
    const theirs = await callAs(stack, foreign.key, 'POST', '/v1/ai-providers', {
      name: 'theirs',
      kind: 'openai_compatible',
      baseUrl: model.url,
      defaultModel: 'their-model',
    });
    expect(theirs.status).toBe(201);
    const before = await stack.db.agent.count();
    const refused = await stack.api('POST', '/v1/agents', {
      name: 'borrower',
      aiProviderId: providerId,
      compaction: { aiProviderId: theirs.body.id },
    });
    expectError(refused, 422);
    expect(JSON.stringify(refused.body.error)).toContain('body.compaction.aiProviderId');
    expect(await stack.db.agent.count()).toBe(before);
    expectError(
      await stack.api('PATCH', `/v1/agents/${agentId}`, { compaction: { aiProviderId: theirs.body.id } }),
      422,
    );
    expectError(await stack.api('PATCH', `/v1/agents/${agentId}`, { compaction: { model: '' } }), 400);
    expectError(await stack.api('PATCH', `/v1/agents/${agentId}`, { compaction: { temperature: 1 } }), 400);
    expect((await stack.api('GET', `/v1/agents/${agentId}`)).body.compaction).toEqual({ model: 'summary-model' });

    const cleared = await stack.api('PATCH', `/v1/agents/${agentId}`, { compaction: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.compaction).toBeNull();
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
