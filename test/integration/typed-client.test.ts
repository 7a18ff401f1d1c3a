import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createDurableAgentsClient,
  readGenerationEvents,
  type DurableAgentsClient,
  type GenerationEvent,
  type Schemas,
} from '../../clients/typescript/src/index.js';
import { call } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/** The generation flows through the committed TypeScript client (clients/typescript), as a customer's backend would call them. */
describe('typed TypeScript client (openapi-typescript + openapi-fetch)', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let api: DurableAgentsClient;
  let aiProviderId: string;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    tools.route('/write', (req, res) => json(res, 200, { written: req.body }));
    api = createDurableAgentsClient({ baseUrl: stack.url, apiKey: stack.apiKey });
    const provider = await api.POST('/v1/ai-providers', {
      body: { name: 'scripted', kind: 'openai_compatible', baseUrl: model.url, defaultModel: 'scripted-model' },
    });
    expect(provider.response.status, JSON.stringify(provider.error)).toBe(201);
    aiProviderId = provider.data!.id;
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());

  async function agentWithTool(tool: Schemas['CreateAgentTool']) {
    const created = await api.POST('/v1/tools', { body: tool });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const agent = await api.POST('/v1/agents', {
      body: {
        name: `typed ${Math.random().toString(36).slice(2)}`,
        aiProviderId,
        toolIds: [created.data!.id],
        allowClarification: false,
      },
    });
    expect(agent.response.status, JSON.stringify(agent.error)).toBe(201);
    return agent.data!.id;
  }

  it('generate → requires_action → tool outputs → completed', async () => {
    const agentId = await agentWithTool({
      type: 'client',
      name: 'read_local_file',
      parameters: { type: 'object', properties: { path: { type: 'string' } } },
    });
    model.script(call('read_local_file', { path: '/tmp/a.csv' }, 'call_1'), { text: 'Two rows.' });

    const paused = await api.POST('/v1/agents/{agentId}/generate', {
      params: { path: { agentId } },
      body: { prompt: 'Count the rows of /tmp/a.csv' },
    });
    expect(paused.response.status).toBe(200);
    expect(paused.data?.status).toBe('requires_action');
    const action = paused.data!.requiredAction;
    if (action?.type !== 'submit_tool_outputs') throw new Error(`unexpected ${JSON.stringify(action)}`);
    expect(action.toolCalls).toEqual([
      { toolCallId: 'call_1', toolName: 'read_local_file', arguments: { path: '/tmp/a.csv' } },
    ]);

    const resumed = await api.POST('/v1/agents/{agentId}/generate/{generationId}/tool-outputs', {
      params: { path: { agentId, generationId: paused.data!.id } },
      body: { toolOutputs: [{ toolCallId: 'call_1', output: 'a,b\n1,2\n3,4' }] },
    });
    expect(resumed.response.status).toBe(200);
    expect(resumed.data).toMatchObject({ status: 'completed', text: 'Two rows.', requiredAction: null });

    // Errors come back typed in the documented shape.
    const again = await api.POST('/v1/agents/{agentId}/generate/{generationId}/tool-outputs', {
      params: { path: { agentId, generationId: paused.data!.id } },
      body: { toolOutputs: [{ toolCallId: 'call_1', output: 'late' }] },
    });
    expect(again.response.status).toBe(409);
    expect(again.error?.error.code).toEqual(expect.any(String));
  });

  it('approvals: the inbox lists the pending call, a decision resumes the generation', async () => {
    const agentId = await agentWithTool({
      type: 'http',
      name: 'database_write',
      parameters: { type: 'object', properties: { sql: { type: 'string' } } },
      execute: { url: `${tools.url}/write` },
    });
    const hook = await api.POST('/v1/agents/{agentId}/hooks', {
      params: { path: { agentId } },
      body: { event: 'PreToolUse', type: 'approval', matcher: 'database_write', config: {} },
    });
    expect(hook.response.status, JSON.stringify(hook.error)).toBe(201);
    model.script(call('database_write', { sql: 'DELETE FROM t' }, 'cw'), { text: 'Deleted.' });

    const paused = await api.POST('/v1/agents/{agentId}/generate', {
      params: { path: { agentId } },
      body: { prompt: 'clear t' },
    });
    const action = paused.data!.requiredAction;
    if (action?.type !== 'approve_tool_calls') throw new Error(`unexpected ${JSON.stringify(action)}`);
    const approvalId = action.approvals[0]!.approvalId;

    const inbox = await api.GET('/v1/approvals', { params: { query: { status: 'pending' } } });
    expect(inbox.data?.data.map((a) => a.id)).toContain(approvalId);

    const decided = await api.POST('/v1/generations/{generationId}/approvals/{approvalId}', {
      params: { path: { generationId: paused.data!.id, approvalId } },
      body: { approved: true, reason: 'ok' },
    });
    expect(decided.response.status).toBe(200);
    expect(decided.data).toMatchObject({ status: 'completed', text: 'Deleted.' });
    expect(tools.requests.filter((r) => r.path === '/write')).toHaveLength(1);
  });

  it('streaming: the documented recipe reads every event of a generation up to done', async () => {
    const agentId = await agentWithTool({
      type: 'http',
      name: 'database_write',
      parameters: { type: 'object', properties: { sql: { type: 'string' } } },
      execute: { url: `${tools.url}/write` },
    });
    model.script(call('database_write', { sql: 'INSERT 1' }, 'c1'), { text: 'Inserted.' });
    const started = await api.POST('/v1/agents/{agentId}/generate', {
      params: { path: { agentId } },
      body: { prompt: 'insert', async: true },
    });
    expect(started.response.status).toBe(202);

    const { response } = await api.GET('/v1/generations/{generationId}/events', {
      params: { path: { generationId: started.data!.id } },
      parseAs: 'stream',
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events: GenerationEvent[] = [];
    for await (const e of readGenerationEvents(response.body!)) events.push(e);
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('start');
    expect(names).toContain('tool_call');
    expect(names).toContain('tool_result');
    expect(names.at(-1)).toBe('done');
    expect(events.every((e) => e.data.generationId === started.data!.id)).toBe(true);
    const ids = events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});
