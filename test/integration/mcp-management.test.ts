import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, observeOf } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { callAs, createProjectWithKey, expectError, expectStatus, mintKey } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

/**
 * `/mcp`'s management actions (agents, tools, traces: MCP clients only), its file and session
 * actions, and the two spellings of action names, with the official MCP SDK client.
 */
describe('/mcp: management, file and session actions', () => {
  let stack: TestStack;
  let model: ModelServer;
  let dataDir: string;
  let providerId: string;
  const open: Client[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'da-mcp-manage-'));
    [stack, model] = await Promise.all([startStack({ env: { DATA_DIR: dataDir } }), startModelServer()]);
    providerId = await createProvider(stack, model);
  });
  afterAll(async () => {
    for (const client of open) await client.close();
    await stack?.close();
    await model?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => model.reset());

  async function connect(key: string = stack.apiKey): Promise<Client> {
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${stack.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    open.push(client);
    return client;
  }
  const tool = async (client: Client, name: string, args: Record<string, unknown>) => {
    const r = (await client.callTool({ name, arguments: args })) as {
      isError?: boolean;
      content: Array<{ text: string }>;
    };
    return { isError: r.isError === true, body: JSON.parse(r.content[0]!.text) };
  };

  it('lists the management actions with their REST schemas; agents cannot be given them', async () => {
    const { tools } = await (await connect()).listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of [
      'create_agent',
      'update_agent',
      'delete_agent',
      'create_agent_tool',
      'update_agent_tool',
      'delete_agent_tool',
      'list_agent_traces',
    ])
      expect(byName.has(name), name).toBe(true);
    for (const name of [
      'list_files',
      'get_file',
      'search_files',
      'create_file',
      'delete_file',
      'list_sessions',
      'get_session',
      'list_session_messages',
      'delete_session',
      'create_document',
      'delete_document',
    ])
      expect(byName.has(name), name).toBe(true);
    expect(byName.get('update_agent')!.inputSchema).toMatchObject({
      required: ['agentId'],
      properties: { agentId: {}, maxSteps: {} },
    });
    expect(byName.get('delete_agent')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.get('list_agent_traces')!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });

    const refused = await stack.api('POST', '/v1/tools', {
      type: 'platform',
      name: 'admin',
      actions: ['list-agents', 'create-agent'],
    });
    expectError(refused, 422);
    expect(refused.body.error.details.path).toBe('body.actions.1');
  });

  it('agent CRUD runs the REST endpoints: same validation, same checks, same views', async () => {
    const client = await connect();
    const created = await tool(client, 'create_agent', {
      name: 'Mcp made',
      aiProviderId: providerId,
      instructions: 'Be brief.',
    });
    expect(created.isError).toBe(false);
    expect(created.body).toMatchObject({ name: 'Mcp made', slug: 'mcp-made', instructions: 'Be brief.' });
    const agentId = created.body.id as string;
    expect((await stack.api('GET', `/v1/agents/${agentId}`)).body).toMatchObject({
      id: agentId,
      instructions: 'Be brief.',
    });

    // The same body schema: the same 400 as the REST endpoint.
    const bad = { name: 'x', aiProviderId: providerId, maxSteps: 'many' };
    const rest = await stack.api('POST', '/v1/agents', bad);
    expectError(rest, 400);
    const viaMcp = await tool(client, 'create_agent', bad);
    expect(viaMcp).toMatchObject({
      isError: true,
      body: { status: 400, code: rest.body.error.code, error: rest.body.error.message },
    });
    // The same reference checks (422) and slug conflict (409).
    expect(
      (await tool(client, 'create_agent', { name: 'y', aiProviderId: 'aip_missing000000000000' })).body,
    ).toMatchObject({ status: 422 });
    expect((await tool(client, 'create_agent', { name: 'Mcp made', aiProviderId: providerId })).body).toMatchObject({
      status: 409,
    });

    // A merge patch: the fields given change, the others stay.
    const updated = await tool(client, 'update_agent', { agentId, maxSteps: 7 });
    expect(updated.body).toMatchObject({ id: agentId, maxSteps: 7, instructions: 'Be brief.' });
    const deleted = await tool(client, 'delete_agent', { agentId });
    expect(deleted.body).toEqual({ id: agentId, deleted: true });
    expectStatus(await stack.api('GET', `/v1/agents/${agentId}`), 404);
    expect((await tool(client, 'delete_agent', { agentId, force: true })).body).toMatchObject({ status: 400 });
  });

  it('tool CRUD under both spellings; a tool in use cannot be deleted, as over REST', async () => {
    const client = await connect();
    const made = await tool(client, 'create_tool', { type: 'platform', name: 'kb', actions: ['list-agent-tools'] });
    expect(made.body).toMatchObject({ type: 'platform', name: 'kb', actions: ['list-agent-tools'] });
    const toolId = made.body.id as string;
    const changed = await tool(client, 'update_agent_tool', { toolId, description: 'Lists tools.' });
    expect(changed.body).toMatchObject({ id: toolId, description: 'Lists tools.', actions: ['list-agent-tools'] });

    // The seed's spelling of list-tools runs list-tools.
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    model.script(call('kb_list_agent_tools', {}, 'c1'), { text: 'done' });
    const run = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'which tools?' });
    expect(observeOf(run.body, 'c1')).toMatchObject({ status: 'success' });
    expect(observeOf(run.body, 'c1').result.data.map((t: { id: string }) => t.id)).toContain(toolId);

    const inUse = await tool(client, 'delete_tool', { toolId });
    const rest = await stack.api('DELETE', `/v1/tools/${toolId}`);
    expectError(rest, 409);
    expect(inUse).toMatchObject({ isError: true, body: { status: 409, error: rest.body.error.message } });
    await stack.api('DELETE', `/v1/agents/${agentId}`);
    expect((await tool(client, 'delete_agent_tool', { toolId })).body).toEqual({ id: toolId, deleted: true });
  });

  it("traces under both spellings; a key's Deny refuses an action; another project's ids find nothing", async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId, instructions: 'T [[script:mm-trace]]' });
    model.scriptFor('mm-trace', { text: 'traced' });
    const gen = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'hi' });
    const client = await connect();
    for (const name of ['list_agent_traces', 'list_traces']) {
      const traces = await tool(client, name, { agentId, limit: 5 });
      expect(
        traces.body.data.map((t: { id: string }) => t.id),
        name,
      ).toEqual([gen.body.traceId]);
    }

    const noCreate = await mintKey(stack, [
      { effect: 'Allow', action: ['*'], resource: ['*'] },
      { effect: 'Deny', action: ['agents:CreateAgent', 'files:CreateFile'], resource: ['*'] },
    ]);
    const limited = await connect(noCreate.key);
    const denied = await tool(limited, 'create_agent', { name: 'no', aiProviderId: providerId });
    expect(denied).toMatchObject({
      isError: true,
      body: { status: 403, error: expect.stringMatching(/agents:CreateAgent/) },
    });
    expect((await tool(limited, 'create_file', { path: 'a.txt', content: 'x' })).body.error).toMatch(
      /files:CreateFile/,
    );
    expect((await tool(limited, 'list_agent_traces', {})).isError).toBe(false);

    const other = await createProjectWithKey(stack);
    const stranger = await connect(other.key);
    expect((await tool(stranger, 'update_agent', { agentId, maxSteps: 3 })).body).toMatchObject({ status: 404 });
    expect((await tool(stranger, 'list_agent_traces', {})).body.data).toEqual([]);
    expect((await stack.api('GET', `/v1/agents/${agentId}`)).body.maxSteps).not.toBe(3);
  });

  it("file and session actions over /mcp stay in the caller's project", async () => {
    const client = await connect();
    expect((await tool(client, 'create_file', { path: 'shared/plan.md', content: 'ours' })).isError).toBe(false);
    // The same path in another project's folder is another file.
    const other = await createProjectWithKey(stack);
    const theirs = join(dataDir, 'storage', other.projectId, 'default', 'shared');
    mkdirSync(theirs, { recursive: true });
    writeFileSync(join(theirs, 'secret.md'), 'theirs');
    const stranger = await connect(other.key);
    expect((await tool(stranger, 'get_file', { path: 'shared/plan.md' })).body.error).toBe('File not found');
    expect((await tool(stranger, 'list_files', {})).body.files.map((f: { path: string }) => f.path)).toEqual([
      'shared/secret.md',
    ]);
    expect((await tool(client, 'search_files', { query: 'SECRET' })).body.files).toEqual([]);
    expect((await tool(client, 'get_file', { path: 'shared/plan.md' })).body).toMatchObject({ content: 'ours' });

    const chat = await createAgent(stack, {
      aiProviderId: providerId,
      conversational: true,
      instructions: 'C [[script:mm-chat]]',
    });
    model.scriptFor('mm-chat', { text: 'hello' });
    const turn = await stack.api('POST', `/v1/agents/${chat}/generate`, { prompt: 'hi' });
    const sessionId = turn.body.sessionId as string;
    expect((await tool(client, 'get_session', { sessionId })).body).toMatchObject({ id: sessionId, turnCount: 1 });
    expect((await tool(stranger, 'get_session', { sessionId })).body.error).toBe('Session not found');
    expect((await tool(stranger, 'delete_session', { sessionId })).isError).toBe(true);
    expectStatus(await callAs(stack, stack.apiKey, 'GET', `/v1/sessions/${sessionId}`), 200);
  });
});
