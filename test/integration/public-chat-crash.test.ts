import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/** The api and the worker run as separate OS processes here, so they can be SIGKILLed. */
describe('public chat survives crashes', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([
      startStack({ mode: 'processes' }),
      startModelServer(),
      startToolServer(),
    ]);
    tools.route('/refund', (req, res) => json(res, 200, { refunded: req.body }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });

  it('a turn paused for approval completes after kill -9 of the worker and a restart of the API', async () => {
    const providerId = await createProvider(stack, model);
    const toolId = await createTool(stack, {
      type: 'http',
      name: 'refund_order',
      parameters: obj({ orderId: { type: 'string' } }),
      execute: { url: `${tools.url}/refund` },
    });
    const agent = await stack.api('POST', '/v1/agents', {
      name: 'Crash shop',
      aiProviderId: providerId,
      toolIds: [toolId],
      allowClarification: false,
      publicChat: { enabled: true, allowedOrigins: [] },
    });
    expect(agent.status).toBe(201);
    const hook = await stack.api('POST', `/v1/agents/${agent.body.id}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      matcher: 'refund_order',
      config: {},
    });
    expect(hook.status).toBe(201);
    model.script(call('refund_order', { orderId: 'C-3' }), { text: 'Refunded C-3.' });

    const turn = await fetch(`${stack.url}/v1/public/agents/${agent.body.slug}/chat`, {
      method: 'POST',
      headers: { 'x-agent-key': agent.body.publicChatKey, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'refund C-3' }),
    });
    expect(turn.status).toBe(200);
    expect(await turn.json()).toMatchObject({ status: 'pending', pending: { reason: 'approval' } });

    await stack.stopWorker(); // SIGKILL
    await stack.restartApi();
    await stack.startWorker();

    const pending = await stack.api('GET', '/v1/approvals?status=pending');
    const approval = pending.body.data[0];
    const decided = await stack.api('POST', `/v1/generations/${approval.generationId}/approvals/${approval.id}`, {
      approved: true,
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body).toMatchObject({ status: 'completed', text: 'Refunded C-3.' });
    expect(tools.requests.filter((r) => r.path === '/refund')).toHaveLength(1);
  });
  it('a public-chat conversation continues after kill -9 of the worker between turns, clarification included', async () => {
    const providerId = await createProvider(stack, model);
    const agent = await stack.api('POST', '/v1/agents', {
      name: 'Crash chat',
      aiProviderId: providerId,
      conversational: true,
      allowClarification: true,
      publicChat: { enabled: true, allowedOrigins: [] },
    });
    expect(agent.status).toBe(201);
    const turn = async (query: string, sessionId?: string) => {
      const res = await fetch(`${stack.url}/v1/public/agents/${agent.body.slug}/chat`, {
        method: 'POST',
        headers: { 'x-agent-key': agent.body.publicChatKey, 'content-type': 'application/json' },
        body: JSON.stringify({ query, ...(sessionId ? { sessionId } : {}) }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { status: string; answer: string | null; sessionId: string };
    };
    const userPrompts = (i: number) =>
      model.requests[i]!.messages.filter((m) => m.role === 'user').map((m) => m.content as string);
    model.reset();
    model.script(
      { text: 'Noted: your name is Ada.' },
      call('agent_clarify', { question: 'Which city?' }, 'k1'),
      (req) => ({
        text: `Ada, the weather in ${String(req.messages.find((m) => m.role === 'tool' && m.tool_call_id === 'k1')?.content)} is fine.`,
      }),
    );
    const first = await turn('My name is Ada');
    expect(first).toMatchObject({ status: 'completed', answer: 'Noted: your name is Ada.' });
    const sessionId = first.sessionId;

    await stack.stopWorker(); // SIGKILL
    await stack.startWorker();

    const asked = await turn('What is the weather?', sessionId);
    expect(asked).toMatchObject({ status: 'clarification', sessionId });
    expect(userPrompts(1)).toEqual(['My name is Ada', 'What is the weather?']);

    await stack.stopWorker(); // SIGKILL while the turn waits for the answer
    await stack.restartApi();
    await stack.startWorker();

    const answered = await turn('Oslo', sessionId);
    expect(answered).toMatchObject({ status: 'completed', answer: 'Ada, the weather in Oslo is fine.', sessionId });
    const detail = await stack.api('GET', `/v1/sessions/${sessionId}`);
    expect(detail.body.turns.map((t: { status: string }) => t.status)).toEqual(['completed', 'completed']);
  });
});
