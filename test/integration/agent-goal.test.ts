import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProvider } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { expectError } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

/** `goal`: the goal-agent seed's name for `instructions`, one alias (docs/generations.md). */
describe('an agent configured with goal', () => {
  let stack: TestStack;
  let model: ModelServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack(), startModelServer()]);
    providerId = await createProvider(stack, model);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  });

  it('is stored and shown as instructions, {{variables}} filled at generation time', async () => {
    const created = await stack.api('POST', '/v1/agents', {
      name: 'goal agent',
      aiProviderId: providerId,
      goal: 'Help {{customer}} track their parcel.',
    });
    expect(created.status).toBe(201);
    expect(created.body.instructions).toBe('Help {{customer}} track their parcel.');
    expect(created.body.goal).toBeUndefined();
    model.script({ text: 'On its way.' });
    const res = await stack.api('POST', `/v1/agents/${created.body.id}/generate`, {
      prompt: 'Where is it?',
      variables: { customer: 'Ada' },
    });
    expect(res.body.status).toBe('completed');
    const system = model.requests.at(-1)!.messages.find((m: { role: string }) => m.role === 'system');
    expect(system?.content).toContain('Help Ada track their parcel.');

    const patched = await stack.api('PATCH', `/v1/agents/${created.body.id}`, { goal: 'Answer {{customer}} briefly.' });
    expect(patched.body.instructions).toBe('Answer {{customer}} briefly.');
    const cleared = await stack.api('PATCH', `/v1/agents/${created.body.id}`, { goal: null });
    expect(cleared.body.instructions).toBeNull();
  });

  it('goal with instructions in one request is a 422 that changes nothing', async () => {
    const before = await stack.db.agent.count();
    const both = await stack.api('POST', '/v1/agents', {
      name: 'both',
      aiProviderId: providerId,
      goal: 'a',
      instructions: 'b',
    });
    expectError(both, 422);
    expect(both.body.error.details.path).toBe('body.goal');
    expect(await stack.db.agent.count()).toBe(before);
    const agent = await stack.api('POST', '/v1/agents', { name: 'one', aiProviderId: providerId, instructions: 'x' });
    const patch = await stack.api('PATCH', `/v1/agents/${agent.body.id}`, { goal: 'a', instructions: 'b' });
    expectError(patch, 422);
    expect((await stack.api('GET', `/v1/agents/${agent.body.id}`)).body.instructions).toBe('x');
  });
});
