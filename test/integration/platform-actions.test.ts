import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool } from '../support/fixtures.js';
import {
  startModelServer,
  type ModelServer,
  type RecordedRequest,
  type ScriptedReply,
} from '../support/model-server.js';
import { callAs, expectError, mintKey } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

const lastTool = (req: RecordedRequest) => {
  const m = req.messages.at(-1);
  return m?.role === 'tool' ? String(m.content) : undefined;
};
const readsOnly = {
  statements: [{ effect: 'Allow', action: ['agents:List*', 'agents:Get*'], resource: ['*'] }],
};

describe('platform actions: tools of type platform (alias soat) under caller ∩ boundary policy', () => {
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

  const platformTool = (actions: string[], type = 'platform') => createTool(stack, { type, name: 'docs', actions });
  const observes = (g: { steps: Array<{ type: string }> }) => g.steps.filter((s) => s.type === 'observe') as any[];

  it('validates actions when the tool is written; soat is stored as platform', async () => {
    const bad = await stack.api('POST', '/v1/tools', {
      type: 'platform',
      name: 'docs',
      actions: ['list-agents', 'drop-db'],
    });
    expectError(bad, 422);
    expect(bad.body.error.details.path).toBe('body.actions.1');
    const soat = await stack.api('POST', '/v1/tools', { type: 'soat', name: 'soat1', actions: ['list-agents'] });
    expect(soat.status).toBe(201);
    expect(soat.body).toMatchObject({ type: 'platform', actions: ['list-agents'] });
    const patched = await stack.api('PATCH', `/v1/tools/${soat.body.id}`, { actions: ['get-agent', 'nope'] });
    expectError(patched, 422);
  });

  it('read actions run with the REST views; a read-only boundary denies create-agent-generation even for an admin caller', async () => {
    const worker = await createAgent(stack, { aiProviderId: providerId, instructions: 'W [[script:pa-worker]]' });
    const docs = await platformTool(['list-agents', 'create-agent-generation']);
    const agent = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'S [[script:pa-boundary]]',
      toolIds: [docs],
      boundaryPolicy: readsOnly,
    });
    model.scriptFor(
      'pa-boundary',
      (req): ScriptedReply => {
        expect(req.tools?.map((t: any) => t.function.name).sort()).toEqual([
          'docs_create_agent_generation',
          'docs_list_agents',
        ]);
        return call('docs_list_agents', {}, 'c_list');
      },
      call('docs_create_agent_generation', { agentId: worker, prompt: 'hi' }, 'c_run'),
      { text: 'done' },
    );
    const res = await stack.api('POST', `/v1/agents/${agent}/generate`, { prompt: 'go' });
    expect(res.body).toMatchObject({ status: 'completed', text: 'done' });
    const [list, run] = observes(res.body);
    expect(list).toMatchObject({ toolName: 'docs_list_agents', status: 'success' });
    expect(list.result.data.map((a: { id: string }) => a.id)).toContain(worker);
    expect(run).toMatchObject({ toolName: 'docs_create_agent_generation', status: 'denied' });
    expect(run.result.error).toMatch(/boundary policy/);
    expect(await stack.db.generation.count({ where: { parentGenerationId: res.body.id } })).toBe(0);
  });

  it('create-agent-generation runs a nested generation when caller and boundary allow it; a read-only caller cannot escalate', async () => {
    const worker = await createAgent(stack, { aiProviderId: providerId, instructions: 'W [[script:pa-worker2]]' });
    const docs = await platformTool(['create-agent-generation']);
    const agent = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'S [[script:pa-run]]',
      toolIds: [docs],
      boundaryPolicy: { statements: [{ effect: 'Allow', action: ['*'], resource: ['*'] }] },
    });
    const runWorker = (): ScriptedReply =>
      call('docs_create_agent_generation', { agentId: worker, prompt: 'sum' }, 'c_w');
    model.scriptFor('pa-run', runWorker, (req) => ({ text: `got ${lastTool(req)}` }));
    model.scriptFor('pa-worker2', { text: 'worker says 3' });
    const admin = await stack.api('POST', `/v1/agents/${agent}/generate`, { prompt: 'go' });
    expect(admin.body).toMatchObject({ status: 'completed', text: 'got worker says 3' });
    expect(observes(admin.body)[0]).toMatchObject({ status: 'success', result: 'worker says 3' });
    const child = await stack.db.generation.findFirstOrThrow({ where: { parentGenerationId: admin.body.id } });
    expect(child).toMatchObject({ agentId: worker, traceId: admin.body.traceId, parentToolCallId: 'c_w' });

    // A key that may run this agent and read, but not run the worker: the boundary's "*" does not widen it.
    const reader = await mintKey(stack, [
      ...readsOnly.statements,
      { effect: 'Allow', action: ['agents:CreateAgentGeneration'], resource: [`*:agents/${agent}`] },
    ]);
    model.scriptFor('pa-run', runWorker, { text: 'refused' });
    const res = await callAs(stack, reader.key, 'POST', `/v1/agents/${agent}/generate`, { prompt: 'go' });
    expect(res.body).toMatchObject({ status: 'completed', text: 'refused' });
    expect(observes(res.body)[0]).toMatchObject({ status: 'denied' });
    expect(observes(res.body)[0].result.error).toMatch(/caller's API key is not allowed/);
    expect(await stack.db.generation.count({ where: { parentGenerationId: res.body.id } })).toBe(0);
  });

  it('a grandchild runs under every boundary above it: a boundary two levels up denies its platform action', async () => {
    const lister = await createTool(stack, { type: 'platform', name: 'gc', actions: ['list-tools'] });
    const grandchild = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'C [[script:bc-c]]',
      toolIds: [lister],
    });
    const askC = await createTool(stack, { type: 'agent', name: 'ask_c', agentId: grandchild });
    const child = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'B [[script:bc-b]]',
      toolIds: [askC],
    });
    const askB = await createTool(stack, { type: 'agent', name: 'ask_b', agentId: child });
    const top = (boundaryPolicy?: unknown) =>
      createAgent(stack, {
        aiProviderId: providerId,
        instructions: 'A [[script:bc-a]]',
        toolIds: [askB],
        ...(boundaryPolicy ? { boundaryPolicy } : {}),
      });
    const noToolLists = {
      statements: [
        { effect: 'Allow', action: ['*'], resource: ['*'] },
        { effect: 'Deny', action: ['agents:ListAgentTools'], resource: ['*'] },
      ],
    };
    /** Runs top → child → grandchild; the grandchild's list-tools call as recorded. */
    const run = async (agentId: string) => {
      model.scriptFor('bc-a', call('ask_b', { prompt: 'b' }, 'c_b'), { text: 'a done' });
      model.scriptFor('bc-b', call('ask_c', { prompt: 'c' }, 'c_c'), { text: 'b done' });
      model.scriptFor('bc-c', call('gc_list_tools', {}, 'c_list'), { text: 'c done' });
      const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'go' });
      expect(res.body).toMatchObject({ status: 'completed', text: 'a done' });
      const b = await stack.db.generation.findFirstOrThrow({ where: { parentGenerationId: res.body.id } });
      const c = await stack.db.generation.findFirstOrThrow({ where: { parentGenerationId: b.id } });
      expect(c.agentId).toBe(grandchild);
      return observes((await stack.api('GET', `/v1/generations/${c.id}`)).body)[0];
    };
    // Without a boundary above, the admin caller's grandchild lists tools.
    expect(await run(await top())).toMatchObject({ toolName: 'gc_list_tools', status: 'success' });
    // The top agent's boundary holds two generations down, though neither agent below has one.
    const fenced = await run(await top(noToolLists));
    expect(fenced).toMatchObject({ toolName: 'gc_list_tools', status: 'denied' });
    expect(fenced.result.error).toMatch(/boundary policy of this agent or of a generation above it/);
  });

  it('a key revoked mid-run is denied from then on', async () => {
    const docs = await platformTool(['list-tools']);
    const agent = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'S [[script:pa-revoke]]',
      toolIds: [docs],
    });
    const key = await mintKey(stack, [{ effect: 'Allow', action: ['*'], resource: ['*'] }]);
    model.scriptFor(
      'pa-revoke',
      call('docs_list_tools', {}, 'c1'),
      async (): Promise<ScriptedReply> => {
        expect((await stack.api('DELETE', `/v1/api-keys/${key.id}`)).status).toBeLessThan(300);
        return call('docs_list_tools', { limit: 5 }, 'c2');
      },
      { text: 'ok' },
    );
    const res = await callAs(stack, key.key, 'POST', `/v1/agents/${agent}/generate`, { prompt: 'go', async: true });
    expect(res.status).toBe(202);
    const done = await stack.temporal.workflow
      .getHandle(res.body.id)
      .result()
      .then(() => stack.api('GET', `/v1/generations/${res.body.id}`));
    const [first, second] = observes(done.body);
    expect(first).toMatchObject({ status: 'success' });
    expect(second).toMatchObject({ status: 'denied' });
    expect(second.result.error).toMatch(/revoked/);
  });

  it("submit-tool-outputs from an agent resumes another generation; a boundary Deny on that generation's agent refuses it", async () => {
    const fileTool = await createTool(stack, {
      type: 'client',
      name: 'read_local_file',
      parameters: { type: 'object', properties: { path: { type: 'string' } } },
    });
    const waiter = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'F [[script:pa-waiter]]',
      toolIds: [fileTool],
    });
    model.scriptFor('pa-waiter', call('read_local_file', { path: '/x' }, 'c_file'), { text: 'file read' });
    const paused = await stack.api('POST', `/v1/agents/${waiter}/generate`, { prompt: 'read' });
    expect(paused.body).toMatchObject({ status: 'requires_action' });

    const docs = await platformTool(['submit-tool-outputs']);
    const submitCall = () =>
      call(
        'docs_submit_tool_outputs',
        { agentId: waiter, generationId: paused.body.id, toolOutputs: [{ toolCallId: 'c_file', output: 'abc' }] },
        'c_submit',
      );
    const fenced = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'B [[script:pa-fenced]]',
      toolIds: [docs],
      boundaryPolicy: {
        statements: [
          { effect: 'Allow', action: ['*'], resource: ['*'] },
          { effect: 'Deny', action: ['agents:SubmitAgentToolOutputs'], resource: [`*:agents/${waiter}`] },
        ],
      },
    });
    model.scriptFor('pa-fenced', submitCall, { text: 'fenced' });
    const refused = await stack.api('POST', `/v1/agents/${fenced}/generate`, { prompt: 'go' });
    expect(observes(refused.body)[0]).toMatchObject({ status: 'denied' });
    expect((await stack.api('GET', `/v1/generations/${paused.body.id}`)).body).toMatchObject({
      status: 'requires_action',
    });

    const helper = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'H [[script:pa-helper]]',
      toolIds: [docs],
    });
    model.scriptFor('pa-helper', submitCall, { text: 'submitted' });
    const res = await stack.api('POST', `/v1/agents/${helper}/generate`, { prompt: 'go' });
    expect(res.body).toMatchObject({ status: 'completed', text: 'submitted' });
    expect(observes(res.body)[0]).toMatchObject({ toolName: 'docs_submit_tool_outputs', status: 'success' });
    expect(observes(res.body)[0].result).toMatchObject({ id: paused.body.id });
    await stack.temporal.workflow.getHandle(paused.body.id).result();
    const resumed = await stack.api('GET', `/v1/generations/${paused.body.id}`);
    expect(resumed.body).toMatchObject({ status: 'completed', text: 'file read' });
  });
});
