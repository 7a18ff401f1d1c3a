import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startInlineMcpServer } from '../support/inline-mcp-server.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { openSse } from '../support/sse.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/** The api and the worker run as separate OS processes here, so they can be SIGKILLed. */
describe('durability: kill -9 of the worker and the API', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([
      startStack({ mode: 'processes' }),
      startModelServer(),
      startToolServer(),
    ]);
    providerId = await createProvider(stack, model);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });

  it('a tool call in flight when the worker dies is retried with the same Idempotency-Key and recorded once', async () => {
    let calls = 0;
    tools.route('/charge', (req, res) => {
      calls += 1;
      // The first attempt never answers: its worker is killed while it waits.
      if (calls === 1) return;
      json(res, 200, { charged: req.body.amount, receipt: 'r-1' });
    });
    const toolId = await createTool(stack, {
      type: 'http',
      name: 'charge_card',
      parameters: { type: 'object', properties: { amount: { type: 'number' } } },
      execute: { url: `${tools.url}/charge` },
      timeoutSeconds: 60,
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    model.scriptFor(
      'crash-a',
      { text: '', toolCalls: [{ id: 'call_pay', name: 'charge_card', arguments: { amount: 42 } }] },
      { text: 'Charged 42.' },
    );

    const firstAttempt = tools.nextRequest('/charge');
    const started = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'Pay 42 [[script:crash-a]]',
      async: true,
    });
    expect(started.status).toBe(202);
    const received = await firstAttempt;
    await stack.stopWorker(); // SIGKILL while the tool request is open
    await stack.startWorker();

    const generationId = started.body.id as string;
    await stack.temporal.workflow.getHandle(generationId).result();
    const done = await stack.api('GET', `/v1/generations/${generationId}`);
    expect(done.body).toMatchObject({ status: 'completed', text: 'Charged 42.' });

    const attempts = tools.requests.filter((r) => r.path === '/charge');
    expect(attempts).toHaveLength(2);
    expect(received.headers['idempotency-key']).toBe(`${generationId}:call_pay`);
    expect(attempts[1]!.headers['idempotency-key']).toBe(`${generationId}:call_pay`);
    // The model saw exactly one result for the call.
    const finalRequest = model.requests.filter((r) => r.tag === 'crash-a').at(-1)!;
    const results = finalRequest.messages.filter(
      (m: { role: string; tool_call_id?: string }) => m.role === 'tool' && m.tool_call_id === 'call_pay',
    );
    expect(results).toEqual([
      { role: 'tool', tool_call_id: 'call_pay', content: JSON.stringify({ charged: 42, receipt: 'r-1' }) },
    ]);
  });

  it('a cancel after the worker was killed and the API restarted stops the re-run model call through the database', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    model.scriptFor('crash-cancel', { fault: 'hang' }, { fault: 'hang' });
    const tagged = () => model.requests.filter((r) => r.tag === 'crash-cancel').length;
    const started = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'Hang [[script:crash-cancel]]',
      async: true,
    });
    while (tagged() < 1) await new Promise((r) => setTimeout(r, 20));
    await stack.stopWorker(); // SIGKILL while the model call is open
    await stack.restartApi();
    await stack.startWorker();
    // The new worker runs the call again (its workflow task timed out), and it hangs again.
    while (tagged() < 2) await new Promise((r) => setTimeout(r, 50));

    const generationId = started.body.id as string;
    const cancelled = await stack.api('POST', `/v1/generations/${generationId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', stopReason: 'cancelled' });
    // The API process told the worker process through PostgreSQL (docs/adr/0027).
    expect(await stack.callsStoppedForCancel(generationId)).toBe(1);
    expect(tagged()).toBe(2);
  });

  it('a generation waiting in requires_action survives killing both worker and API, then resumes', async () => {
    const toolId = await createTool(stack, {
      type: 'client',
      name: 'ask_user',
      parameters: { type: 'object', properties: { q: { type: 'string' } } },
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    model.scriptFor(
      'crash-b',
      { text: '', toolCalls: [{ id: 'call_ask', name: 'ask_user', arguments: { q: 'Which size?' } }] },
      { text: 'Size M it is.' },
    );

    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'Buy a shirt [[script:crash-b]]',
    });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({
      status: 'requires_action',
      requiredAction: {
        type: 'submit_tool_outputs',
        toolCalls: [{ toolCallId: 'call_ask', toolName: 'ask_user', arguments: { q: 'Which size?' } }],
      },
    });

    await stack.stopWorker();
    await stack.restartApi();
    await stack.startWorker();

    const resumed = await stack.api('POST', `/v1/agents/${agentId}/generate/${paused.body.id}/tool-outputs`, {
      toolOutputs: [{ toolCallId: 'call_ask', output: 'M' }],
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'completed', text: 'Size M it is.', toolsUsed: ['ask_user'] });
    const last = model.requests.filter((r) => r.tag === 'crash-b').at(-1)!;
    expect(last.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_ask', content: 'M' });
  });

  it('an approval decided after the worker was killed and restarted still resumes the generation', async () => {
    tools.route('/refund', (req, res) => json(res, 200, { refunded: req.body.amount }));
    const toolId = await createTool(stack, {
      type: 'http',
      name: 'refund',
      parameters: { type: 'object', properties: { amount: { type: 'number' } } },
      execute: { url: `${tools.url}/refund` },
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    const hook = await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      matcher: 'refund',
      config: {},
    });
    expect(hook.status).toBe(201);
    model.scriptFor(
      'crash-c',
      { text: '', toolCalls: [{ id: 'call_refund', name: 'refund', arguments: { amount: 30 } }] },
      { text: 'Refunded 30.' },
    );

    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'Refund 30 [[script:crash-c]]',
    });
    expect(paused.body.status).toBe('requires_action');
    await stack.stopWorker();
    await stack.restartApi();
    await stack.startWorker();

    const { approvalId } = paused.body.requiredAction.approvals[0];
    const done = await stack.api('POST', `/v1/generations/${paused.body.id}/approvals/${approvalId}`, {
      approved: true,
      reason: 'customer verified',
    });
    expect(done.body).toMatchObject({ status: 'completed', text: 'Refunded 30.' });
    expect(tools.requests.filter((r) => r.path === '/refund')).toHaveLength(1);
  });

  it('a run cached by a killed worker moves to the next worker after WORKER_STICKY_QUEUE_TIMEOUT_SECONDS', async () => {
    tools.route('/ship', (req, res) => json(res, 200, { shipped: req.body.order }));
    const toolId = await createTool(stack, {
      type: 'http',
      name: 'ship',
      parameters: { type: 'object', properties: { order: { type: 'number' } } },
      execute: { url: `${tools.url}/ship` },
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    const hook = await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      matcher: 'ship',
      config: {},
    });
    expect(hook.status).toBe(201);
    model.scriptFor(
      'crash-sticky',
      { text: '', toolCalls: [{ id: 'call_ship', name: 'ship', arguments: { order: 7 } }] },
      { text: 'Shipped 7.' },
    );
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'Ship 7 [[script:crash-sticky]]',
    });
    expect(paused.body.status).toBe('requires_action');

    // Decided right after the kill: the decision's workflow task goes to the dead worker's sticky
    // queue (the server saw it poll a moment ago), waits there WORKER_STICKY_QUEUE_TIMEOUT_SECONDS
    // (1 s for the tests' spawned workers, 10 s by default), then moves to the shared queue.
    await stack.stopWorker();
    const { approvalId } = paused.body.requiredAction.approvals[0];
    const decided = stack.api('POST', `/v1/generations/${paused.body.id}/approvals/${approvalId}`, {
      approved: true,
      waitSeconds: 0,
    });
    await stack.startWorker();
    expect((await decided).status).toBeLessThan(300);
    const handle = stack.temporal.workflow.getHandle(paused.body.id);
    await handle.result();
    expect(tools.requests.filter((r) => r.path === '/ship')).toHaveLength(1);

    const events = (await handle.fetchHistory()).events ?? [];
    const at = (id: unknown) => {
      const t = events.find((e) => Number(e.eventId) === Number(id))!.eventTime!;
      return Number(t.seconds) * 1000 + (t.nanos ?? 0) / 1e6;
    };
    const SCHEDULE_TO_START = 2; // temporal.api.enums.v1.TimeoutType
    const moved = events.filter((e) => e.workflowTaskTimedOutEventAttributes?.timeoutType === SCHEDULE_TO_START);
    expect(moved).toHaveLength(1);
    const waited = at(moved[0]!.eventId) - at(moved[0]!.workflowTaskTimedOutEventAttributes!.scheduledEventId);
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(5_000);
  });

  it('an at_least_once MCP call in flight when the worker dies is retried after restart and the generation completes', async () => {
    let calls = 0;
    let signalReceived!: () => void;
    const received = new Promise<void>((r) => (signalReceived = r));
    const mcp = await startInlineMcpServer((server) => {
      server.registerTool(
        'export_report',
        { description: 'Exports a report', inputSchema: { id: z.string() } },
        async ({ id }) => {
          calls += 1;
          if (calls === 1) {
            signalReceived();
            await new Promise((r) => setTimeout(r, 60_000)); // its worker is killed meanwhile
          }
          return { content: [{ type: 'text', text: `report ${id} exported` }] };
        },
      );
    });
    try {
      const mcpId = await createTool(stack, {
        type: 'mcp',
        name: 'reports',
        mcp: { url: mcp.url },
        timeoutSeconds: 120,
        // Unannotated MCP tools count as destructive and default to at_most_once (tool-delivery.test.ts).
        delivery: 'at_least_once',
      });
      const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [mcpId] });
      model.scriptFor(
        'crash-d',
        { text: '', toolCalls: [{ id: 'call_mcp', name: 'reports_export_report', arguments: { id: 'Q3' } }] },
        { text: 'Exported.' },
      );
      const started = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
        prompt: 'Export Q3 [[script:crash-d]]',
        async: true,
      });
      await received;
      await stack.stopWorker(); // SIGKILL during the MCP call
      await stack.startWorker();
      await stack.temporal.workflow.getHandle(started.body.id).result();
      const done = await stack.api('GET', `/v1/generations/${started.body.id}`);
      expect(done.body).toMatchObject({ status: 'completed', text: 'Exported.' });
      expect(calls).toBe(2);
      const last = model.requests.filter((r) => r.tag === 'crash-d').at(-1)!;
      expect(last.messages.filter((m: { role: string }) => m.role === 'tool')).toEqual([
        { role: 'tool', tool_call_id: 'call_mcp', content: 'report Q3 exported' },
      ]);
    } finally {
      await mcp.close();
    }
  });

  it('a streamed model call in flight when the worker dies: reset, no duplicated text, done is authoritative', async () => {
    const slow = await startModelServer({ chunkDelayMs: 100 });
    try {
      const agentId = await createAgent(stack, { aiProviderId: await createProvider(stack, slow) });
      const cutOff = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
      slow.script({ text: cutOff }, { text: 'the answer of the retried call' });
      const reader = await openSse(
        `${stack.url}/v1/agents/${agentId}/generate`,
        { authorization: `Bearer ${stack.apiKey}` },
        { method: 'POST', body: { prompt: 'hi', stream: true } },
      );
      const deadline = Date.now() + 30_000;
      while (reader.events.filter((e) => e.event === 'chunk').length < 3 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      await stack.stopWorker(); // SIGKILL mid-stream
      await stack.startWorker();
      await reader.ended;

      const { events } = reader;
      const reset = events.find((e) => e.event === 'reset');
      expect(reset?.data).toMatchObject({ step: 1, attempt: 2 });
      const before = events
        .slice(0, events.indexOf(reset!))
        .filter((e) => e.event === 'chunk')
        .map((e) => e.data.delta)
        .join('');
      expect(before.length).toBeGreaterThan(0);
      expect(cutOff.startsWith(before)).toBe(true);
      expect(before).not.toBe(cutOff);
      const after = events
        .slice(events.indexOf(reset!) + 1)
        .filter((e) => e.event === 'chunk' && e.data.replySeq === reset!.data.replySeq)
        .map((e) => e.data.delta)
        .join('');
      expect(after).toBe('the answer of the retried call');
      const done = events.at(-1)!;
      expect(done).toMatchObject({
        event: 'done',
        data: { generation: { status: 'completed', text: 'the answer of the retried call' } },
      });
      // Each event once: no id repeats across the retry.
      const ids = events.map((e) => e.id).filter((id) => id !== undefined);
      expect(new Set(ids).size).toBe(ids.length);
      expect(slow.requests).toHaveLength(2);
      const stored = await stack.api('GET', `/v1/generations/${done.data.generation.id}`);
      expect(stored.body.text).toBe('the answer of the retried call');
    } finally {
      await slow.close();
    }
  });

  it('a model reply recorded before the worker died is not asked for again (the model call re-runs from its record)', async () => {
    tools.route('/stock', (_req, res) => json(res, 200, { inStock: 3 }));
    const toolId = await createTool(stack, {
      type: 'http',
      name: 'check_stock',
      parameters: { type: 'object', properties: {} },
      execute: { url: `${tools.url}/stock` },
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    // The first call never answers: the test records its reply as the dying execution would have
    // (message, events, trace and progress are one statement), then kills the worker.
    model.scriptFor('crash-recorded', { fault: 'hang' }, { text: 'Three left.' });
    const requestsBefore = model.requests.length;
    const started = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'Any left? [[script:crash-recorded]]',
      async: true,
    });
    const generationId = started.body.id as string;
    const deadline = Date.now() + 30_000;
    while (model.requests.length === requestsBefore && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const last = await stack.db.generationMessage.findFirst({ where: { generationId }, orderBy: { seq: 'desc' } });
    const seq = last!.seq + 1;
    const reply = {
      role: 'assistant',
      content: null,
      finishReason: 'tool_calls',
      usage: { promptTokens: 7, completionTokens: 3 },
      tool_calls: [{ id: 'call_stock', type: 'function', function: { name: 'check_stock', arguments: '{}' } }],
    };
    await stack.db.generationMessage.create({
      data: { generationId, key: String(seq), seq, role: 'assistant', content: reply },
    });
    await stack.stopWorker();
    await stack.startWorker();
    await stack.temporal.workflow.getHandle(generationId).result();

    const done = await stack.api('GET', `/v1/generations/${generationId}`);
    expect(done.body).toMatchObject({ status: 'completed', text: 'Three left.' });
    // The hung request and the final answer: the recorded reply was used, not asked for again.
    expect(model.requests.filter((r) => r.tag === 'crash-recorded')).toHaveLength(2);
    expect(tools.requests.filter((r) => r.path === '/stock')).toHaveLength(1);
    const messages = await stack.db.generationMessage.findMany({ where: { generationId }, orderBy: { seq: 'asc' } });
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    // What the dying execution had not written yet was written by the re-run, once.
    const toolCallEvents = await stack.db.generationEvent.findMany({ where: { generationId, type: 'tool_call' } });
    expect(toolCallEvents).toHaveLength(1);
    expect(done.body.steps.filter((s: { type: string }) => s.type === 'act')).toHaveLength(1);
    expect(done.body.usage).toMatchObject({ promptTokens: expect.any(Number) });
    expect(done.body.usage.promptTokens).toBeGreaterThanOrEqual(7);
  });
});
