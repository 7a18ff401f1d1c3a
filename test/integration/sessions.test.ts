import { temporal } from '@temporalio/proto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, calls, createAgent, createProvider, createTool, obj, toolMessages } from '../support/fixtures.js';
import { startModelServer, type ModelServer, type RecordedRequest } from '../support/model-server.js';
import { callAs, createProjectWithKey, mintKey } from '../support/resources.js';
import { openSse } from '../support/sse.js';
import { startStack, type TestStack } from '../support/stack.js';
import { releaseWaitingGenerations } from '../../api/generations/hand-off.js';
import { createLogger } from '../../infra/logger.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/** The user prompts the model saw in one request, in order. */
const userPrompts = (req: RecordedRequest): string[] =>
  req.messages.filter((m: { role: string }) => m.role === 'user').map((m: { content: string }) => m.content);

/** Answers every request by naming the last user prompt and how many user prompts it saw. */
const echo = (req: RecordedRequest) => {
  const prompts = userPrompts(req);
  return { text: `answer to "${prompts[prompts.length - 1]}" (saw ${prompts.length})` };
};

describe('sessions: conversations, memory, one turn at a time, clarify-and-resume', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    providerId = await createProvider(stack, model);
    tools.route('/weather', (req, res) => json(res, 200, { city: req.body.city, tempC: 21 }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());

  const generate = (agentId: string, body: Record<string, unknown>) =>
    stack.api('POST', `/v1/agents/${agentId}/generate`, body);

  it('a conversational agent opens a session; the next turn sees the earlier one, tool calls included', async () => {
    const weatherId = await createTool(stack, {
      type: 'http',
      name: 'weather',
      parameters: obj({ city: { type: 'string' } }),
      execute: { url: `${tools.url}/weather` },
    });
    const agentId = await createAgent(stack, {
      aiProviderId: providerId,
      conversational: true,
      instructions: 'You are terse.',
      toolIds: [weatherId],
    });
    model.script(call('weather', { city: 'Oslo' }, 'w1'), { text: 'It is 21 C in Oslo.' });
    const first = await generate(agentId, { prompt: 'Weather in Oslo?' });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('completed');
    const sessionId: string = first.body.sessionId;
    expect(sessionId).toMatch(/^ses_[0-9a-zA-Z]+$/);

    model.setDefault(echo);
    const second = await generate(agentId, { prompt: 'And what did I ask before?', sessionId });
    expect(second.body).toMatchObject({ status: 'completed', sessionId });
    const req = model.requests[2]!;
    // One system prompt (the current turn's), then turn 1 whole, then the new prompt.
    expect(req.messages.map((m: { role: string }) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
    ]);
    expect(userPrompts(req)).toEqual(['Weather in Oslo?', 'And what did I ask before?']);
    expect(JSON.parse(toolMessages(req.messages).w1!)).toEqual({ city: 'Oslo', tempC: 21 });
    expect(req.messages[4].content).toBe('It is 21 C in Oslo.');
    expect(second.body.text).toBe('answer to "And what did I ask before?" (saw 2)');

    // The session and its turns.
    const detail = await stack.api('GET', `/v1/sessions/${sessionId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: sessionId, object: 'session', agentId, turnCount: 2 });
    expect(detail.body.turns.map((t: { turn: number; generationId: string; prompt: string }) => t)).toMatchObject([
      { turn: 1, generationId: first.body.id, prompt: 'Weather in Oslo?', status: 'completed' },
      { turn: 2, generationId: second.body.id, prompt: 'And what did I ask before?', status: 'completed' },
    ]);
    expect(detail.body.usage.totalTokens).toBe(first.body.usage.totalTokens + second.body.usage.totalTokens);
    expect(detail.body.activeGenerationId).toBeNull();
    const messages = await stack.api('GET', `/v1/sessions/${sessionId}/messages`);
    expect(messages.body.data.map((m: { turn: number; role: string }) => `${m.turn}:${m.role}`)).toEqual([
      '1:user',
      '1:assistant',
      '1:tool',
      '1:assistant',
      '2:user',
      '2:assistant',
    ]);
    expect(messages.body.data[1].toolCalls).toEqual([{ id: 'w1', name: 'weather', arguments: { city: 'Oslo' } }]);

    const listed = await stack.api('GET', `/v1/sessions?agentId=${agentId}`);
    expect(listed.body.data.map((s: { id: string }) => s.id)).toEqual([sessionId]);
    const filtered = await stack.api('GET', `/v1/generations?sessionId=${sessionId}`);
    expect(filtered.body.data).toHaveLength(2);
  });

  it('ten turns: every turn sees all earlier ones; last_k memory sends only the last k, the store keeps all', async () => {
    model.setDefault(echo);
    const allId = await createAgent(stack, { aiProviderId: providerId, conversational: true });
    const lastKId = await createAgent(stack, {
      aiProviderId: providerId,
      conversational: true,
      memory: { strategy: 'last_k', k: 3 },
    });
    for (const agentId of [allId, lastKId]) {
      model.reset();
      model.setDefault(echo);
      let sessionId: string | undefined;
      for (let turn = 1; turn <= 10; turn++) {
        const res = await generate(agentId, { prompt: `message ${turn}`, ...(sessionId ? { sessionId } : {}) });
        expect(res.body.status).toBe('completed');
        sessionId = res.body.sessionId;
      }
      expect(model.requests).toHaveLength(10);
      for (const [i, req] of model.requests.entries()) {
        const turn = i + 1;
        const from = agentId === allId ? 1 : Math.max(1, turn - 3);
        const expected = Array.from({ length: turn - from + 1 }, (_, j) => `message ${from + j}`);
        expect(userPrompts(req)).toEqual(expected);
        // The answers of the earlier turns are there too, each after its prompt.
        const seenBefore = turn - 1 - (agentId === allId ? 1 : Math.max(1, turn - 4)) + 1;
        if (turn > 1) expect(req.messages.at(-2).content).toBe(`answer to "message ${turn - 1}" (saw ${seenBefore})`);
      }
      const stored = await stack.api('GET', `/v1/sessions/${sessionId}/messages`);
      expect(stored.body.data).toHaveLength(20);
    }
  });

  it('workflow history per turn does not grow with the session: turn 15 records as many bytes as turn 2', async () => {
    const { EventType } = temporal.api.enums.v1;
    const workflowTaskEvents = new Set<number>([
      EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED,
      EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED,
      EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED,
      EventType.EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT,
      EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED,
    ]);
    model.setDefault((req) => ({ text: `answer ${userPrompts(req).length}`.padEnd(200, '.') }));
    const agentId = await createAgent(stack, { aiProviderId: providerId, conversational: true });
    const sizes: number[] = [];
    let sessionId: string | undefined;
    for (let turn = 1; turn <= 15; turn++) {
      const res = await generate(agentId, {
        prompt: `turn ${turn}`.padEnd(300, '!'),
        ...(sessionId ? { sessionId } : {}),
      });
      expect(res.body.status).toBe('completed');
      sessionId = res.body.sessionId;
      // The database shows the final status a moment before the workflow closes (docs/adr/0020).
      await stack.temporal.workflow.getHandle(res.body.id).result();
      const history = await stack.temporal.workflow.getHandle(res.body.id).fetchHistory();
      // Workflow task events are left out: how many there are depends on timing (a task that
      // outlives 80% of its timeout on a loaded machine adds a heartbeat), not on the conversation.
      const events = (history.events ?? []).filter((e) => !workflowTaskEvents.has(e.eventType ?? 0));
      sizes.push(temporal.api.history.v1.History.encode({ events }).finish().length);
    }
    // The conversation grows by ~500 bytes a turn; history carries ids and counters only.
    expect(Math.abs(sizes[14]! - sizes[1]!)).toBeLessThan(100);
    expect(model.requests.at(-1)!.messages).toHaveLength(29);
  });

  it('a busy session answers 409 naming the running turn; queue: true waits and runs turns in arrival order', async () => {
    const pauseId = await createTool(stack, { type: 'client', name: 'confirm', parameters: obj() });
    const agentId = await createAgent(stack, { aiProviderId: providerId, conversational: true, toolIds: [pauseId] });
    model.script(call('confirm', {}, 'c1'), { text: 'confirmed' });
    const first = await generate(agentId, { prompt: 'first' });
    expect(first.body.status).toBe('requires_action');
    const sessionId = first.body.sessionId;

    const busy = await generate(agentId, { prompt: 'second', sessionId });
    expect(busy.status).toBe(409);
    expect(busy.body.error).toMatchObject({ code: 'session_busy', details: { generationId: first.body.id } });
    expect(busy.body.error.message).toContain(first.body.id);

    const deleting = await stack.api('DELETE', `/v1/sessions/${sessionId}`);
    expect(deleting.status).toBe(409);

    model.setDefault(echo);
    const second = await generate(agentId, { prompt: 'second', sessionId, queue: true, async: true });
    const third = await generate(agentId, { prompt: 'third', sessionId, queue: true, async: true });
    expect(second.status).toBe(202);
    expect(second.body).toMatchObject({ status: 'queued', sessionId });
    expect(third.body.status).toBe('queued');
    // Nothing of the queued turns reached the model while the first turn is paused.
    expect(model.requests).toHaveLength(1);

    const resumed = await stack.api('POST', `/v1/agents/${agentId}/generate/${first.body.id}/tool-outputs`, {
      toolOutputs: [{ toolCallId: 'c1', output: 'yes' }],
    });
    expect(resumed.body.status).toBe('completed');
    const waitDone = async (id: string) => {
      for (let i = 0; i < 300; i++) {
        const g = await stack.api('GET', `/v1/generations/${id}`);
        if (g.body.status === 'completed' || g.body.status === 'failed') return g.body;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`generation ${id} did not settle`);
    };
    const secondDone = await waitDone(second.body.id);
    const thirdDone = await waitDone(third.body.id);
    expect(secondDone.text).toBe('answer to "second" (saw 2)');
    expect(thirdDone.text).toBe('answer to "third" (saw 3)');
    const prompts = model.requests.slice(2).map((r) => userPrompts(r).at(-1));
    expect(prompts).toEqual(['second', 'third']);
  });

  it('a cancelled queued turn never runs and the next one still gets its turn', async () => {
    const pauseId = await createTool(stack, { type: 'client', name: 'hold', parameters: obj() });
    const agentId = await createAgent(stack, { aiProviderId: providerId, conversational: true, toolIds: [pauseId] });
    model.script(call('hold', {}, 'h1'), { text: 'held' });
    const first = await generate(agentId, { prompt: 'one' });
    const sessionId = first.body.sessionId;
    const queued = await generate(agentId, { prompt: 'two', sessionId, queue: true, async: true });
    const cancelled = await stack.api('POST', `/v1/generations/${queued.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    model.setDefault(echo);
    await stack.api('POST', `/v1/agents/${agentId}/generate/${first.body.id}/tool-outputs`, {
      toolOutputs: [{ toolCallId: 'h1', output: 'ok' }],
    });
    const next = await generate(agentId, { prompt: 'three', sessionId });
    expect(next.body.text).toBe('answer to "three" (saw 2)');
    expect(model.requests.flatMap(userPrompts)).not.toContain('two');
  });

  it('a turn whose release was missed is started by the reconciler', async () => {
    const holdId = await createTool(stack, { type: 'client', name: 'wait_here', parameters: obj() });
    const agentId = await createAgent(stack, { aiProviderId: providerId, conversational: true, toolIds: [holdId] });
    model.script(call('wait_here', {}, 'r1'));
    const first = await generate(agentId, { prompt: 'alpha' });
    expect(first.body.status).toBe('requires_action');
    const sessionId = first.body.sessionId;
    const queued = await generate(agentId, { prompt: 'beta', sessionId, queue: true, async: true });
    expect(queued.body.status).toBe('queued');
    // The first turn ends without its worker handing the turn on (as if it died in between).
    await stack.temporal.workflow.getHandle(first.body.id).terminate('test: settle without release');
    await stack.db.generation.update({ where: { id: first.body.id }, data: { status: 'failed' } });
    model.setDefault(echo);
    const ctx = {
      env: stack.env,
      db: stack.db,
      temporal: stack.temporal,
      feed: stack.runtime.feed,
      secrets: stack.runtime.secrets,
      logger: createLogger('warn', 'reconciler-test'),
    };
    expect(await releaseWaitingGenerations(ctx)).toBe(1);
    const done = await stack.api('GET', `/v1/generations/${queued.body.id}`);
    expect(['queued', 'running', 'completed']).toContain(done.body.status);
    for (
      let i = 0;
      i < 300 && (await stack.db.generation.findUnique({ where: { id: queued.body.id } }))!.status !== 'completed';
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
    const row = await stack.db.generation.findUniqueOrThrow({ where: { id: queued.body.id } });
    // The failed first turn is not part of the history: only completed turns are.
    expect(row).toMatchObject({ status: 'completed', text: 'answer to "beta" (saw 1)', waitingForTurn: false });
  });

  it('clarify and resume: the next generate on the session answers the pending agent_clarify', async () => {
    const agentId = await createAgent(stack, {
      aiProviderId: providerId,
      conversational: true,
      allowClarification: true,
    });
    model.script(calls(['agent_clarify', { question: 'Which city?' }, 'q1']), { text: 'Booked for Paris.' });
    const paused = await generate(agentId, { prompt: 'Book me a hotel' });
    expect(paused.body).toMatchObject({
      status: 'requires_action',
      requiredAction: { type: 'answer_clarification', clarification: { question: 'Which city?' } },
    });
    const sessionId = paused.body.sessionId;
    const answered = await generate(agentId, { prompt: 'Paris', sessionId });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ id: paused.body.id, status: 'completed', text: 'Booked for Paris.' });
    // The prompt is the clarify call's result, not a new user message.
    expect(toolMessages(model.requests[1]!.messages).q1).toBe('Paris');
    expect(userPrompts(model.requests[1]!)).toEqual(['Book me a hotel']);
    const detail = await stack.api('GET', `/v1/sessions/${sessionId}`);
    expect(detail.body.turns).toHaveLength(1);

    // The following turn sees the clarification as part of the conversation.
    model.setDefault(echo);
    await generate(agentId, { prompt: 'Thanks', sessionId });
    expect(toolMessages(model.requests[2]!.messages).q1).toBe('Paris');
  });

  it('session tool cache: full results stay outside the prompt; a later turn reads them instead of calling the tool', async () => {
    let reportCalls = 0;
    const report = Array.from({ length: 400 }, (_, i) => `line ${i}: value ${i * 7}`).join('; ');
    tools.route('/report', (_req, res) => {
      reportCalls += 1;
      json(res, 200, { report });
    });
    const reportId = await createTool(stack, {
      type: 'http',
      name: 'sales_report',
      parameters: obj(),
      execute: { url: `${tools.url}/report` },
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, conversational: true, toolIds: [reportId] });
    model.script(call('sales_report', {}, 'r1'), { text: 'The report is long.' });
    const first = await generate(agentId, { prompt: 'Get the sales report' });
    expect(first.body.status).toBe('completed');
    const sessionId = first.body.sessionId;
    const offered = model.requests[0]!.tools!.map((t: { function: { name: string } }) => t.function.name);
    expect(offered).toEqual(expect.arrayContaining(['sales_report', 'session_cache_list', 'session_cache_get']));
    const compact = toolMessages(model.requests[1]!.messages).r1!;
    expect(compact.length).toBeLessThan(2400);
    const cacheId = /cached as (stc_[0-9a-zA-Z]+)/.exec(compact)![1]!;

    // Turn 2: the model lists the cache, reads the tail of the report from it, and answers.
    model.script(
      call('session_cache_list', {}, 'l1'),
      call('session_cache_get', { id: cacheId, offset: report.length - 30, limit: 100 }, 'g1'),
      { text: 'line 399 says 2793.' },
    );
    const second = await generate(agentId, { prompt: 'What does the last line say?', sessionId });
    expect(second.body).toMatchObject({ status: 'completed', text: 'line 399 says 2793.' });
    const listed = JSON.parse(toolMessages(model.requests[3]!.messages).l1!);
    expect(listed.entries).toMatchObject([{ id: cacheId, tool: 'sales_report', arguments: {} }]);
    expect(listed.entries[0].size).toBeGreaterThan(report.length);
    const read = JSON.parse(toolMessages(model.requests[4]!.messages).g1!);
    expect(read.content).toContain('line 399: value 2793');
    expect(reportCalls).toBe(1);

    // Entries belong to the session: deleting it deletes them.
    expect(await stack.db.sessionToolResult.count({ where: { sessionId } })).toBe(1);
    expect((await stack.api('DELETE', `/v1/sessions/${sessionId}`)).status).toBe(204);
    expect(await stack.db.sessionToolResult.count({ where: { sessionId } })).toBe(0);
  });

  it('streams carry the session id in start; other agents and projects cannot use the session', async () => {
    model.setDefault(echo);
    const agentId = await createAgent(stack, { aiProviderId: providerId, conversational: true });
    const otherAgent = await createAgent(stack, { aiProviderId: providerId });
    const stream = await openSse(
      `${stack.url}/v1/agents/${agentId}/generate`,
      { authorization: `Bearer ${stack.apiKey}` },
      { method: 'POST', body: { prompt: 'hi', stream: true } },
    );
    await stream.ended;
    const start = stream.events.find((e) => e.event === 'start')!;
    const done = stream.events.find((e) => e.event === 'done')!;
    expect(start.data.sessionId).toMatch(/^ses_/);
    expect(done.data.generation.sessionId).toBe(start.data.sessionId);
    const sessionId = start.data.sessionId;

    const wrongAgent = await generate(otherAgent, { prompt: 'x', sessionId });
    expect(wrongAgent.status).toBe(422);
    expect(wrongAgent.body.error.details).toMatchObject({ path: 'body.sessionId' });
    const unknown = await generate(agentId, { prompt: 'x', sessionId: 'ses_doesnotexist123' });
    expect(unknown.status).toBe(404);
    const malformed = await generate(agentId, { prompt: 'x', sessionId: 'sess_abcdefgh1234' });
    expect(malformed.status).toBe(400);

    const other = await createProjectWithKey(stack);
    for (const [method, path] of [
      ['GET', `/v1/sessions/${sessionId}`],
      ['GET', `/v1/sessions/${sessionId}/messages`],
      ['DELETE', `/v1/sessions/${sessionId}`],
    ] as const) {
      expect((await callAs(stack, other.key, method, path)).status).toBe(404);
    }
    expect((await callAs(stack, other.key, 'GET', '/v1/sessions')).body.data).toEqual([]);

    const { key: reader } = await mintKey(stack, [
      { effect: 'Allow', action: ['agents:*'], resource: ['*'] },
      { effect: 'Deny', action: ['agents:DeleteSession'], resource: ['*'] },
    ]);
    expect((await callAs(stack, reader, 'GET', `/v1/sessions/${sessionId}`)).status).toBe(200);
    expect((await callAs(stack, reader, 'DELETE', `/v1/sessions/${sessionId}`)).status).toBe(403);

    const gone = await stack.api('DELETE', `/v1/sessions/${sessionId}`);
    expect(gone.status).toBe(204);
    expect((await stack.api('GET', `/v1/sessions/${sessionId}`)).status).toBe(404);
    expect((await stack.api('GET', `/v1/generations?sessionId=${sessionId}`)).body.data).toEqual([]);
    expect(await stack.db.generationMessage.count({ where: { generationId: done.data.generation.id } })).toBe(0);
  });
});
