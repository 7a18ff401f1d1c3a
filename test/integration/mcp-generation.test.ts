import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgent, createProvider, createTool, toolMessages } from '../support/fixtures.js';
import { startInlineMcpServer } from '../support/inline-mcp-server.js';
import { startHostileMcpServer, type HostileMcpServer } from '../support/hostile-mcp-server.js';
import { startEverythingServer, type EverythingServer } from '../support/mcp-everything.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/** An MCP server with annotated tools (read-only and destructive) and unannotated ones (destructive by default). */
async function startAnnotatedServer(): Promise<{ url: string; calls: string[]; close(): Promise<void> }> {
  const calls: string[] = [];
  const server = await startInlineMcpServer((mcp) => {
    mcp.registerTool(
      'list_rows',
      { description: 'Lists rows', inputSchema: { table: z.string() }, annotations: { readOnlyHint: true } },
      async ({ table }) => {
        calls.push(`list_rows:${table}`);
        return { content: [{ type: 'text', text: `rows of ${table}` }] };
      },
    );
    mcp.registerTool(
      'drop_table',
      { description: 'Drops a table', inputSchema: { table: z.string() }, annotations: { destructiveHint: true } },
      async ({ table }) => {
        calls.push(`drop_table:${table}`);
        return { content: [{ type: 'text', text: `dropped ${table}` }] };
      },
    );
    mcp.registerTool(
      'truncate_table',
      { description: 'Empties a table', inputSchema: { table: z.string() } },
      async ({ table }) => {
        calls.push(`truncate_table:${table}`);
        return { content: [{ type: 'text', text: `truncated ${table}` }] };
      },
    );
    mcp.registerTool(
      'archive_table',
      { description: 'Archives a table', inputSchema: { table: z.string() }, annotations: { readOnlyHint: false } },
      async ({ table }) => {
        calls.push(`archive_table:${table}`);
        return { content: [{ type: 'text', text: `archived ${table}` }] };
      },
    );
  });
  return { ...server, calls };
}

describe('MCP tools inside generations', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let everythingHttp: EverythingServer;
  let everythingSse: EverythingServer;
  let hostile: HostileMcpServer;
  let annotated: Awaited<ReturnType<typeof startAnnotatedServer>>;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, tools, everythingHttp, everythingSse, hostile, annotated] = await Promise.all([
      startStack(),
      startModelServer(),
      startToolServer(),
      startEverythingServer('streamableHttp'),
      startEverythingServer('sse'),
      startHostileMcpServer(),
      startAnnotatedServer(),
    ]);
    providerId = await createProvider(stack, model);
    tools.route('/weather', (_req, res) => json(res, 200, { celsius: 20 }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
    await everythingHttp?.stop();
    await everythingSse?.stop();
    await hostile?.close();
    await annotated?.close();
  });
  beforeEach(() => model.reset());

  for (const kind of ['streamable_http', 'sse'] as const) {
    it(`discovers server-everything over ${kind} under the prefix and calls echo and get-sum`, async () => {
      const server = kind === 'sse' ? everythingSse : everythingHttp;
      const mcpId = await createTool(stack, { type: 'mcp', name: 'every', mcp: { url: server.url, transport: kind } });
      const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [mcpId] });
      model.script(
        {
          text: '',
          toolCalls: [
            { id: 'e1', name: 'every_echo', arguments: { message: 'hello MCP' } },
            { id: 'e2', name: 'every_get-sum', arguments: { a: 19, b: 23 } },
          ],
        },
        { text: 'echoed and summed' },
      );
      const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'use the MCP tools' });
      expect(res.body).toMatchObject({
        status: 'completed',
        text: 'echoed and summed',
        toolsUsed: ['every_echo', 'every_get-sum'],
      });
      const offered = model.requests[0]!.tools!.map((t: { function: { name: string } }) => t.function.name);
      expect(offered).toEqual(expect.arrayContaining(['every_echo', 'every_get-sum', 'every_get-tiny-image']));
      expect(offered.every((n: string) => /^every_[a-zA-Z0-9_-]+$/.test(n) && n.length <= 64)).toBe(true);
      const results = toolMessages(model.requests[1]!.messages);
      expect(results.e1).toBe('Echo: hello MCP');
      expect(results.e2).toBe('The sum of 19 and 23 is 42.');
      const discovery = res.body.steps.find((s: { type: string }) => s.type === 'discovery');
      expect(discovery).toMatchObject({
        toolName: 'every',
        status: 'success',
        result: { definitionsHash: expect.stringMatching(/^[0-9a-f]{64}$/) },
      });
      const stored = await stack.db.generation.findUniqueOrThrow({
        where: { id: res.body.id },
        select: { discoveredTools: true },
      });
      expect((stored.discoveredTools as { definitionsHash: string }).definitionsHash).toBe(
        discovery.result.definitionsHash,
      );
    });
  }

  it('mixes MCP, http and client tools in one generation', async () => {
    const mcpId = await createTool(stack, { type: 'mcp', name: 'every', mcp: { url: everythingHttp.url } });
    const httpId = await createTool(stack, {
      type: 'http',
      name: 'weather',
      parameters: { type: 'object', properties: {} },
      execute: { url: `${tools.url}/weather` },
    });
    const clientId = await createTool(stack, {
      type: 'client',
      name: 'confirm',
      parameters: { type: 'object', properties: {} },
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [mcpId, httpId, clientId] });
    model.script(
      {
        text: '',
        toolCalls: [
          { id: 'm1', name: 'every_echo', arguments: { message: 'mixed' } },
          { id: 'h1', name: 'weather', arguments: {} },
          { id: 'c1', name: 'confirm', arguments: {} },
        ],
      },
      { text: 'all three worked' },
    );
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'mix' });
    expect(paused.body).toMatchObject({
      status: 'requires_action',
      requiredAction: { toolCalls: [{ toolCallId: 'c1' }] },
    });
    const done = await stack.api('POST', `/v1/agents/${agentId}/generate/${paused.body.id}/tool-outputs`, {
      toolOutputs: [{ toolCallId: 'c1', output: 'confirmed' }],
    });
    expect(done.body).toMatchObject({ status: 'completed', text: 'all three worked' });
    expect(toolMessages(model.requests[1]!.messages)).toEqual({
      m1: 'Echo: mixed',
      h1: JSON.stringify({ celsius: 20 }),
      c1: 'confirmed',
    });
  });

  it('fails open when a server is down at discovery: the run continues without it, the failure is on the generation', async () => {
    const downId = await createTool(stack, {
      type: 'mcp',
      name: 'down',
      mcp: { url: 'http://127.0.0.1:9/mcp' },
      timeoutSeconds: 2,
    });
    const okId = await createTool(stack, { type: 'mcp', name: 'every', mcp: { url: everythingHttp.url } });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [downId, okId] });
    model.script({ text: 'answered without the down server' });
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'hi' });
    expect(res.body).toMatchObject({ status: 'completed', text: 'answered without the down server' });
    const discovery = res.body.steps.filter((s: { type: string }) => s.type === 'discovery');
    expect(discovery).toEqual([
      expect.objectContaining({ toolName: 'down', status: 'error', error: expect.stringMatching(/.+/) }),
      expect.objectContaining({ toolName: 'every', status: 'success' }),
    ]);
    const offered = model.requests[0]!.tools!.map((t: { function: { name: string } }) => t.function.name);
    expect(offered.some((n: string) => n.startsWith('down_'))).toBe(false);
    expect(offered).toContain('every_echo');
  });

  it('sanitises hostile names into unique ones; a collision with another tool is a clear generation error', async () => {
    const hostileId = await createTool(stack, { type: 'mcp', name: 'h', mcp: { url: hostile.url } });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [hostileId] });
    model.script({ text: 'looked' });
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'list' });
    expect(res.body.status).toBe('completed');
    const names: string[] = model.requests[0]!.tools!.map(
      (t: { function: { name: string } }) => t.function.name,
    ).filter((n: string) => n.startsWith('h_'));
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((n) => /^[a-zA-Z0-9_-]{1,64}$/.test(n))).toBe(true);
    expect(names).toEqual(expect.arrayContaining(['h_echo', 'h_dup', 'h_files_read']));
    const bigDescription = model.requests[0]!.tools!.find(
      (t: { function: { name: string } }) => t.function.name === 'h_big_description',
    );
    expect(bigDescription.function.description.length).toBeLessThanOrEqual(2000);

    const clash = await createTool(stack, {
      type: 'http',
      name: 'h_echo',
      parameters: { type: 'object', properties: {} },
      execute: { url: `${tools.url}/weather` },
    });
    const clashing = await createAgent(stack, { aiProviderId: providerId, toolIds: [hostileId, clash] });
    const failed = await stack.api('POST', `/v1/agents/${clashing}/generate`, { prompt: 'clash' });
    expect(failed.body).toMatchObject({ status: 'failed', error: { code: 'tool_name_collision' } });
    expect(failed.body.error.message).toMatch(/h_echo/);
    expect(failed.body.error.message).toMatch(new RegExp(clash));
  });

  /** An agent whose only tool is the MCP server at `mcp`, with requireApprovalFor "destructive". */
  async function destructiveGatedAgent(name: string, mcp: Record<string, unknown>, readOnly = false): Promise<string> {
    const mcpId = await createTool(stack, { type: 'mcp', name, mcp, readOnly });
    return createAgent(stack, { aiProviderId: providerId, toolIds: [mcpId], requireApprovalFor: 'destructive' });
  }

  /** Denies every pending approval of a paused generation; returns the last answer. */
  async function denyAll(paused: { body: any }): Promise<{ body: any }> {
    let last = paused;
    for (const { approvalId } of paused.body.requiredAction.approvals) {
      last = await stack.api('POST', `/v1/generations/${paused.body.id}/approvals/${approvalId}`, { approved: false });
    }
    return last;
  }

  it('requireApprovalFor "destructive" gates destructiveHint tools; readOnlyHint tools run without approval', async () => {
    const agentId = await destructiveGatedAgent('db', { url: annotated.url });
    model.script(
      {
        text: '',
        toolCalls: [
          { id: 'r1', name: 'db_list_rows', arguments: { table: 'users' } },
          { id: 'd1', name: 'db_drop_table', arguments: { table: 'users' } },
        ],
      },
      { text: 'listed, not dropped' },
    );
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'clean up' });
    expect(paused.body).toMatchObject({
      status: 'requires_action',
      requiredAction: { type: 'approve_tool_calls', approvals: [{ toolCallId: 'd1', toolName: 'db_drop_table' }] },
    });
    const done = await denyAll(paused);
    expect(done.body).toMatchObject({ status: 'completed', text: 'listed, not dropped' });
    expect(annotated.calls).toEqual(['list_rows:users']);
  });

  it('requireApprovalFor "destructive": tools without annotations (or only readOnlyHint false) are destructive, as MCP defines', async () => {
    annotated.calls.length = 0;
    const agentId = await destructiveGatedAgent('db2', { url: annotated.url });
    model.script(
      {
        text: '',
        toolCalls: [
          { id: 't1', name: 'db2_truncate_table', arguments: { table: 'users' } },
          { id: 'a1', name: 'db2_archive_table', arguments: { table: 'users' } },
          { id: 'r1', name: 'db2_list_rows', arguments: { table: 'users' } },
        ],
      },
      { text: 'nothing destroyed' },
    );
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'clean up' });
    expect(paused.body).toMatchObject({
      status: 'requires_action',
      requiredAction: {
        type: 'approve_tool_calls',
        approvals: [
          { toolCallId: 't1', toolName: 'db2_truncate_table' },
          { toolCallId: 'a1', toolName: 'db2_archive_table' },
        ],
      },
    });
    expect(paused.body.requiredAction.approvals).toHaveLength(2);
    const last = await denyAll(paused);
    expect(last.body).toMatchObject({ status: 'completed', text: 'nothing destroyed' });
    expect(annotated.calls).toEqual(['list_rows:users']);
  });

  it('readOnly on the MCP tool wins over the annotations: its owner vouches that every tool only reads, none waits', async () => {
    annotated.calls.length = 0;
    const agentId = await destructiveGatedAgent('db3', { url: annotated.url }, true);
    model.script(
      { text: '', toolCalls: [{ id: 't1', name: 'db3_truncate_table', arguments: { table: 'logs' } }] },
      { text: 'truncated' },
    );
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'truncate logs' });
    expect(res.body).toMatchObject({ status: 'completed', text: 'truncated' });
    expect(annotated.calls).toEqual(['truncate_table:logs']);
  });

  it('requireApprovalFor "destructive" with server-everything: its tools all say readOnlyHint true or destructiveHint false, so none waits', async () => {
    const agentId = await destructiveGatedAgent('safe', { url: everythingHttp.url, transport: 'streamable_http' });
    model.script(
      {
        text: '',
        toolCalls: [
          { id: 'e1', name: 'safe_echo', arguments: { message: 'hi' } },
          { id: 'e2', name: 'safe_get-sum', arguments: { a: 1, b: 2 } },
        ],
      },
      { text: 'no approval needed' },
    );
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'use them' });
    expect(res.body).toMatchObject({ status: 'completed', text: 'no approval needed' });
    const stored = await stack.db.generation.findUniqueOrThrow({
      where: { id: res.body.id },
      select: { discoveredTools: true },
    });
    const discovered = (
      stored.discoveredTools as { tools: Array<{ originalName: string; destructive: boolean; readOnly: boolean }> }
    ).tools;
    const byName = new Map(discovered.map((t) => [t.originalName, t]));
    // readOnlyHint true / destructiveHint false; readOnlyHint false with destructiveHint false.
    expect(byName.get('echo')).toMatchObject({ readOnly: true, destructive: false });
    expect(byName.get('toggle-simulated-logging')).toMatchObject({ readOnly: false, destructive: false });
    expect(discovered.filter((t) => t.destructive)).toEqual([]);
  });
});
