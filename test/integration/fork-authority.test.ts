import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { callAs, expectError, mintKey } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';
import { waitFor } from '../support/wait.js';

/**
 * A fork keeps its origin's record, never its origin's authority (docs/fork.md, "What a fork runs
 * with"): provider, tools and their secrets, hooks and boundary policy are the agent's current ones.
 */
describe('fork: today’s configuration, not the origin’s authority', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;
  const SECRET = 'Bearer deleted-tool-secret-5a6b';

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    providerId = await createProvider(stack, model);
    tools.route('/secret', (_req, res) => json(res, 200, { ok: true }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());

  const settled = (id: string) =>
    waitFor(async () => {
      const g = (await stack.api('GET', `/v1/generations/${id}`)).body;
      return ['completed', 'failed', 'cancelled', 'requires_action'].includes(g.status) ? g : undefined;
    }, `generation ${id} to settle`);
  const secretCalls = () => tools.requests.filter((r) => r.path === '/secret');

  it('row 3: a tool detached and deleted since is never called by a fork; a fork keeping its call is a 422 naming it', async () => {
    const toolId = await createTool(stack, {
      type: 'http',
      name: 'secret_tool',
      execute: { url: `${tools.url}/secret`, headers: { Authorization: { value: SECRET, secret: true } } },
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    model.script(call('secret_tool', {}, 'c1'), { text: 'done' });
    const origin = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'use it' });
    expect(origin.body).toMatchObject({ status: 'completed', iterationCount: 2 });
    expect(secretCalls()).toHaveLength(1);
    expect(secretCalls()[0]!.headers.authorization).toBe(SECRET);

    // The operator withdraws the tool: detached from the agent, then deleted.
    const detached = await stack.api('PATCH', `/v1/agents/${agentId}`, { toolIds: [] });
    expect(detached.status, JSON.stringify(detached.body)).toBe(200);
    expect((await stack.api('DELETE', `/v1/tools/${toolId}`)).status).toBe(204);

    // Step 1 kept the tool's call and result: refused, naming the tool; nothing stored.
    const kept = await stack.api('POST', `/v1/generations/${origin.body.id}/fork`, { fromStep: 1 });
    expectError(kept, 422, 'unprocessable');
    expect(kept.body.error.message).toMatch(/secret_tool.*no longer attached/);
    expect(await stack.db.generation.count({ where: { forkedFromGenerationId: origin.body.id } })).toBe(0);

    // From step 0 the model asks for the tool again: it is not offered, and nothing reaches the server.
    model.script(call('secret_tool', {}, 'c2'), { text: 'could not' });
    const requestsBefore = model.requests.length;
    const forked = await stack.api('POST', `/v1/generations/${origin.body.id}/fork`, { fromStep: 0 });
    expect(forked.status, JSON.stringify(forked.body)).toBe(202);
    const done = await settled(forked.body.id);
    expect(done.status).toBe('completed');
    expect(secretCalls()).toHaveLength(1);
    const offered = (model.requests[requestsBefore]!.tools ?? []).map(
      (t: { function: { name: string } }) => t.function.name,
    );
    expect(offered).not.toContain('secret_tool');
    const stored = await stack.db.generation.findUniqueOrThrow({ where: { id: forked.body.id } });
    expect(JSON.stringify(stored.snapshot)).not.toContain(toolId);
  });

  it('a fork calls the provider with its key as it is now, and runs without the approval hook removed since', async () => {
    const provider = await createProvider(stack, model);
    const toolId = await createTool(stack, {
      type: 'http',
      name: 'lookup',
      execute: { url: `${tools.url}/secret` },
      readOnly: true,
    });
    const agentId = await createAgent(stack, { aiProviderId: provider, toolIds: [toolId] });
    const hook = await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      matcher: 'lookup',
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    model.script(call('lookup', {}, 'a1'), { text: 'denied, fine' });
    const origin = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'look it up' });
    expect(origin.body.status).toBe('requires_action');
    const approvalId = origin.body.requiredAction.approvals[0].approvalId;
    expect(
      (await stack.api('POST', `/v1/generations/${origin.body.id}/approvals/${approvalId}`, { approved: false }))
        .status,
    ).toBe(200);
    expect((await settled(origin.body.id)).status).toBe('completed');
    expect(model.requests[0]!.headers.authorization).toBe('Bearer sk-scripted-secret-value');

    // The provider key is rotated (the old one revoked at the provider), the approval hook removed.
    const rotated = await stack.api('PATCH', `/v1/ai-providers/${provider}`, { apiKey: 'sk-rotated-key' });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect((await stack.api('DELETE', `/v1/agents/${agentId}/hooks/${hook.body.id}`)).status).toBe(204);

    model.reset();
    model.script(call('lookup', {}, 'a2'), { text: 'found' });
    const lookups = secretCalls().length;
    const forked = await stack.api('POST', `/v1/generations/${origin.body.id}/fork`, { fromStep: 0 });
    expect(forked.status, JSON.stringify(forked.body)).toBe(202);
    const done = await settled(forked.body.id);
    // No hook now: the lookup runs without waiting for an approval.
    expect(done).toMatchObject({ status: 'completed', text: 'found' });
    expect(secretCalls()).toHaveLength(lookups + 1);
    expect(model.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer sk-rotated-key',
      'Bearer sk-rotated-key',
    ]);
  });

  it('forking needs the generate right on the agent now: a key with only the fork action gets 403, nothing stored', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    model.script({ text: 'first' });
    const origin = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'hello' });
    expect(origin.body.status).toBe('completed');
    const forker = await mintKey(stack, [
      { effect: 'Allow', action: ['agents:ForkAgentGeneration', 'agents:GetAgentGeneration'], resource: ['*'] },
    ]);
    const res = await callAs(stack, forker.key, 'POST', `/v1/generations/${origin.body.id}/fork`, {
      fromStep: 0,
    });
    expectError(res, 403, 'forbidden');
    expect(res.body.error.message).toBe(`Forking needs agents:CreateAgentGeneration on agent ${agentId}`);
    expect(await stack.db.generation.count({ where: { forkedFromGenerationId: origin.body.id } })).toBe(0);
  });
});
