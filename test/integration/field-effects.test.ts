import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { expectError } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

/**
 * Fields the API accepted and ignored (the seed audit's list): each now has its effect, or is
 * refused with 422 `not_implemented` and changes nothing.
 */
describe('no field without its effect', () => {
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
  beforeEach(() => model.reset());

  it("a platform tool's maxResultChars caps what the model sees of an action's result", async () => {
    for (let i = 0; i < 6; i++) await createAgent(stack, { aiProviderId: providerId, name: `filler ${i}` });
    const toolId = await createTool(stack, {
      type: 'platform',
      name: 'gc',
      actions: ['list-agents'],
      maxResultChars: 200,
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    model.script(call('gc_list_agents', {}), { text: 'listed' });
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'list them' });
    expect(res.body.status).toBe('completed');
    const seen = String(model.requests[1]!.messages.at(-1)!.content);
    expect(seen).toMatch(/truncated/);
    expect(seen.length).toBeLessThan(400);
  });

  it('a platform tool with readOnly is refused (each action says whether it reads); nothing is written', async () => {
    const before = await stack.db.agentTool.count();
    const created = await stack.api('POST', '/v1/tools', {
      type: 'platform',
      name: 'pa',
      actions: ['create-agent-generation'],
      readOnly: true,
    });
    expectError(created, 422);
    expect(created.body.error).toMatchObject({ code: 'not_implemented', details: { path: 'body.readOnly' } });
    expect(await stack.db.agentTool.count()).toBe(before);
    const ok = await stack.api('POST', '/v1/tools', { type: 'platform', name: 'pa', actions: ['list-agents'] });
    expect(ok.status).toBe(201);
    const patched = await stack.api('PATCH', `/v1/tools/${ok.body.id}`, { readOnly: false });
    expect(patched.body.error?.code).toBe('not_implemented');
    // A PATCH that does not name readOnly still works.
    expect((await stack.api('PATCH', `/v1/tools/${ok.body.id}`, { description: 'agents' })).status).toBe(200);
  });

  it('a rule hook deciding "allow" is refused rather than stored and ignored', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    const hook = (decision: string) =>
      stack.api('POST', `/v1/agents/${agentId}/hooks`, {
        event: 'PreToolUse',
        type: 'rule',
        config: { decision, conditions: [{ path: 'sql', operator: 'CONTAINS', value: 'DROP' }] },
      });
    const allowed = await hook('allow');
    expectError(allowed, 422);
    expect(allowed.body.error).toMatchObject({ code: 'not_implemented', details: { path: 'body.config.decision' } });
    expect(await stack.db.hook.count({ where: { agentId } })).toBe(0);
    const denied = await hook('deny');
    expect(denied.status).toBe(201);
    const patched = await stack.api('PATCH', `/v1/agents/${agentId}/hooks/${denied.body.id}`, {
      config: { decision: 'allow', conditions: [{ path: 'sql', operator: 'CONTAINS', value: 'SELECT' }] },
    });
    expect(patched.body.error?.code).toBe('not_implemented');
    expect((await stack.api('GET', `/v1/agents/${agentId}/hooks/${denied.body.id}`)).body.config.decision).toBe('deny');
  });
  it('timeoutSeconds on a client or agent tool is refused (the call waits without one); nothing is written', async () => {
    const targetId = await createAgent(stack, { aiProviderId: providerId, name: 'timeout target' });
    const before = await stack.db.agentTool.count();
    const parameters = { type: 'object', properties: { q: { type: 'string' } } };
    const client = await stack.api('POST', '/v1/tools', {
      type: 'client',
      name: 'ask_user',
      parameters,
      timeoutSeconds: 60,
    });
    expectError(client, 422);
    expect(client.body.error).toMatchObject({ code: 'not_implemented', details: { path: 'body.timeoutSeconds' } });
    const agent = await stack.api('POST', '/v1/tools', {
      type: 'agent',
      name: 'helper',
      agentId: targetId,
      timeoutSeconds: 60,
    });
    expect(agent.body.error).toMatchObject({ code: 'not_implemented', details: { path: 'body.timeoutSeconds' } });
    expect(await stack.db.agentTool.count()).toBe(before);

    const ok = await stack.api('POST', '/v1/tools', { type: 'client', name: 'ask_user', parameters });
    expect(ok.status).toBe(201);
    const patched = await stack.api('PATCH', `/v1/tools/${ok.body.id}`, { timeoutSeconds: 10 });
    expect(patched.body.error?.code).toBe('not_implemented');
    expect((await stack.api('PATCH', `/v1/tools/${ok.body.id}`, { description: 'asks' })).status).toBe(200);
    // An http tool (whose timeout applies) becomes a client tool: its stored timeout is not "sent".
    const http = await stack.api('POST', '/v1/tools', {
      type: 'http',
      name: 'lookup',
      parameters,
      execute: { url: 'https://example.com/lookup' },
      timeoutSeconds: 12,
    });
    const retyped = await stack.api('PATCH', `/v1/tools/${http.body.id}`, {
      type: 'client',
      execute: null,
      delivery: null,
    });
    expect(retyped.body.error ?? null, JSON.stringify(retyped.body)).toBeNull();
    expect(retyped.body.type).toBe('client');
  });
});
