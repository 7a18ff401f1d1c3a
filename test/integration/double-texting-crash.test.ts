import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, obj, toolMessages } from '../support/fixtures.js';
import { startModelServer, type ModelServer, type RecordedRequest } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';

const userPrompts = (req: RecordedRequest): string[] =>
  req.messages.filter((m: { role: string }) => m.role === 'user').map((m: { content: string }) => m.content);

/**
 * Double-texting across crashes (docs/double-texting.md): the api and the worker run as separate
 * OS processes; an interrupt is placed while the worker is down and the API is SIGKILLed before
 * the stopped turn ends or the new one starts. Both happen after the restart, exactly once.
 */
describe('double-texting survives kill -9 of the API and the worker', () => {
  let stack: TestStack;
  let model: ModelServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack({ mode: 'processes' }), startModelServer()]);
    providerId = await createProvider(stack, model);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  });

  async function settled(id: string): Promise<{ status: string; stopReason: string | null; text: string | null }> {
    for (let i = 0; i < 600; i++) {
      const g = await stack.api('GET', `/v1/generations/${id}`);
      if (['completed', 'failed', 'cancelled'].includes(g.body?.status)) return g.body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`generation ${id} did not settle`);
  }

  it('an interrupt placed before the crash ends the paused turn and starts the new one after it', async () => {
    const holdId = await createTool(stack, { type: 'client', name: 'hold', parameters: obj() });
    const agentId = await createAgent(stack, {
      aiProviderId: providerId,
      conversational: true,
      toolIds: [holdId],
      multitaskStrategy: 'interrupt',
    });
    model.script(call('hold', { why: 'first' }, 'h1'));
    model.setDefault((req) => ({ text: `reply to ${userPrompts(req).at(-1)} after ${userPrompts(req).length - 1}` }));
    const first = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'turn one' });
    expect(first.body.status).toBe('requires_action');
    const sessionId = first.body.sessionId;

    await stack.stopWorker();
    const second = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'turn two',
      sessionId,
      async: true,
    });
    expect(second.body.status).toBe('queued');
    const stored = await stack.db.generation.findUniqueOrThrow({ where: { id: first.body.id } });
    expect(stored).toMatchObject({ status: 'requires_action', multitaskStop: 'interrupted' });

    await stack.restartApi();
    await stack.startWorker();

    expect(await settled(first.body.id)).toMatchObject({ status: 'cancelled', stopReason: 'interrupted' });
    expect(await settled(second.body.id)).toMatchObject({ status: 'completed', text: 'reply to turn two after 1' });
    const last = model.requests.at(-1)!;
    expect(userPrompts(last)).toEqual(['turn one', 'turn two']);
    // The interrupted turn's unanswered call is in the history, with the note that it has no result.
    const held = last.messages.find((m: { tool_calls?: Array<{ id: string }> }) =>
      m.tool_calls?.some((c) => c.id === 'h1'),
    );
    expect(held).toBeDefined();
    expect(toolMessages(last.messages).h1).toContain('no result was recorded');
    expect(model.requests).toHaveLength(2);

    const detail = await stack.api('GET', `/v1/sessions/${sessionId}`);
    expect(detail.body.turns.map((t: { status: string }) => t.status)).toEqual(['cancelled', 'completed']);
    expect(detail.body.activeGenerationId).toBeNull();
  });
});
