import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { callAs, expectError, expectStatus, mintKey } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/** What only the denied agent's generations hold: the result of its own tool call. */
const PRIVATE = 'D-PRIVATE-7f3a';

/**
 * One read path for generation content (domain/generation-access.ts): a key denied on an agent
 * sees none of that agent's generations through REST, traces, sessions, `/mcp` (official MCP
 * client) or an agent's platform tools. Addressed by id it is a 403 (an MCP or tool error); in
 * lists and in a trace tree the denied agent's rows are left out. Each path is checked with the
 * admin key first, so every assertion below could fail.
 */
describe('an agent-level Deny withholds its generations on every read path', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId = '';
  let platform = '';
  const ids = {
    denied: '',
    parent: '',
    reader: '',
    fenced: '',
    turn: '',
    session: '',
    pausedGen: '',
    approval: '',
    trace: '',
    deniedTrace: '',
    child: '',
  };

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    tools.route('/lookup', (_req, res) => json(res, 200, { secret: PRIVATE }));
    providerId = await createProvider(stack, model);
    const lookup = await createTool(stack, {
      type: 'http',
      name: 'd_lookup',
      parameters: obj(),
      execute: { url: `${tools.url}/lookup` },
    });
    const gated = await createTool(stack, { type: 'client', name: 'd_gated', parameters: obj() });
    ids.denied = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'D [[script:deny-d]]',
      toolIds: [lookup, gated],
      conversational: true,
    });
    expectStatus(
      await stack.api('POST', `/v1/agents/${ids.denied}/hooks`, {
        event: 'PreToolUse',
        type: 'approval',
        matcher: 'd_gated',
        config: {},
      }),
      201,
    );
    const askD = await createTool(stack, { type: 'agent', name: 'ask_d', agentId: ids.denied });
    ids.parent = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'P [[script:deny-p]]',
      toolIds: [askD],
    });
    platform = await createTool(stack, {
      type: 'platform',
      name: 'docs',
      actions: ['get-generation', 'get-trace', 'list-generations'],
    });
    ids.reader = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'R [[script:deny-r]]',
      toolIds: [platform],
    });

    // A session turn of the denied agent that read something private with its own tool.
    model.scriptFor('deny-d', call('d_lookup', {}, 'c_l1'), { text: 'D answered' });
    const turn = await stack.api('POST', `/v1/agents/${ids.denied}/generate`, { prompt: 'look it up' });
    expect(turn.body).toMatchObject({ status: 'completed', text: 'D answered' });
    ids.turn = turn.body.id;
    ids.session = turn.body.sessionId;
    ids.deniedTrace = turn.body.traceId;
    // A generation of the denied agent paused on an approval.
    model.scriptFor('deny-d', call('d_gated', {}, 'c_g1'));
    const paused = await stack.api('POST', `/v1/agents/${ids.denied}/generate`, { prompt: 'gate' });
    expect(paused.body.status).toBe('requires_action');
    ids.pausedGen = paused.body.id;
    ids.approval = paused.body.requiredAction.approvals[0].approvalId;
    // A trace of an allowed agent with a child generation of the denied agent.
    model.scriptFor('deny-p', call('ask_d', { prompt: 'help' }, 'c_ask'), { text: 'parent done' });
    model.scriptFor('deny-d', call('d_lookup', {}, 'c_l2'), { text: 'child answered' });
    const parent = await stack.api('POST', `/v1/agents/${ids.parent}/generate`, { prompt: 'go' });
    expect(parent.body).toMatchObject({ status: 'completed', text: 'parent done' });
    ids.trace = parent.body.traceId;
    ids.child = (await stack.db.generation.findFirstOrThrow({ where: { parentGenerationId: parent.body.id } })).id;
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });

  /** Keys allowed everything but denied the agent: wholly, or only reading its generations. */
  const deniedKeys = async () => [
    await mintKey(stack, [
      { effect: 'Allow', action: ['*'], resource: ['*'] },
      { effect: 'Deny', action: ['agents:*'], resource: [`${stack.projectId}:agents/${ids.denied}`] },
    ]),
    await mintKey(stack, [
      { effect: 'Allow', action: ['*'], resource: ['*'] },
      { effect: 'Deny', action: ['agents:GetAgentGeneration'], resource: [`${stack.projectId}:agents/${ids.denied}`] },
    ]),
  ];
  const nodeIds = (node: { generationId: string; children: any[] }): string[] => [
    node.generationId,
    ...node.children.flatMap(nodeIds),
  ];

  it('REST: generations, traces and sessions', async () => {
    // What the admin key sees: the content is there to withhold.
    const adminTrace = await stack.api('GET', `/v1/traces/${ids.trace}`);
    expect(nodeIds(adminTrace.body.root)).toContain(ids.child);
    expect(JSON.stringify(adminTrace.body)).toContain(PRIVATE);
    expect(JSON.stringify((await stack.api('GET', `/v1/sessions/${ids.session}/messages`)).body)).toContain(PRIVATE);
    expect((await stack.api('GET', `/v1/generations?agentId=${ids.denied}`)).body.data.length).toBe(3);

    for (const denied of await deniedKeys()) {
      const as = (path: string) => callAs(stack, denied.key, 'GET', path);
      for (const path of [
        `/v1/generations/${ids.turn}`,
        `/v1/generations/${ids.child}`,
        `/v1/generations/${ids.turn}/events`,
        `/v1/agents/${ids.denied}/generations/${ids.turn}`,
        `/v1/approvals/${ids.approval}`,
        `/v1/traces/${ids.deniedTrace}`,
        `/v1/agents/traces/${ids.deniedTrace}`,
        `/v1/sessions/${ids.session}`,
        `/v1/sessions/${ids.session}/messages`,
      ])
        expectError(await as(path), 403, 'forbidden');

      // Lists leave the rows out, whatever the filters ask for.
      for (const path of [`/v1/generations?limit=100`, `/v1/generations?agentId=${ids.denied}`]) {
        const list = await as(path);
        expectStatus(list, 200);
        expect(list.body.data.filter((g: { agentId: string }) => g.agentId === ids.denied)).toEqual([]);
      }
      expect((await as(`/v1/generations?traceId=${ids.trace}`)).body.data.map((g: any) => g.id)).not.toContain(
        ids.child,
      );
      expect((await as(`/v1/traces?agentId=${ids.denied}`)).body.data).toEqual([]);
      expect((await as('/v1/traces?limit=100')).body.data.map((t: { id: string }) => t.id)).not.toContain(
        ids.deniedTrace,
      );
      expect((await as(`/v1/sessions?agentId=${ids.denied}`)).body.data).toEqual([]);
      expect((await as('/v1/sessions')).body.data.map((s: { id: string }) => s.id)).not.toContain(ids.session);
      expect((await as('/v1/approvals?limit=100')).body.data.map((a: { id: string }) => a.id)).not.toContain(
        ids.approval,
      );

      // The allowed parent's trace is readable, without the denied agent's generation.
      const trace = await as(`/v1/traces/${ids.trace}`);
      expectStatus(trace, 200);
      expect(nodeIds(trace.body.root)).not.toContain(ids.child);
      expect(JSON.stringify(trace.body)).not.toContain(PRIVATE);
      expect(trace.body.totals.generations).toBe(1);
    }
  });

  async function mcpClient(key: string): Promise<Client> {
    const client = new Client({ name: 'deny-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${stack.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    return client;
  }
  const mcpText = (r: any) => String(r.content[0].text);

  it('/mcp: get_generation, get_trace, list_generations and list_approvals (official MCP client)', async () => {
    const admin = await mcpClient(stack.apiKey);
    try {
      expect(
        mcpText(await admin.callTool({ name: 'get_generation', arguments: { generationId: ids.turn } })),
      ).toContain(PRIVATE);
      expect(mcpText(await admin.callTool({ name: 'get_trace', arguments: { traceId: ids.trace } }))).toContain(
        PRIVATE,
      );
    } finally {
      await admin.close();
    }
    for (const denied of await deniedKeys()) {
      const client = await mcpClient(denied.key);
      try {
        for (const [name, args] of [
          ['get_generation', { generationId: ids.turn }],
          ['get_generation', { generationId: ids.child }],
          ['get_trace', { traceId: ids.deniedTrace }],
        ] as const) {
          const res = await client.callTool({ name, arguments: args });
          expect(res.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
          expect(mcpText(res)).toMatch(/not allowed to perform agents:/);
          expect(mcpText(res)).not.toContain(PRIVATE);
        }
        const trace = await client.callTool({ name: 'get_trace', arguments: { traceId: ids.trace } });
        expect(trace.isError).toBeFalsy();
        expect(nodeIds(JSON.parse(mcpText(trace)).root)).not.toContain(ids.child);
        expect(mcpText(trace)).not.toContain(PRIVATE);
        const listed = await client.callTool({
          name: 'list_generations',
          arguments: { agentId: ids.denied, limit: 100 },
        });
        expect(JSON.parse(mcpText(listed)).data).toEqual([]);
        const approvals = await client.callTool({ name: 'list_approvals', arguments: { limit: 100 } });
        expect(JSON.parse(mcpText(approvals)).data.map((a: { id: string }) => a.id)).not.toContain(ids.approval);
      } finally {
        await client.close();
      }
    }
  });

  it("platform tools: the starting key's Deny and the agent's boundary Deny both withhold", async () => {
    const reads = (tag: string) => {
      model.scriptFor(
        tag,
        call('docs_get_generation', { generationId: ids.turn }, 'c_gen'),
        call('docs_get_trace', { traceId: ids.trace }, 'c_trace'),
        call('docs_list_generations', { agentId: ids.denied }, 'c_list'),
        { text: 'read' },
      );
    };
    const observes = (g: { steps: Array<{ type: string }> }) => g.steps.filter((s) => s.type === 'observe') as any[];

    // The admin key reads the denied agent's generation through the same tool.
    reads('deny-r');
    const open = await stack.api('POST', `/v1/agents/${ids.reader}/generate`, { prompt: 'read' });
    expect(observes(open.body)[0]).toMatchObject({ status: 'success' });
    expect(JSON.stringify(observes(open.body)[0].result)).toContain(PRIVATE);

    const [deniedKey] = await deniedKeys();
    ids.fenced = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'F [[script:deny-f]]',
      toolIds: [platform],
      boundaryPolicy: {
        statements: [
          { effect: 'Allow', action: ['*'], resource: ['*'] },
          { effect: 'Deny', action: ['agents:GetAgentGeneration'], resource: [`*:agents/${ids.denied}`] },
        ],
      },
    });
    for (const [agent, tag, key] of [
      [ids.reader, 'deny-r', deniedKey!.key],
      [ids.fenced, 'deny-f', stack.apiKey],
    ] as const) {
      reads(tag);
      const res = await callAs(stack, key, 'POST', `/v1/agents/${agent}/generate`, { prompt: 'read' });
      expect(res.body).toMatchObject({ status: 'completed', text: 'read' });
      const [gen, trace, list] = observes(res.body);
      expect(gen).toMatchObject({ toolName: 'docs_get_generation', status: 'denied' });
      expect(trace).toMatchObject({ toolName: 'docs_get_trace', status: 'success' });
      expect(nodeIds(trace.result.root)).not.toContain(ids.child);
      expect(list).toMatchObject({ toolName: 'docs_list_generations', status: 'success', result: { data: [] } });
      expect(JSON.stringify(res.body)).not.toContain(PRIVATE);
    }
  });
});
