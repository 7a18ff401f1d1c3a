import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { mintKey } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

describe('the platform as an MCP server (/mcp)', () => {
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

  it('an agent uses this deployment as an mcp tool', async () => {
    const target = await createAgent(stack, { aiProviderId: providerId, name: 'findable target' });
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
    model.scriptFor('mcp-self', call('self_get_agent', { agentId: target }, 'c_self'), { text: 'found it' });
    const res = await stack.api('POST', `/v1/agents/${agent}/generate`, { prompt: 'find' });
    expect(res.body).toMatchObject({ status: 'completed', text: 'found it' });
    const observe = res.body.steps.find((s: { type: string }) => s.type === 'observe');
    expect(observe).toMatchObject({ toolName: 'self_get_agent', status: 'success' });
    expect(JSON.stringify(observe.result)).toContain('findable target');
  });
});
