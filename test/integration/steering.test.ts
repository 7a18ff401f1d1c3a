import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { callAs, expectError, mintKey } from '../support/resources.js';
import { openSse } from '../support/sse.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/** Steering (docs/steering.md): a user message added to a running generation. */
describe('steering: POST /v1/generations/{id}/messages', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;
  let toolId: string;
  /** The held tool request's response, answered when the test releases it. */
  const held: ServerResponse[] = [];

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    providerId = await createProvider(stack, model);
    tools.route('/slow', (_req, res) => {
      held.push(res);
    });
    toolId = await createTool(stack, {
      type: 'http',
      name: 'lookup_stock',
      parameters: { type: 'object', properties: { sku: { type: 'string' } } },
      execute: { url: `${tools.url}/slow` },
      timeoutSeconds: 60,
    });
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });

  const auth = () => ({ authorization: `Bearer ${stack.apiKey}` });
  const messages = (id: string) => `/v1/generations/${id}/messages`;

  /** Starts a run whose first step calls the held tool; resolves once the tool request is open. */
  async function runWithToolInFlight(tag: string): Promise<{ generationId: string; agentId: string }> {
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    model.scriptFor(
      tag,
      { text: '', toolCalls: [{ id: `call_${tag}`, name: 'lookup_stock', arguments: { sku: 'A1' } }] },
      { text: 'Shipping from the EU warehouse.' },
    );
    const inFlight = tools.nextRequest('/slow');
    const started = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: `Where is A1? [[script:${tag}]]`,
      async: true,
    });
    expect(started.status).toBe(202);
    await inFlight;
    return { generationId: started.body.id as string, agentId };
  }

  it('a message sent while a tool call is in flight reaches the next model call after the tool result, once', async () => {
    const { generationId } = await runWithToolInFlight('steer-a');
    // The scripted model server finds a request's script in its last user message: the steering message.
    const body = { content: 'Use the EU warehouse instead. [[script:steer-a]]', clientMessageId: 'c-1' };
    const first = await stack.api('POST', messages(generationId), body);
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({
      object: 'generation.message',
      generationId,
      clientMessageId: 'c-1',
      content: body.content,
      status: 'pending',
      appliedAtStep: null,
    });
    // The same clientMessageId again: the same message, not a second one.
    const again = await stack.api('POST', messages(generationId), body);
    expect(again.status).toBe(202);
    expect(again.body.id).toBe(first.body.id);
    // The same id with other content is refused.
    expectError(
      await stack.api('POST', messages(generationId), { ...body, content: 'Something else' }),
      422,
      'idempotency_mismatch',
    );
    // The model call of the step in flight is over; the message waits for the step to finish.
    expect(model.requests.filter((r) => r.tag === 'steer-a')).toHaveLength(1);

    json(held.shift()!, 200, { sku: 'A1', stock: 3 });
    await stack.temporal.workflow.getHandle(generationId).result();

    const calls = model.requests.filter((r) => r.tag === 'steer-a');
    expect(calls).toHaveLength(2);
    const seen = calls[1]!.messages.map((m: { role: string; content: unknown }) => ({
      role: m.role,
      content: m.content,
    }));
    const toolAt = seen.findIndex((m: { role: string }) => m.role === 'tool');
    expect(toolAt).toBeGreaterThan(0);
    expect(seen[toolAt + 1]).toEqual({ role: 'user', content: body.content });
    expect(seen.filter((m: { content: unknown }) => m.content === body.content)).toHaveLength(1);

    // The trace has it before step 2's answer; the record says where it was applied.
    const done = await stack.api('GET', `/v1/generations/${generationId}`);
    expect(done.body.status).toBe('completed');
    const steps = done.body.steps as Array<{ type: string; step: number; messageId?: string; text?: string }>;
    const entry = steps.findIndex((s) => s.type === 'user_message');
    expect(steps[entry]).toMatchObject({ step: 2, messageId: first.body.id, text: body.content });
    expect(steps.filter((s) => s.type === 'user_message')).toHaveLength(1);
    expect(steps.findIndex((s) => s.type === 'observe')).toBeLessThan(entry);
    expect(steps.findIndex((s) => s.type === 'answer')).toBeGreaterThan(entry);
    const replay = await stack.api('POST', messages(generationId), body);
    expect(replay.status).toBe(202);
    expect(replay.body).toMatchObject({ id: first.body.id, status: 'applied', appliedAtStep: 2 });

    // The stream has it, stored: a reconnect with Last-Event-ID just before it gets it again.
    const all = await openSse(`${stack.url}/v1/generations/${generationId}/events`, auth());
    await all.ended;
    const shown = all.events.filter((e) => e.event === 'user_message');
    expect(shown).toHaveLength(1);
    expect(shown[0]!.data).toMatchObject({ messageId: first.body.id, content: body.content, step: 2 });
    const resumed = await openSse(`${stack.url}/v1/generations/${generationId}/events`, {
      ...auth(),
      'last-event-id': String(shown[0]!.id - 1),
    });
    await resumed.ended;
    expect(resumed.events[0]).toMatchObject({ id: shown[0]!.id, event: 'user_message' });
  });

  it('messages sent one after another are applied in order; a completed generation answers 409', async () => {
    const { generationId } = await runWithToolInFlight('steer-b');
    for (const content of ['first note [[script:steer-b]]', 'second note [[script:steer-b]]'])
      expect((await stack.api('POST', messages(generationId), { content })).status).toBe(202);
    json(held.shift()!, 200, { sku: 'A1', stock: 0 });
    await stack.temporal.workflow.getHandle(generationId).result();
    const last = model.requests.filter((r) => r.tag === 'steer-b').at(-1)!;
    const users = last.messages
      .filter((m: { role: string }) => m.role === 'user')
      .map((m: { content: string }) => m.content);
    expect(users.slice(-2)).toEqual(['first note [[script:steer-b]]', 'second note [[script:steer-b]]']);

    expectError(await stack.api('POST', messages(generationId), { content: 'too late' }), 409, 'conflict');
    expect(await stack.db.steeringMessage.count({ where: { generationId } })).toBe(2);
  });

  it('a paused generation takes a message and applies it at the model call after the pause is answered', async () => {
    const clientTool = await createTool(stack, {
      type: 'client',
      name: 'ask_size',
      parameters: { type: 'object', properties: { q: { type: 'string' } } },
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [clientTool] });
    model.scriptFor(
      'steer-c',
      { text: '', toolCalls: [{ id: 'call_size', name: 'ask_size', arguments: { q: 'Which size?' } }] },
      { text: 'Size M, gift-wrapped.' },
    );
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'Buy a shirt [[script:steer-c]]',
    });
    expect(paused.body.status).toBe('requires_action');
    const generationId = paused.body.id as string;
    const accepted = await stack.api('POST', messages(generationId), { content: 'Gift-wrap it. [[script:steer-c]]' });
    expect(accepted.status).toBe(202);
    expect(accepted.body.status).toBe('pending');
    const resumed = await stack.api('POST', `/v1/agents/${agentId}/generate/${generationId}/tool-outputs`, {
      toolOutputs: [{ toolCallId: 'call_size', output: 'M' }],
    });
    expect(resumed.body.status).toBe('completed');
    const last = model.requests.filter((r) => r.tag === 'steer-c').at(-1)!;
    const tail = last.messages.slice(-2).map((m: { role: string; content: unknown }) => [m.role, m.content]);
    expect(tail).toEqual([
      ['tool', 'M'],
      ['user', 'Gift-wrap it. [[script:steer-c]]'],
    ]);
    const row = await stack.db.steeringMessage.findUniqueOrThrow({ where: { id: accepted.body.id as string } });
    expect(row).toMatchObject({ status: 'applied', appliedAtStep: 2 });
  });

  it('a message accepted while the last model call is in flight is not_applied once the run ends', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    let arrived!: () => void;
    const modelCalled = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    model.scriptFor('steer-e', async () => {
      arrived();
      await released;
      return { text: 'All done.' };
    });
    const started = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'Finish up [[script:steer-e]]',
      async: true,
    });
    const generationId = started.body.id as string;
    await modelCalled;
    const body = { content: 'One more thing.', clientMessageId: 'late-1' };
    const accepted = await stack.api('POST', messages(generationId), body);
    expect(accepted.status).toBe(202);
    expect(accepted.body.status).toBe('pending');
    release();
    await stack.temporal.workflow.getHandle(generationId).result();
    expect(model.requests.filter((r) => r.tag === 'steer-e')).toHaveLength(1);
    const after = await stack.api('POST', messages(generationId), body);
    expect(after.status).toBe(202);
    expect(after.body).toMatchObject({ id: accepted.body.id, status: 'not_applied', appliedAtStep: null });
  });

  it('an agent-level Deny of SteerAgentGeneration is a 403 and stores nothing', async () => {
    const { generationId } = await runWithToolInFlight('steer-d');
    const denied = await mintKey(stack, [
      { effect: 'Allow', action: ['*'], resource: ['*'] },
      { effect: 'Deny', action: ['agents:SteerAgentGeneration'], resource: [`${stack.projectId}:agents/*`] },
    ]);
    expectError(await callAs(stack, denied.key, 'POST', messages(generationId), { content: 'hi' }), 403, 'forbidden');
    expect(await stack.db.steeringMessage.count({ where: { generationId } })).toBe(0);
    json(held.shift()!, 200, { sku: 'A1', stock: 2 });
    await stack.temporal.workflow.getHandle(generationId).result();
  });
});
