import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calls, createProvider, createTool, obj, toolMessages } from '../support/fixtures.js';
import { startInlineMcpServer } from '../support/inline-mcp-server.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { callAs, expectError, mintKey, rowCounts } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/** Tools defined inline on an agent (customTools, mcpServers): owned by it, written with it (ADR 0046). */
describe('inline tools owned by the agent', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let mcp: { url: string; close(): Promise<void> };
  let providerId: string;

  beforeAll(async () => {
    [stack, model, tools, mcp] = await Promise.all([
      startStack(),
      startModelServer(),
      startToolServer(),
      startInlineMcpServer((server) =>
        server.registerTool(
          'lookup',
          { description: 'Looks a word up', inputSchema: { word: z.string() }, annotations: { readOnlyHint: true } },
          async ({ word }) => ({ content: [{ type: 'text', text: `meaning of ${word}` }] }),
        ),
      ),
    ]);
    providerId = await createProvider(stack, model);
    tools.route('/orders/A-1', (req, res) => json(res, 200, { order: 'A-1', auth: req.headers.authorization }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
    await mcp?.close();
  });
  beforeEach(() => model.reset());

  const orders = (extra: Record<string, unknown> = {}) => ({
    name: 'orders',
    description: 'Reads an order',
    parameters: obj({ id: { type: 'string' } }),
    execute: {
      url: `${tools.url}/orders/{id}`,
      method: 'GET',
      headers: { Authorization: { value: 'Bearer s3cret-token', secret: true }, 'X-Plain': 'plain' },
    },
    readOnly: true,
    ...extra,
  });
  const dictionary = (extra: Record<string, unknown> = {}) => ({
    name: 'dict',
    mcp: { url: mcp.url, headers: { 'X-Key': { value: 'mcp-s3cret', secret: true } } },
    ...extra,
  });
  const newAgent = (body: Record<string, unknown>) =>
    stack.api('POST', '/v1/agents', { name: `a ${Math.random()}`, aiProviderId: providerId, ...body });
  const ownedRows = (agentId: string) =>
    stack.db.agentTool.findMany({ where: { ownerAgentId: agentId }, orderBy: { name: 'asc' } });

  it('creates owned tools shown back masked, listed with ownerAgentId, and used by a generation', async () => {
    const res = await newAgent({ customTools: [orders()], mcpServers: [dictionary()] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const agent = res.body;
    expect(agent.customTools).toEqual([
      expect.objectContaining({
        type: 'http',
        name: 'orders',
        ownerAgentId: agent.id,
        readOnly: true,
        delivery: 'at_least_once',
        execute: {
          url: `${tools.url}/orders/{id}`,
          method: 'GET',
          headers: { Authorization: '[secret]', 'X-Plain': 'plain' },
        },
      }),
    ]);
    expect(agent.mcpServers).toEqual([
      expect.objectContaining({
        type: 'mcp',
        name: 'dict',
        ownerAgentId: agent.id,
        enabled: true,
        mcp: { url: mcp.url, transport: 'streamable_http', headers: { 'X-Key': '[secret]' } },
      }),
    ]);
    expect(agent.toolIds).toEqual([agent.customTools[0].id, agent.mcpServers[0].id]);
    expect(JSON.stringify(agent)).not.toMatch(/s3cret/);
    const stored = await ownedRows(agent.id);
    expect(stored.map((t) => t.name)).toEqual(['dict', 'orders']);
    expect(JSON.stringify(stored)).not.toMatch(/s3cret/);

    // Every surface shows the same agent view; /v1/tools lists them with their owner.
    const got = await stack.api('GET', `/v1/agents/${agent.id}`);
    expect(got.body).toEqual(agent);
    const listed = await stack.api('GET', '/v1/agents?limit=100');
    expect(listed.body.data.find((a: { id: string }) => a.id === agent.id)).toEqual(agent);
    const toolList = await stack.api('GET', '/v1/tools?limit=100');
    const owned = toolList.body.data.filter((t: { ownerAgentId: string | null }) => t.ownerAgentId === agent.id);
    expect(owned.map((t: { name: string }) => t.name).sort()).toEqual(['dict', 'orders']);

    model.script(calls(['orders', { id: 'A-1' }, 'c1'], ['dict_lookup', { word: 'durable' }, 'c2']), {
      text: 'done',
    });
    const run = await stack.api('POST', `/v1/agents/${agent.id}/generate`, { prompt: 'go' });
    expect(run.body.status, JSON.stringify(run.body)).toBe('completed');
    expect(tools.requests.at(-1)).toMatchObject({ method: 'GET', path: '/orders/A-1' });
    expect(tools.requests.at(-1)!.headers.authorization).toBe('Bearer s3cret-token');
    const results = toolMessages(model.requests[1]!.messages);
    expect(results.c1).toContain('A-1');
    expect(results.c2).toContain('meaning of durable');
  });

  it('the get-agent platform action shows the owned tools as the REST view does', async () => {
    const target = (await newAgent({ customTools: [orders()] })).body;
    const platform = await createTool(stack, { type: 'platform', name: 'gc', actions: ['get-agent'] });
    const caller = (await newAgent({ toolIds: [platform], allowClarification: false })).body;
    model.script(calls(['gc_get_agent', { agentId: target.id }, 'g1']), { text: 'seen' });
    const run = await stack.api('POST', `/v1/agents/${caller.id}/generate`, { prompt: 'look' });
    expect(run.body.status, JSON.stringify(run.body)).toBe('completed');
    const seen = JSON.parse(toolMessages(model.requests[1]!.messages).g1!);
    expect(seen.customTools).toEqual(target.customTools);
    expect(seen.mcpServers).toEqual([]);
  });

  it('PATCH replaces a set by name (same name in place, new created, missing deleted); without it keeps it', async () => {
    const created = (
      await newAgent({ customTools: [orders(), orders({ name: 'refunds' })], mcpServers: [dictionary()] })
    ).body;
    const [ordersId, refundsId] = created.customTools.map((t: { id: string }) => t.id);
    const dictId = created.mcpServers[0].id;
    const before = await stack.db.agentTool.findUniqueOrThrow({ where: { id: ordersId } });

    const untouched = await stack.api('PATCH', `/v1/agents/${created.id}`, { description: 'no tool change' });
    expect(untouched.status, JSON.stringify(untouched.body)).toBe(200);
    expect(untouched.body.customTools).toEqual(created.customTools);
    expect(untouched.body.toolIds).toEqual(created.toolIds);
    // Not rewritten: the encrypted header is the one stored at creation.
    expect((await stack.db.agentTool.findUniqueOrThrow({ where: { id: ordersId } })).execute).toEqual(before.execute);

    const changed = await stack.api('PATCH', `/v1/agents/${created.id}`, {
      customTools: [orders({ description: 'Reads an order (v2)', timeoutSeconds: 5 }), orders({ name: 'returns' })],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [v2, returns] = changed.body.customTools;
    expect(v2).toMatchObject({ id: ordersId, name: 'orders', description: 'Reads an order (v2)', timeoutSeconds: 5 });
    expect(returns.id).not.toBe(refundsId);
    expect(returns.name).toBe('returns');
    expect(changed.body.mcpServers).toEqual(created.mcpServers);
    expect(changed.body.toolIds).toEqual([ordersId, returns.id, dictId]);
    expect(await stack.db.agentTool.findUnique({ where: { id: refundsId } })).toBeNull();

    // A new name is another tool: the old one goes, the renamed one is created.
    const renamed = await stack.api('PATCH', `/v1/agents/${created.id}`, {
      customTools: [orders({ name: 'orders_v3' }), orders({ name: 'returns' })],
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.customTools[0].id).not.toBe(ordersId);
    expect(renamed.body.customTools[1].id).toBe(returns.id);
    expect(await stack.db.agentTool.findUnique({ where: { id: ordersId } })).toBeNull();

    const noMcp = await stack.api('PATCH', `/v1/agents/${created.id}`, { mcpServers: [] });
    expect(noMcp.body.mcpServers).toEqual([]);
    expect(noMcp.body.customTools).toHaveLength(2);
    expect(await stack.db.agentTool.findUnique({ where: { id: dictId } })).toBeNull();

    // PUT is the whole agent: lists it omits mean none.
    const put = await stack.api('PUT', `/v1/agents/${created.id}`, { name: 'replaced', aiProviderId: providerId });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ customTools: [], mcpServers: [], toolIds: [] });
    expect(await ownedRows(created.id)).toEqual([]);
  });

  it('PUT may send the view back: its own tool ids in toolIds are attached by the lists', async () => {
    const created = (await newAgent({ customTools: [orders()] })).body;
    const put = await stack.api('PUT', `/v1/agents/${created.id}`, {
      name: created.name,
      aiProviderId: providerId,
      toolIds: created.toolIds,
      activeToolIds: created.toolIds,
      customTools: [orders()],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.toolIds).toEqual(created.toolIds);
    expect(put.body.activeToolIds).toEqual(created.toolIds);
  });

  it('a refused write changes nothing: an invalid or colliding entry, a duplicate name', async () => {
    const shared = await createTool(stack, { type: 'http', name: 'search', execute: { url: `${tools.url}/s` } });
    const agent = (await newAgent({ customTools: [orders()] })).body;
    const counts = await rowCounts(stack);
    const badPlaceholder = orders({ name: 'second', execute: { url: `${tools.url}/orders/{nope}` } });
    const invalid = await newAgent({ customTools: [orders({ name: 'first' }), badPlaceholder] });
    expectError(invalid, 422);
    expect(invalid.body.error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'body.customTools.1.execute.url' })]),
    );
    const colliding = await newAgent({ toolIds: [shared], customTools: [orders({ name: 'search' })] });
    expectError(colliding, 422);
    expect(colliding.body.error.details).toMatchObject({
      path: 'body.customTools.0.name',
      tools: [shared, expect.any(String)],
    });
    const duplicate = await newAgent({ mcpServers: [dictionary(), dictionary()] });
    expectError(duplicate, 422);
    expect(duplicate.body.error.details).toMatchObject({ path: 'body.mcpServers.1.name' });
    const patch = await stack.api('PATCH', `/v1/agents/${agent.id}`, {
      toolIds: [shared],
      customTools: [orders({ name: 'search' }), orders({ name: 'other' })],
    });
    expectError(patch, 422);
    expect(await rowCounts(stack)).toEqual(counts);
    expect((await stack.api('GET', `/v1/agents/${agent.id}`)).body).toEqual(agent);
  });

  it('a tool write that fails inside the transaction leaves no agent and no tool', async () => {
    // A database-side failure on the second tool, after the agent row and the first tool were written.
    await stack.db.$executeRawUnsafe(`CREATE FUNCTION refuse_explode() RETURNS trigger AS $$
      BEGIN IF NEW.name = 'explode' THEN RAISE EXCEPTION 'refused by test trigger'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await stack.db.$executeRawUnsafe(
      `CREATE TRIGGER refuse_explode BEFORE INSERT ON "AgentTool" FOR EACH ROW EXECUTE FUNCTION refuse_explode()`,
    );
    try {
      const counts = await rowCounts(stack);
      const res = await newAgent({ name: 'doomed', customTools: [orders(), orders({ name: 'explode' })] });
      expectError(res, 500);
      expect(await rowCounts(stack)).toEqual(counts);
      expect(await stack.db.agent.findFirst({ where: { name: 'doomed' } })).toBeNull();
    } finally {
      await stack.db.$executeRawUnsafe(`DROP TRIGGER refuse_explode ON "AgentTool"`);
      await stack.db.$executeRawUnsafe(`DROP FUNCTION refuse_explode()`);
    }
  });

  it('an owned tool is not attached elsewhere (422), not changed or deleted through /v1/tools (409); it goes with its agent', async () => {
    const owner = (await newAgent({ customTools: [orders()], mcpServers: [dictionary()] })).body;
    const toolId = owner.customTools[0].id;
    const counts = await rowCounts(stack);
    const other = await newAgent({ toolIds: [toolId] });
    expectError(other, 422);
    expect(other.body.error.details).toMatchObject({ path: 'body.toolIds', toolId, ownerAgentId: owner.id });
    expect(await rowCounts(stack)).toEqual(counts);
    const plain = (await newAgent({})).body;
    expectError(await stack.api('PATCH', `/v1/agents/${plain.id}`, { toolIds: [toolId] }), 422);

    const kept = await rowCounts(stack);
    const del = await stack.api('DELETE', `/v1/tools/${toolId}`);
    expectError(del, 409);
    expect(del.body.error.message).toContain(owner.id);
    expect(del.body.error.details).toMatchObject({ ownerAgentId: owner.id });
    expectError(await stack.api('PATCH', `/v1/tools/${toolId}`, { description: 'sneaky' }), 409);
    const put = await stack.api('PUT', `/v1/tools/${toolId}`, { type: 'http', ...orders() });
    expectError(put, 409);
    expect(await rowCounts(stack)).toEqual(kept);
    expect((await stack.db.agentTool.findUniqueOrThrow({ where: { id: toolId } })).description).toBe('Reads an order');

    expect((await stack.api('DELETE', `/v1/agents/${owner.id}`)).status).toBe(204);
    expect(await ownedRows(owner.id)).toEqual([]);
    expect(await stack.db.agentTool.findUnique({ where: { id: toolId } })).toBeNull();
  });

  it('writing owned tools needs the tool actions of the key, as /v1/tools would', async () => {
    const { key } = await mintKey(stack, [
      { effect: 'Allow', action: ['agents:CreateAgent', 'agents:UpdateAgent'], resource: ['*'] },
    ]);
    const counts = await rowCounts(stack);
    const refused = await callAs(stack, key, 'POST', '/v1/agents', {
      name: 'no tools allowed',
      aiProviderId: providerId,
      customTools: [orders()],
    });
    expectError(refused, 403);
    expect(refused.body.error.details).toMatchObject({ action: 'agents:CreateAgentTool' });
    expect(await rowCounts(stack)).toEqual(counts);
    const plain = await callAs(stack, key, 'POST', '/v1/agents', { name: 'plain', aiProviderId: providerId });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
  });
});
