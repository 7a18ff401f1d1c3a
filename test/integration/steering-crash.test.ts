import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/** Steering across a kill -9 of the worker (docs/steering.md); api and worker are separate processes. */
describe('steering: kill -9 of the worker before the step boundary', () => {
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

  it('a message accepted while a tool call is in flight is applied exactly once by the restarted worker', async () => {
    let calls = 0;
    tools.route('/stock', (_req, res) => {
      calls += 1;
      // The first attempt never answers: its worker is killed while it waits.
      if (calls === 1) return;
      json(res, 200, { stock: 3 });
    });
    const toolId = await createTool(stack, {
      type: 'http',
      name: 'check_stock',
      parameters: { type: 'object', properties: { sku: { type: 'string' } } },
      execute: { url: `${tools.url}/stock` },
      timeoutSeconds: 60,
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    model.scriptFor(
      'steer-crash',
      { text: '', toolCalls: [{ id: 'call_stock', name: 'check_stock', arguments: { sku: 'A1' } }] },
      { text: 'Shipping from the EU.' },
    );
    const firstAttempt = tools.nextRequest('/stock');
    const started = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'Where is A1? [[script:steer-crash]]',
      async: true,
    });
    expect(started.status).toBe(202);
    const generationId = started.body.id as string;
    await firstAttempt;

    const accepted = await stack.api('POST', `/v1/generations/${generationId}/messages`, {
      content: 'Ship from the EU warehouse. [[script:steer-crash]]',
    });
    expect(accepted.status).toBe(202);
    expect(accepted.body.status).toBe('pending');
    await stack.stopWorker(); // SIGKILL while the tool request is open, before the step boundary
    await stack.startWorker();

    await stack.temporal.workflow.getHandle(generationId).result();
    const done = await stack.api('GET', `/v1/generations/${generationId}`);
    expect(done.body.status).toBe('completed');
    expect(calls).toBe(2);
    const requests = model.requests.filter((r) => r.tag === 'steer-crash');
    const last = requests.at(-1)!;
    const steered = last.messages.filter(
      (m: { content: unknown }) => m.content === 'Ship from the EU warehouse. [[script:steer-crash]]',
    );
    expect(steered).toEqual([{ role: 'user', content: 'Ship from the EU warehouse. [[script:steer-crash]]' }]);
    // Right after the tool result, as without the crash.
    const at = last.messages.findIndex(
      (m: { content: unknown }) => m.content === 'Ship from the EU warehouse. [[script:steer-crash]]',
    );
    expect(last.messages[at - 1]).toMatchObject({ role: 'tool', tool_call_id: 'call_stock' });
    const entries = (done.body.steps as Array<{ type: string; step: number }>).filter((s) => s.type === 'user_message');
    expect(entries).toEqual([expect.objectContaining({ step: 2, messageId: accepted.body.id })]);
    const row = await stack.db.steeringMessage.findUniqueOrThrow({ where: { id: accepted.body.id as string } });
    expect(row).toMatchObject({ status: 'applied', appliedAtStep: 2 });
    expect(await stack.db.generationMessage.count({ where: { generationId, role: 'user' } })).toBe(2);
  });
});
