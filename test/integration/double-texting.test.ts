import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, obj, toolMessages } from '../support/fixtures.js';
import { startModelServer, type ModelServer, type RecordedRequest } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';
import { stopSupersededTurns } from '../../api/generations/hand-off.js';
import { createLogger } from '../../infra/logger.js';

const userPrompts = (req: RecordedRequest): string[] =>
  req.messages.filter((m: { role: string }) => m.role === 'user').map((m: { content: string }) => m.content);
const echo = (req: RecordedRequest) => ({
  text: `answer to ${userPrompts(req).at(-1)} (saw ${userPrompts(req).length})`,
});

/** Double-texting (docs/double-texting.md): a new turn of a busy session, by multitaskStrategy. */
describe('double-texting: reject, enqueue, interrupt, rollback', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;
  let lookupId: string;
  let payId: string;
  let holdId: string;
  let paid = 0;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    providerId = await createProvider(stack, model);
    tools.route('/lookup', (_req, res) => json(res, 200, { found: 'blue-42' }));
    tools.route('/pay', (_req, res) => {
      paid += 1;
      json(res, 200, { paid: true });
    });
    lookupId = await createTool(stack, {
      type: 'http',
      name: 'lookup',
      parameters: obj(),
      execute: { url: `${tools.url}/lookup` },
    });
    payId = await createTool(stack, {
      type: 'http',
      name: 'pay',
      parameters: obj(),
      execute: { url: `${tools.url}/pay` },
      delivery: 'at_most_once',
    });
    holdId = await createTool(stack, { type: 'client', name: 'hold', parameters: obj() });
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());

  const generate = (agentId: string, body: Record<string, unknown>) =>
    stack.api('POST', `/v1/agents/${agentId}/generate`, body);
  const agent = (extra: Record<string, unknown> = {}) =>
    createAgent(stack, {
      aiProviderId: providerId,
      conversational: true,
      toolIds: [lookupId, payId, holdId],
      ...extra,
    });
  async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
    for (let i = 0; i < 600; i++) {
      const value = await probe();
      if (value !== undefined) return value;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  }
  const settled = (id: string) =>
    until(`generation ${id}`, async () => {
      const g = await stack.api('GET', `/v1/generations/${id}`);
      return ['completed', 'failed', 'cancelled'].includes(g.body.status) ? g.body : undefined;
    });

  /** Turn one calls `tool`, gets its result, and is then stuck in its second model call. */
  async function busyTurn(agentId: string, tool: 'lookup' | 'pay'): Promise<{ id: string; sessionId: string }> {
    model.script(call(tool, {}, 'c1'), { fault: 'hang' });
    model.setDefault(echo);
    const first = await generate(agentId, { prompt: 'one', async: true });
    expect(first.status).toBe(202);
    await until('the second model call', async () => (model.requests.length >= 2 ? true : undefined));
    return { id: first.body.id, sessionId: first.body.sessionId };
  }

  it('interrupt stops the running turn, keeps its tool result, and the new turn sees it', async () => {
    const agentId = await agent();
    const first = await busyTurn(agentId, 'lookup');
    const second = await generate(agentId, {
      prompt: 'two',
      sessionId: first.sessionId,
      multitaskStrategy: 'interrupt',
    });
    expect(second.body).toMatchObject({ status: 'completed', text: 'answer to two (saw 2)' });

    const stopped = await settled(first.id);
    expect(stopped).toMatchObject({ status: 'cancelled', stopReason: 'interrupted' });
    const last = model.requests.at(-1)!;
    expect(userPrompts(last)).toEqual(['one', 'two']);
    expect(toolMessages(last.messages).c1).toContain('blue-42');
    const session = await stack.api('GET', `/v1/sessions/${first.sessionId}`);
    expect(session.body.turns.map((t: { stopReason: string }) => t.stopReason)).toEqual([
      'interrupted',
      'final_answer',
    ]);
  });

  it('rollback cancels the running turn and drops its messages from the history; its trace keeps them', async () => {
    const agentId = await agent();
    const first = await busyTurn(agentId, 'lookup');
    const second = await generate(agentId, {
      prompt: 'two',
      sessionId: first.sessionId,
      multitaskStrategy: 'rollback',
    });
    expect(second.body).toMatchObject({ status: 'completed', text: 'answer to two (saw 1)' });

    const stopped = await settled(first.id);
    expect(stopped).toMatchObject({ status: 'cancelled', stopReason: 'rolled_back' });
    const last = model.requests.at(-1)!;
    expect(userPrompts(last)).toEqual(['two']);
    expect(JSON.stringify(last.messages)).not.toContain('blue-42');
    expect(
      stopped.steps.some((s: { type: string; toolCallId?: string }) => s.type === 'observe' && s.toolCallId === 'c1'),
    ).toBe(true);

    // A later turn does not see the rolled-back one either.
    const third = await generate(agentId, { prompt: 'three', sessionId: first.sessionId });
    expect(third.body.text).toBe('answer to three (saw 2)');
  });

  it('rollback is refused (409) once the running turn called an at_most_once tool; the turn keeps running', async () => {
    const agentId = await agent();
    const before = paid;
    const first = await busyTurn(agentId, 'pay');
    expect(paid).toBe(before + 1);
    const refused = await generate(agentId, {
      prompt: 'two',
      sessionId: first.sessionId,
      multitaskStrategy: 'rollback',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'rollback_refused', details: { generationId: first.id } });
    expect(refused.body.error.message).toContain('at_most_once');
    expect((await stack.api('GET', `/v1/generations/${first.id}`)).body.status).toBe('running');

    // interrupt is still possible: the payment stays in the history, and is not repeated.
    const second = await generate(agentId, {
      prompt: 'two',
      sessionId: first.sessionId,
      multitaskStrategy: 'interrupt',
    });
    expect(second.body.status).toBe('completed');
    expect(toolMessages(model.requests.at(-1)!.messages).c1).toContain('paid');
    expect(paid).toBe(before + 1);
  });

  it('reject answers 409 (the default); queue disagreeing with multitaskStrategy is 422', async () => {
    const agentId = await agent();
    const first = await busyTurn(agentId, 'lookup');
    const busy = await generate(agentId, { prompt: 'two', sessionId: first.sessionId });
    expect(busy.status).toBe(409);
    expect(busy.body.error).toMatchObject({ code: 'session_busy', details: { generationId: first.id } });
    const explicit = await generate(agentId, {
      prompt: 'two',
      sessionId: first.sessionId,
      multitaskStrategy: 'reject',
    });
    expect(explicit.status).toBe(409);
    const conflict = await generate(agentId, {
      prompt: 'two',
      sessionId: first.sessionId,
      multitaskStrategy: 'interrupt',
      queue: true,
    });
    expect(conflict.status).toBe(422);
    expect(conflict.body.error.details).toMatchObject({ path: 'body.queue' });
    expect((await stack.api('GET', `/v1/generations/${first.id}`)).body.status).toBe('running');
    await stack.api('POST', `/v1/generations/${first.id}/cancel`);
  });

  it('enqueue waits for the paused turn and runs after it, which completes normally', async () => {
    const agentId = await agent();
    model.script(call('hold', {}, 'h1'), { text: 'held' });
    const first = await generate(agentId, { prompt: 'one' });
    expect(first.body.status).toBe('requires_action');
    model.setDefault(echo);
    const second = await generate(agentId, {
      prompt: 'two',
      sessionId: first.body.sessionId,
      multitaskStrategy: 'enqueue',
      async: true,
    });
    expect(second.body.status).toBe('queued');
    expect(model.requests).toHaveLength(1);
    await stack.api('POST', `/v1/agents/${agentId}/generate/${first.body.id}/tool-outputs`, {
      toolOutputs: [{ toolCallId: 'h1', output: 'ok' }],
    });
    expect(await settled(first.body.id)).toMatchObject({ status: 'completed', text: 'held' });
    expect(await settled(second.body.id)).toMatchObject({ status: 'completed', text: 'answer to two (saw 2)' });
  });

  it("the agent's multitaskStrategy applies when the request names none; the request's wins", async () => {
    const agentId = await agent({ multitaskStrategy: 'interrupt' });
    expect((await stack.api('GET', `/v1/agents/${agentId}`)).body.multitaskStrategy).toBe('interrupt');
    const first = await busyTurn(agentId, 'lookup');
    const refused = await generate(agentId, { prompt: 'x', sessionId: first.sessionId, multitaskStrategy: 'reject' });
    expect(refused.status).toBe(409);
    const second = await generate(agentId, { prompt: 'two', sessionId: first.sessionId });
    expect(second.body.status).toBe('completed');
    expect(await settled(first.id)).toMatchObject({ status: 'cancelled', stopReason: 'interrupted' });

    const patched = await stack.api('PATCH', `/v1/agents/${agentId}`, { multitaskStrategy: null });
    expect(patched.body.multitaskStrategy).toBe('reject');
  });

  it('a stop stored by a request that died before asking Temporal is asked for by the reconciler', async () => {
    const agentId = await agent();
    const first = await busyTurn(agentId, 'lookup');
    const second = await generate(agentId, { prompt: 'two', sessionId: first.sessionId, queue: true, async: true });
    expect(second.body.status).toBe('queued');
    // What an interrupt's transaction stores; its request died before it asked for the cancel.
    await stack.db.generation.update({ where: { id: first.id }, data: { multitaskStop: 'interrupted' } });
    const ctx = {
      env: stack.env,
      db: stack.db,
      temporal: stack.temporal,
      feed: stack.runtime.feed,
      secrets: stack.runtime.secrets,
      logger: createLogger('warn', 'reconciler-test'),
    };
    expect(await stopSupersededTurns(ctx, 0)).toBe(1);
    expect(await settled(first.id)).toMatchObject({ status: 'cancelled', stopReason: 'interrupted' });
    expect(await settled(second.body.id)).toMatchObject({ status: 'completed', text: 'answer to two (saw 2)' });
    expect(toolMessages(model.requests.at(-1)!.messages).c1).toContain('blue-42');
    expect(await stopSupersededTurns(ctx, 0)).toBe(0);
  });
});
