import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { callAs, createProjectWithKey, expectError, expectStatus, mintKey } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

/**
 * Requests addressed by a generation id, with real generations paused on each kind of action:
 * an agent-level Deny covers the agent's generations, and another project's key gets 404 on every
 * generation endpoint.
 */
describe('access to generations', () => {
  let stack: TestStack;
  let model: ModelServer;
  const g = {
    approvalAgent: '',
    approvalGen: '',
    approvalId: '',
    clientAgent: '',
    clientGen: '',
    clarifyAgent: '',
    clarifyGen: '',
    doneAgent: '',
    doneGen: '',
  };

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack(), startModelServer()]);
    const providerId = await createProvider(stack, model);

    const gated = await createTool(stack, { type: 'client', name: 'gated', parameters: obj() });
    g.approvalAgent = await createAgent(stack, { aiProviderId: providerId, toolIds: [gated] });
    expectStatus(
      await stack.api('POST', `/v1/agents/${g.approvalAgent}/hooks`, {
        event: 'PreToolUse',
        type: 'approval',
        matcher: 'gated',
        config: {},
      }),
      201,
    );
    model.script(calls(['gated', {}, 'a1']));
    const approval = await stack.api('POST', `/v1/agents/${g.approvalAgent}/generate`, { prompt: 'approve me' });
    expect(approval.body.status, JSON.stringify(approval.body)).toBe('requires_action');
    g.approvalGen = approval.body.id;
    g.approvalId = approval.body.requiredAction.approvals[0].approvalId;

    const client = await createTool(stack, { type: 'client', name: 'ask_client', parameters: obj() });
    g.clientAgent = await createAgent(stack, { aiProviderId: providerId, toolIds: [client] });
    model.script(calls(['ask_client', {}, 'c1']));
    const paused = await stack.api('POST', `/v1/agents/${g.clientAgent}/generate`, { prompt: 'client' });
    expect(paused.body.requiredAction?.type, JSON.stringify(paused.body)).toBe('submit_tool_outputs');
    g.clientGen = paused.body.id;

    g.clarifyAgent = await createAgent(stack, { aiProviderId: providerId, allowClarification: true });
    model.script(calls(['agent_clarify', { question: 'Which?' }, 'q1']));
    const clarify = await stack.api('POST', `/v1/agents/${g.clarifyAgent}/generate`, { prompt: 'clarify' });
    expect(clarify.body.requiredAction?.type, JSON.stringify(clarify.body)).toBe('answer_clarification');
    g.clarifyGen = clarify.body.id;

    g.doneAgent = await createAgent(stack, { aiProviderId: providerId });
    model.script({ text: 'done' });
    const done = await stack.api('POST', `/v1/agents/${g.doneAgent}/generate`, { prompt: 'finish' });
    expect(done.body.status).toBe('completed');
    g.doneGen = done.body.id;
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  });

  /** Every endpoint that addresses one generation, for a generation of `agentId`. */
  function endpoints(agentId: string, id: string): Array<[string, string, unknown?]> {
    return [
      ['GET', `/v1/generations/${id}`],
      ['GET', `/v1/agents/${agentId}/generations/${id}`],
      ['GET', `/v1/generations/${id}/events`],
      ['GET', `/v1/generations/${id}/webhook-deliveries`],
      ['POST', `/v1/generations/${id}/cancel`],
      ['POST', `/v1/agents/${agentId}/generate/${id}/tool-outputs`, { toolOutputs: [{ toolCallId: 'c1', output: 1 }] }],
      ['POST', `/v1/generations/${id}/approvals/${g.approvalId}`, { approved: true }],
      ['POST', `/v1/generations/${id}/clarification`, { answer: 'this one' }],
    ];
  }

  it("an agent-level Deny covers that agent's generations: read, stream, cancel, decide, answer, tool outputs", async () => {
    for (const [agentId, id] of [
      [g.approvalAgent, g.approvalGen],
      [g.clientAgent, g.clientGen],
      [g.clarifyAgent, g.clarifyGen],
      [g.doneAgent, g.doneGen],
    ] as const) {
      const denied = await mintKey(stack, [
        { effect: 'Allow', action: ['*'], resource: ['*'] },
        { effect: 'Deny', action: ['agents:*'], resource: [`${stack.projectId}:agents/${agentId}`] },
      ]);
      for (const [method, path, body] of endpoints(agentId, id)) {
        const res = await callAs(stack, denied.key, method, path, body);
        expectError(res, 403, 'forbidden');
      }
      // The approval of a denied agent is not readable, and lists leave its rows out.
      if (id === g.approvalGen)
        expectError(await callAs(stack, denied.key, 'GET', `/v1/approvals/${g.approvalId}`), 403);
      const list = await callAs(stack, denied.key, 'GET', '/v1/generations?limit=100');
      expectStatus(list, 200);
      const ids = list.body.data.map((x: { id: string }) => x.id);
      expect(ids).not.toContain(id);
      expect(ids.length).toBe(3);
      const inbox = await callAs(stack, denied.key, 'GET', '/v1/approvals?limit=100');
      expect(inbox.body.data.some((a: { id: string }) => a.id === g.approvalId)).toBe(id !== g.approvalGen);
    }
    // Nothing was decided, answered or cancelled.
    for (const id of [g.approvalGen, g.clientGen, g.clarifyGen]) {
      expect((await stack.api('GET', `/v1/generations/${id}`)).body.status).toBe('requires_action');
    }
    expect((await stack.api('GET', `/v1/approvals/${g.approvalId}`)).body.status).toBe('pending');
  });

  it('a Deny of one action on the agent refuses only that action; Allow on generations/* needs no Allow on the agent', async () => {
    const noCancel = await mintKey(stack, [
      { effect: 'Allow', action: ['*'], resource: [`${stack.projectId}:generations/*`] },
      { effect: 'Deny', action: ['agents:CancelAgentGeneration'], resource: [`${stack.projectId}:agents/*`] },
    ]);
    expectStatus(await callAs(stack, noCancel.key, 'GET', `/v1/generations/${g.clientGen}`), 200);
    expectError(await callAs(stack, noCancel.key, 'POST', `/v1/generations/${g.clientGen}/cancel`), 403, 'forbidden');
    expect((await stack.api('GET', `/v1/generations/${g.clientGen}`)).body.status).toBe('requires_action');
  });

  it('a key of another project gets 404 on every generation endpoint, with real generations present', async () => {
    const other = await createProjectWithKey(stack);
    for (const [agentId, id] of [
      [g.approvalAgent, g.approvalGen],
      [g.clientAgent, g.clientGen],
      [g.clarifyAgent, g.clarifyGen],
      [g.doneAgent, g.doneGen],
    ] as const) {
      for (const [method, path, body] of endpoints(agentId, id)) {
        const res = await callAs(stack, other.key, method, path, body);
        expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
    }
    expectError(await callAs(stack, other.key, 'GET', `/v1/approvals/${g.approvalId}`), 404, 'not_found');
    for (const path of ['/v1/generations?limit=100', '/v1/approvals?limit=100', '/v1/approvals?status=pending']) {
      const res = await callAs(stack, other.key, 'GET', path);
      expectStatus(res, 200);
      expect(res.body.data).toEqual([]);
    }
    for (const id of [g.approvalGen, g.clientGen, g.clarifyGen]) {
      expect((await stack.api('GET', `/v1/generations/${id}`)).body.status).toBe('requires_action');
    }
  });
});
