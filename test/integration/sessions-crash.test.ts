import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer, type RecordedRequest } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';

const userPrompts = (req: RecordedRequest): string[] =>
  req.messages.filter((m: { role: string }) => m.role === 'user').map((m: { content: string }) => m.content);

/** The api and the worker run as separate OS processes and are SIGKILLed between turns. */
describe('sessions survive kill -9 of the worker and the API', () => {
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

  const generate = (agentId: string, body: Record<string, unknown>) =>
    stack.api('POST', `/v1/agents/${agentId}/generate`, body);
  async function settled(id: string): Promise<{ status: string; text: string | null }> {
    for (let i = 0; i < 600; i++) {
      const g = await stack.api('GET', `/v1/generations/${id}`);
      if (['completed', 'failed', 'cancelled'].includes(g.body?.status)) return g.body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`generation ${id} did not settle`);
  }

  it('a conversation continues after both processes are killed between turns, and a queued turn is not lost', async () => {
    const holdId = await createTool(stack, { type: 'client', name: 'hold', parameters: obj() });
    const agentId = await createAgent(stack, { aiProviderId: providerId, conversational: true, toolIds: [holdId] });
    model.setDefault((req) => ({ text: `reply to ${userPrompts(req).at(-1)} after ${userPrompts(req).length - 1}` }));

    const first = await generate(agentId, { prompt: 'turn one' });
    expect(first.body.status).toBe('completed');
    const sessionId = first.body.sessionId;

    await stack.stopWorker();
    await stack.restartApi();
    await stack.startWorker();

    const second = await generate(agentId, { prompt: 'turn two', sessionId });
    expect(second.body).toMatchObject({ status: 'completed', text: 'reply to turn two after 1' });

    // Turn three pauses on a client tool; turn four queues behind it.
    model.script(call('hold', {}, 'h1'));
    const third = await generate(agentId, { prompt: 'turn three', sessionId });
    expect(third.body.status).toBe('requires_action');
    const fourth = await generate(agentId, { prompt: 'turn four', sessionId, queue: true, async: true });
    expect(fourth.body.status).toBe('queued');

    await stack.stopWorker();
    await stack.restartApi();
    await stack.startWorker();

    const resumed = await stack.api('POST', `/v1/agents/${agentId}/generate/${third.body.id}/tool-outputs`, {
      toolOutputs: [{ toolCallId: 'h1', output: 'done' }],
    });
    expect(resumed.body.status).toBe('completed');
    const fourthDone = await settled(fourth.body.id);
    expect(fourthDone).toMatchObject({ status: 'completed', text: 'reply to turn four after 3' });

    const last = model.requests.at(-1)!;
    expect(userPrompts(last)).toEqual(['turn one', 'turn two', 'turn three', 'turn four']);
    const detail = await stack.api('GET', `/v1/sessions/${sessionId}`);
    expect(detail.body.turns.map((t: { status: string }) => t.status)).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
  });
});
