import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startInlineMcpServer } from '../support/inline-mcp-server.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { expectError, expectStatus } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

type Step = { type: string; toolCallId?: string; status?: string; outcome?: string; result?: unknown };

/**
 * Delivery guarantees of tool calls across a worker kill -9 (processes mode): at-most-once tools
 * are never called twice (the model is told the outcome is unknown), and a result recorded by an
 * attempt that died before finishing still gets its event, its trace entry and its PostToolUse hooks.
 */
describe('tool delivery: at-most-once and recorded results across a worker crash', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([
      startStack({ mode: 'processes' }),
      startModelServer(),
      startToolServer(),
    ]);
    providerId = await createProvider(stack, model);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });

  const toolMessagesOf = (tag: string, callId: string) =>
    model.requests
      .filter((r) => r.tag === tag)
      .at(-1)!
      .messages.filter((m: { role: string; tool_call_id?: string }) => m.role === 'tool' && m.tool_call_id === callId);

  async function events(generationId: string): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
    const rows = await stack.db.generationEvent.findMany({ where: { generationId }, orderBy: { seq: 'asc' } });
    return rows.map((r) => ({ type: r.type, data: r.data as Record<string, unknown> }));
  }

  it('delivery is shown and validated: http defaults to at_least_once, mcp to null (by annotation)', async () => {
    const http = await stack.api('POST', '/v1/tools', {
      type: 'http',
      name: 'pay',
      parameters: { type: 'object', properties: {} },
      execute: { url: `${tools.url}/x` },
    });
    expect(http.body.delivery).toBe('at_least_once');
    const patched = await stack.api('PATCH', `/v1/tools/${http.body.id}`, { delivery: 'at_most_once' });
    expect(patched.body.delivery).toBe('at_most_once');
    const mcp = await stack.api('POST', '/v1/tools', { type: 'mcp', name: 'srv', mcp: { url: `${tools.url}/mcp` } });
    expect(mcp.body.delivery).toBeNull();
    expectError(await stack.api('PATCH', `/v1/tools/${http.body.id}`, { delivery: 'exactly_once' }), 400);
    expectError(
      await stack.api('POST', '/v1/tools', {
        type: 'client',
        name: 'c',
        parameters: { type: 'object' },
        delivery: 'at_most_once',
      }),
      400,
    );
    expect((await stack.api('GET', `/v1/tools/${http.body.id}`)).body.delivery).toBe('at_most_once');
  });

  it('an at_most_once http tool interrupted by a worker kill is not called again; the model and the trace get "outcome unknown"', async () => {
    let calls = 0;
    tools.route('/transfer', () => {
      calls += 1; // never answers: its worker is killed meanwhile
    });
    const toolId = await createTool(stack, {
      type: 'http',
      name: 'transfer_money',
      parameters: { type: 'object', properties: { amount: { type: 'number' } } },
      execute: { url: `${tools.url}/transfer` },
      timeoutSeconds: 60,
      delivery: 'at_most_once',
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    model.scriptFor(
      'amo-http',
      { text: '', toolCalls: [{ id: 'call_t', name: 'transfer_money', arguments: { amount: 5 } }] },
      { text: 'I could not confirm the transfer.' },
    );
    const first = tools.nextRequest('/transfer');
    const started = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'send 5 [[script:amo-http]]',
      async: true,
    });
    await first;
    await stack.stopWorker();
    await stack.startWorker();
    await stack.temporal.workflow.getHandle(started.body.id).result();

    const done = await stack.api('GET', `/v1/generations/${started.body.id}`);
    expect(done.body).toMatchObject({ status: 'completed', text: 'I could not confirm the transfer.' });
    expect(calls).toBe(1);
    const [message] = toolMessagesOf('amo-http', 'call_t');
    expect(JSON.parse(message.content)).toMatchObject({ outcome: 'unknown' });
    const observe = done.body.steps.find((s: Step) => s.type === 'observe' && s.toolCallId === 'call_t');
    expect(observe).toMatchObject({ status: 'error', outcome: 'unknown' });
    const results = (await events(started.body.id)).filter((e) => e.type === 'tool_result');
    expect(results).toHaveLength(1);
    expect(results[0]!.data).toMatchObject({ toolCallId: 'call_t', outcome: 'unknown' });
  });

  it('an unannotated (destructive) MCP tool is at-most-once by default: a crash mid-call does not repeat it', async () => {
    let calls = 0;
    let signalReceived!: () => void;
    const received = new Promise<void>((r) => (signalReceived = r));
    const mcp = await startInlineMcpServer((server) => {
      server.registerTool(
        'delete_file',
        { description: 'Deletes a file', inputSchema: { path: z.string() } },
        async () => {
          calls += 1;
          signalReceived();
          await new Promise((r) => setTimeout(r, 60_000)); // its worker is killed meanwhile
          return { content: [{ type: 'text', text: 'deleted' }] };
        },
      );
    });
    try {
      const mcpId = await createTool(stack, { type: 'mcp', name: 'fs', mcp: { url: mcp.url }, timeoutSeconds: 120 });
      const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [mcpId] });
      model.scriptFor(
        'amo-mcp',
        { text: '', toolCalls: [{ id: 'call_del', name: 'fs_delete_file', arguments: { path: '/tmp/a' } }] },
        { text: 'Unsure whether it was deleted.' },
      );
      const started = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
        prompt: 'delete /tmp/a [[script:amo-mcp]]',
        async: true,
      });
      await received;
      await stack.stopWorker();
      await stack.startWorker();
      await stack.temporal.workflow.getHandle(started.body.id).result();
      const done = await stack.api('GET', `/v1/generations/${started.body.id}`);
      expect(done.body).toMatchObject({ status: 'completed', text: 'Unsure whether it was deleted.' });
      expect(calls).toBe(1);
      const [message] = toolMessagesOf('amo-mcp', 'call_del');
      expect(JSON.parse(message.content)).toMatchObject({ outcome: 'unknown' });
      expect(done.body.steps.find((s: Step) => s.type === 'observe' && s.toolCallId === 'call_del')).toMatchObject({
        outcome: 'unknown',
      });
    } finally {
      await mcp.close();
    }
  });

  it('a result recorded by an attempt that died before finishing gets its event, its trace entry and its PostToolUse hook', async () => {
    tools.route('/lookup', () => {
      // never answers: the test records the result as the dying attempt would have, then kills the worker
    });
    tools.route('/redact', (_req, res) => json(res, 200, { decision: 'modify', result: { card: '[redacted]' } }));
    const toolId = await createTool(stack, {
      type: 'http',
      name: 'lookup_card',
      parameters: { type: 'object', properties: {} },
      execute: { url: `${tools.url}/lookup` },
      timeoutSeconds: 60,
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    expectStatus(
      await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
        event: 'PostToolUse',
        type: 'http',
        matcher: 'lookup_card',
        config: { url: `${tools.url}/redact` },
      }),
      201,
    );
    model.scriptFor(
      'replayed',
      { text: '', toolCalls: [{ id: 'call_l', name: 'lookup_card', arguments: {} }] },
      { text: 'Looked it up.' },
    );
    const first = tools.nextRequest('/lookup');
    const started = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'look up [[script:replayed]]',
      async: true,
    });
    await first;
    const generationId = started.body.id as string;
    // The message write of the old, non-atomic path: the result is stored, its event and trace are not.
    const last = await stack.db.generationMessage.findFirst({ where: { generationId }, orderBy: { seq: 'desc' } });
    const seq = Number(last!.seq) + 1;
    await stack.db.generationMessage.create({
      data: {
        generationId,
        key: String(seq),
        seq,
        role: 'tool',
        content: { role: 'tool', tool_call_id: 'call_l', content: '{"card":"4111 1111 1111 1111"}', status: 'success' },
      },
    });
    await stack.stopWorker();
    await stack.startWorker();
    await stack.temporal.workflow.getHandle(generationId).result();

    const done = await stack.api('GET', `/v1/generations/${generationId}`);
    expect(done.body).toMatchObject({ status: 'completed', text: 'Looked it up.' });
    expect(tools.requests.filter((r) => r.path === '/lookup')).toHaveLength(1); // never executed again
    expect(tools.requests.filter((r) => r.path === '/redact')).toHaveLength(1); // the hook ran
    const [message] = toolMessagesOf('replayed', 'call_l');
    expect(JSON.parse(message.content)).toEqual({ card: '[redacted]' });
    const observe = done.body.steps.find((s: Step) => s.type === 'observe' && s.toolCallId === 'call_l');
    expect(observe).toMatchObject({ status: 'success', result: { card: '[redacted]' } });
    expect((await events(generationId)).filter((e) => e.type === 'tool_result')).toHaveLength(1);
  });
});
