import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, obj, toolMessages } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { mintKey } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

describe('the platform as an MCP server (/mcp)', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    providerId = await createProvider(stack, model);
    tools.route('/write', (req, res) => json(res, 200, { written: req.body }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());

  async function connect(key: string): Promise<Client> {
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${stack.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    });
    await client.connect(transport);
    return client;
  }
  const text = (r: any) => JSON.parse(r.content[0].text);

  it('lists the action registry and runs a generation through tools/call (official SDK client)', async () => {
    const agent = await createAgent(stack, { aiProviderId: providerId, instructions: 'M [[script:mcp-run]]' });
    model.scriptFor('mcp-run', { text: 'hello from the agent' });
    const client = await connect(stack.apiKey);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(
        expect.arrayContaining(['list_agents', 'get_agent', 'create_agent_generation', 'get_trace', 'list_approvals']),
      );
      const listed = await client.callTool({ name: 'list_agents', arguments: {} });
      expect(text(listed).data.map((a: { id: string }) => a.id)).toContain(agent);
      const ran = await client.callTool({
        name: 'create_agent_generation',
        arguments: { agentId: agent, prompt: 'hi' },
      });
      expect(ran.isError).toBeFalsy();
      expect(text(ran)).toMatchObject({ agentId: agent, status: 'completed', text: 'hello from the agent' });
    } finally {
      await client.close();
    }
  });

  it("each call is authorized by the key's policy; a missing key is a 401", async () => {
    const reader = await mintKey(stack, [
      { effect: 'Allow', action: ['agents:List*', 'agents:Get*'], resource: ['*'] },
    ]);
    const client = await connect(reader.key);
    try {
      expect((await client.callTool({ name: 'list_tools', arguments: {} })).isError).toBeFalsy();
      const denied = await client.callTool({
        name: 'create_agent_generation',
        arguments: { agentId: 'agt_doesnotexist00', prompt: 'x' },
      });
      expect(denied.isError).toBe(true);
      expect(text(denied).error).toMatch(/not allowed to perform agents:CreateAgentGeneration/);
    } finally {
      await client.close();
    }
    const anonymous = await fetch(`${stack.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(anonymous.status).toBe(401);
  });

  it("an agent cannot reach this deployment's own /mcp: the API is reserved from tenant tools", async () => {
    const self = await createTool(stack, {
      type: 'mcp',
      name: 'self',
      mcp: { url: `${stack.url}/mcp`, headers: { authorization: { value: `Bearer ${stack.apiKey}`, secret: true } } },
    });
    const agent = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'U [[script:mcp-self]]',
      toolIds: [self],
    });
    model.scriptFor('mcp-self', call('self_get_agent', { agentId: agent }, 'c_self'), { text: 'refused' });
    const res = await stack.api('POST', `/v1/agents/${agent}/generate`, { prompt: 'find' });
    expect(res.body).toMatchObject({ status: 'completed', text: 'refused' });
    // Discovery is refused before a byte is sent, so the server's tools never reach the model.
    const discovery = res.body.steps.find((s: { type: string }) => s.type === 'discovery');
    expect(discovery).toMatchObject({ toolName: 'self', status: 'error' });
    expect(discovery.error).toMatch(/Blocked request to .*which tools and providers may never reach/);
    const observe = res.body.steps.find((s: { type: string }) => s.type === 'observe');
    expect(observe).toMatchObject({ toolName: 'self_get_agent', status: 'error' });
  });

  /** An agent whose database_write calls wait for an approval (an approval hook), paused on one call. */
  async function pausedOnApproval(script: string, sql: string) {
    const writeId = await createTool(stack, {
      type: 'http',
      name: 'database_write',
      parameters: { type: 'object', properties: { sql: { type: 'string', pattern: '^UPDATE ' } } },
      execute: { url: `${tools.url}/write` },
    });
    const agentId = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: `W [[script:${script}]]`,
      toolIds: [writeId],
    });
    const hook = await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      matcher: 'database_write',
      config: {},
    });
    expect(hook.status).toBe(201);
    model.scriptFor(script, call('database_write', { sql }, `c_${script}`), { text: 'Written.' });
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'write' });
    expect(paused.body).toMatchObject({ status: 'requires_action' });
    return { generationId: paused.body.id as string, approvalId: paused.body.requiredAction.approvals[0].approvalId };
  }
  const writes = () => tools.requests.filter((r) => r.path === '/write');

  it('decide_approval: a generation paused on an approval hook is approved over /mcp and completes', async () => {
    const { generationId, approvalId } = await pausedOnApproval('mcp-approve', 'UPDATE t SET a = 1');
    const before = writes().length;
    const client = await connect(stack.apiKey);
    try {
      const inbox = text(await client.callTool({ name: 'list_approvals', arguments: { status: 'pending' } }));
      expect(inbox.data.map((a: { id: string }) => a.id)).toContain(approvalId);
      // The edited arguments are checked against the tool's parameters (its pattern runs on RE2).
      const badEdit = await client.callTool({
        name: 'decide_approval',
        arguments: { generationId, approvalId, approved: true, arguments: { sql: 'DROP TABLE t' } },
      });
      expect(badEdit.isError).toBe(true);
      expect(text(badEdit).error).toMatch(/do not match the parameters of database_write/);
      const responseOption = await client.callTool({
        name: 'decide_approval',
        arguments: { generationId, approvalId, approved: true, waitSeconds: 1 },
      });
      expect(responseOption.isError).toBe(true);
      expect(writes().length).toBe(before);

      const approved = await client.callTool({
        name: 'decide_approval',
        arguments: {
          generationId,
          approvalId,
          approved: true,
          reason: 'fine',
          arguments: { sql: 'UPDATE t SET a = 2' },
        },
      });
      expect(approved.isError).toBeFalsy();
      expect(text(approved)).toMatchObject({ id: generationId, status: 'completed', text: 'Written.' });
      expect(writes().length).toBe(before + 1);
      expect(writes().at(-1)!.body).toEqual({ sql: 'UPDATE t SET a = 2' });
      const stored = await stack.api('GET', `/v1/approvals/${approvalId}`);
      expect(stored.body).toMatchObject({
        status: 'approved',
        reason: 'fine',
        editedArguments: { sql: 'UPDATE t SET a = 2' },
      });
      // A second decision is refused like the REST endpoint's 409.
      const again = await client.callTool({
        name: 'decide_approval',
        arguments: { generationId, approvalId, approved: false },
      });
      expect(again.isError).toBe(true);
      expect(text(again).error).toMatch(/already approved/);
    } finally {
      await client.close();
    }
  });

  it('decide_approval with a key whose policy denies agents:DecideApproval is a tool error and changes nothing', async () => {
    const { generationId, approvalId } = await pausedOnApproval('mcp-deny', 'UPDATE t SET a = 3');
    const before = writes().length;
    const limited = await mintKey(stack, [
      { effect: 'Allow', action: ['agents:*'], resource: ['*'] },
      { effect: 'Deny', action: ['agents:DecideApproval'], resource: ['*'] },
    ]);
    const client = await connect(limited.key);
    try {
      const denied = await client.callTool({
        name: 'decide_approval',
        arguments: { generationId, approvalId, approved: true },
      });
      expect(denied.isError).toBe(true);
      expect(text(denied).error).toMatch(/not allowed to perform agents:DecideApproval/);
    } finally {
      await client.close();
    }
    const generation = await stack.api('GET', `/v1/generations/${generationId}`);
    expect(generation.body).toMatchObject({ status: 'requires_action' });
    expect((await stack.api('GET', `/v1/approvals/${approvalId}`)).body).toMatchObject({
      status: 'pending',
      decidedBy: null,
    });
    expect(writes().length).toBe(before);
    // The generation still waits for a decision: the REST endpoint can still approve it.
    const done = await stack.api('POST', `/v1/generations/${generationId}/approvals/${approvalId}`, {
      approved: false,
    });
    expect(done.body).toMatchObject({ status: 'completed' });
  });

  it('submit_tool_outputs and answer_clarification resume paused generations over /mcp', async () => {
    const readFile = await createTool(stack, {
      type: 'client',
      name: 'read_local_file',
      parameters: obj({ path: { type: 'string' } }),
    });
    const clientAgent = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'C [[script:mcp-outputs]]',
      toolIds: [readFile],
    });
    model.scriptFor('mcp-outputs', call('read_local_file', { path: '/a' }, 'c_file'), { text: 'Two rows.' });
    const waiting = await stack.api('POST', `/v1/agents/${clientAgent}/generate`, { prompt: 'count' });
    expect(waiting.body).toMatchObject({ status: 'requires_action', requiredAction: { type: 'submit_tool_outputs' } });

    const asking = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'Q [[script:mcp-clarify]]',
      allowClarification: true,
    });
    model.scriptFor('mcp-clarify', call('agent_clarify', { question: 'Which table?' }, 'c_q'), {
      text: 'Using orders.',
    });
    const question = await stack.api('POST', `/v1/agents/${asking}/generate`, { prompt: 'read' });
    expect(question.body).toMatchObject({
      status: 'requires_action',
      requiredAction: { type: 'answer_clarification' },
    });

    const client = await connect(stack.apiKey);
    try {
      const unknownCall = await client.callTool({
        name: 'submit_tool_outputs',
        arguments: {
          agentId: clientAgent,
          generationId: waiting.body.id,
          toolOutputs: [{ toolCallId: 'nope', output: 1 }],
        },
      });
      expect(unknownCall.isError).toBe(true);
      const resumed = await client.callTool({
        name: 'submit_tool_outputs',
        arguments: {
          agentId: clientAgent,
          generationId: waiting.body.id,
          toolOutputs: [{ toolCallId: 'c_file', output: 'a,b\n1,2' }],
        },
      });
      expect(resumed.isError).toBeFalsy();
      expect(text(resumed)).toMatchObject({ status: 'completed', text: 'Two rows.' });

      // Naming another question than the one waiting is refused, and answers nothing.
      const otherQuestion = await client.callTool({
        name: 'answer_clarification',
        arguments: { generationId: question.body.id, answer: 'customers', toolCallId: 'c_earlier' },
      });
      expect(otherQuestion.isError).toBe(true);
      expect(JSON.stringify(otherQuestion.content)).toMatch(/c_q, not c_earlier/);
      const answered = await client.callTool({
        name: 'answer_clarification',
        arguments: { generationId: question.body.id, answer: 'orders', toolCallId: 'c_q' },
      });
      expect(answered.isError).toBeFalsy();
      expect(text(answered)).toMatchObject({ status: 'completed', text: 'Using orders.' });
    } finally {
      await client.close();
    }
    const fileRequest = model.requests.find((r) => toolMessages(r.messages).c_file !== undefined)!;
    expect(toolMessages(fileRequest.messages).c_file).toBe('a,b\n1,2');
    const clarifyRequest = model.requests.find((r) => toolMessages(r.messages).c_q !== undefined)!;
    expect(toolMessages(clarifyRequest.messages).c_q).toBe('orders');
  });
});

describe('/mcp rate limit', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startStack({ env: { RATE_LIMIT_PER_MINUTE: '3' }, withoutWorker: true });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('shares the per-key budget of /v1: past it, /mcp answers 429 with Retry-After', async () => {
    const list = () =>
      fetch(`${stack.url}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${stack.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    expect((await list()).status).toBe(200);
    expect((await stack.api('GET', '/v1/agents')).status).toBe(200);
    expect((await list()).status).toBe(200);
    const limited = await list();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
  });
});
