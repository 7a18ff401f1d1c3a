import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, calls, createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import {
  startModelServer,
  type ModelServer,
  type RecordedRequest,
  type ScriptedReply,
} from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';

/** The last tool message the model received (the result of the call it made before). */
const lastToolResult = (req: RecordedRequest): string | undefined => {
  const m = req.messages.at(-1);
  return m?.role === 'tool' ? String(m.content) : undefined;
};

describe('multi-agent: agent tools as child workflows, depth, child pauses, cancel, traces', () => {
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

  const generate = (agentId: string, body: Record<string, unknown>) =>
    stack.api('POST', `/v1/agents/${agentId}/generate`, body);
  const get = (generationId: string) => stack.api('GET', `/v1/generations/${generationId}`);
  async function until(generationId: string, accept: (g: any) => boolean, what: string): Promise<any> {
    for (let i = 0; i < 600; i++) {
      const g = (await get(generationId)).body;
      if (accept(g)) return g;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`generation ${generationId} never reached: ${what}`);
  }
  const agentTool = (name: string, agentId: string, extra: Record<string, unknown> = {}) =>
    createTool(stack, { type: 'agent', name, agentId, ...extra });
  const worker = (tag: string, extra: Record<string, unknown> = {}) =>
    createAgent(stack, { aiProviderId: providerId, instructions: `Worker [[script:${tag}]]`, ...extra });

  it('a supervisor delegates to two workers in parallel and answers with both results; the trace shows the tree', async () => {
    const research = await worker('research');
    const math = await worker('math');
    const askResearch = await agentTool('ask_research', research, { readOnly: true });
    const askMath = await agentTool('ask_math', math, { readOnly: true });
    const supervisor = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'Supervisor [[script:supervisor]]',
      toolIds: [askResearch, askMath],
    });
    model.scriptFor(
      'supervisor',
      calls(['ask_research', { prompt: 'Who wrote Dune?' }, 'c_research'], ['ask_math', { prompt: '6*7' }, 'c_math']),
      (req): ScriptedReply => {
        const results = req.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
        return { text: `Both: ${results.join(' | ')}` };
      },
    );
    // The research worker answers only once the math worker has called the model too: run one
    // after the other, the calls could never overlap and `overlapped` would stay false.
    let overlapped = false;
    model.scriptFor('research', async (): Promise<ScriptedReply> => {
      for (let i = 0; i < 200 && !overlapped; i++) {
        overlapped = model.requests.some((r) => r.tag === 'math');
        if (!overlapped) await new Promise((r) => setTimeout(r, 50));
      }
      return { text: 'Frank Herbert' };
    });
    model.scriptFor('math', { text: '42' });

    const res = await generate(supervisor, { prompt: 'Dune author and 6*7?' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed', text: 'Both: Frank Herbert | 42' });
    expect(overlapped).toBe(true);
    // Each worker saw the prompt the supervisor's model wrote.
    const workerPrompts = model.requests
      .filter((r) => r.tag === 'research' || r.tag === 'math')
      .map((r) => r.messages.at(-1)?.content);
    expect(workerPrompts.sort()).toEqual(['6*7', 'Who wrote Dune?']);

    const children = await stack.db.generation.findMany({ where: { parentGenerationId: res.body.id } });
    expect(children).toHaveLength(2);
    for (const c of children) {
      expect(c).toMatchObject({ traceId: res.body.traceId, status: 'completed' });
      expect(c.createdByKeyId).not.toBeNull();
    }
    expect(children.map((c) => c.parentToolCallId).sort()).toEqual(['c_math', 'c_research']);

    const trace = await stack.api('GET', `/v1/traces/${res.body.traceId}`);
    expect(trace.status).toBe(200);
    expect(trace.body).toMatchObject({
      id: res.body.traceId,
      rootGenerationId: res.body.id,
      status: 'completed',
      totals: { generations: 3 },
      root: { generationId: res.body.id, agentId: supervisor, parentToolCallId: null },
    });
    const kids = trace.body.root.children as Array<{ agentId: string; parentToolCallId: string; status: string }>;
    expect(kids.map((k) => [k.parentToolCallId, k.agentId, k.status]).sort()).toEqual([
      ['c_math', math, 'completed'],
      ['c_research', research, 'completed'],
    ]);
    const sum = (field: 'promptTokens' | 'completionTokens') =>
      [trace.body.root, ...kids].reduce((n: number, g: any) => n + g.usage[field], 0);
    expect(trace.body.totals.usage.promptTokens).toBe(sum('promptTokens'));
    expect(trace.body.totals.usage.completionTokens).toBe(sum('completionTokens'));
    const alias = await stack.api('GET', `/v1/agents/traces/${res.body.traceId}`);
    expect(alias.body).toEqual(trace.body);
    const list = await stack.api('GET', `/v1/traces?agentId=${supervisor}`);
    expect(list.body.data.map((t: { id: string }) => t.id)).toEqual([res.body.traceId]);
  });

  it("maxCallDepth 3 with A→B→A: three generations, the third one's call is an error result and starts nothing", async () => {
    const a = await createAgent(stack, { aiProviderId: providerId, instructions: 'A [[script:depth-a]]' });
    const b = await createAgent(stack, { aiProviderId: providerId, instructions: 'B [[script:depth-b]]' });
    const callA = await agentTool('call_a', a);
    const callB = await agentTool('call_b', b);
    expect((await stack.api('PATCH', `/v1/agents/${a}`, { toolIds: [callB] })).status).toBe(200);
    expect((await stack.api('PATCH', `/v1/agents/${b}`, { toolIds: [callA] })).status).toBe(200);
    // Each agent calls the other once, then answers with what it got back.
    const pingPong =
      (tool: string, label: string) =>
      (req: RecordedRequest): ScriptedReply => {
        const result = lastToolResult(req);
        return result === undefined ? call(tool, { prompt: `from ${label}` }) : { text: `${label}<${result}>` };
      };
    model.scriptFor(
      'depth-a',
      pingPong('call_b', 'A'),
      pingPong('call_b', 'A'),
      pingPong('call_b', 'A'),
      pingPong('call_b', 'A'),
    );
    model.scriptFor('depth-b', pingPong('call_a', 'B'), pingPong('call_a', 'B'));

    const res = await generate(a, { prompt: 'start', maxCallDepth: 3 });
    expect(res.body).toMatchObject({ status: 'completed' });
    expect(res.body.text).toMatch(/^A<B<A<\{"error":"Maximum call depth reached/);
    const rows = await stack.db.generation.findMany({ where: { traceId: res.body.traceId } });
    expect(rows).toHaveLength(3);
    const trace = await stack.api('GET', `/v1/traces/${res.body.traceId}`);
    expect(trace.body.totals.generations).toBe(3);
    const third = trace.body.root.children[0].children[0];
    expect(third).toMatchObject({ agentId: a, children: [] });
    const observe = third.steps.find((s: { type: string }) => s.type === 'observe');
    expect(observe).toMatchObject({ toolName: 'call_b', status: 'error' });
    expect(observe.result.error).toMatch(/Maximum call depth/);
  });

  it('a child paused on a client tool: the parent shows child_requires_action and completes after the child', async () => {
    const lookup = await createTool(stack, {
      type: 'client',
      name: 'lookup',
      parameters: obj({ q: { type: 'string' } }),
    });
    const child = await worker('pause-child', { toolIds: [lookup] });
    const ask = await agentTool('ask_child', child);
    const parent = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'Parent [[script:pause-parent]]',
      toolIds: [ask],
    });
    model.scriptFor('pause-parent', call('ask_child', { prompt: 'look it up' }, 'c_child'), (req) => ({
      text: `parent got ${lastToolResult(req)}`,
    }));
    model.scriptFor('pause-child', call('lookup', { q: 'x' }, 'c_lookup'), (req) => ({
      text: `child got ${lastToolResult(req)}`,
    }));

    const res = await generate(parent, { prompt: 'go' });
    expect(res.body.status).toBe('requires_action');
    const paused = await until(res.body.id, (g) => g.requiredAction?.type === 'child_requires_action', 'child pause');
    const childId = paused.requiredAction.childGenerationId;
    expect(paused.requiredAction.childRequiredAction).toMatchObject({
      type: 'submit_tool_outputs',
      toolCalls: [{ toolCallId: 'c_lookup', toolName: 'lookup', arguments: { q: 'x' } }],
    });
    expect((await get(childId)).body).toMatchObject({ parentGenerationId: res.body.id, status: 'requires_action' });

    const submitted = await stack.api('POST', `/v1/agents/${child}/generate/${childId}/tool-outputs`, {
      toolOutputs: [{ toolCallId: 'c_lookup', output: 'found it' }],
    });
    expect(submitted.body).toMatchObject({ status: 'completed', text: 'child got found it' });
    const done = await until(res.body.id, (g) => g.status === 'completed', 'parent completed');
    expect(done).toMatchObject({ text: 'parent got child got found it', requiredAction: null });
  });

  it('a child paused on an approval: the parent shows it, the inbox links parent and trace, a decision resumes both', async () => {
    const write = await createTool(stack, { type: 'client', name: 'noop_write', parameters: obj() });
    const child = await worker('approval-child', { toolIds: [write] });
    const hook = await stack.api('POST', `/v1/agents/${child}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      matcher: 'noop_write',
      config: {},
    });
    expect(hook.status).toBe(201);
    const ask = await agentTool('ask_writer', child);
    const parent = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'Parent [[script:approval-parent]]',
      toolIds: [ask],
    });
    model.scriptFor('approval-parent', call('ask_writer', { prompt: 'write' }, 'c_writer'), (req) => ({
      text: `parent: ${lastToolResult(req)}`,
    }));
    // Denied: the child's model sees the denial and answers; the parent gets that answer.
    model.scriptFor('approval-child', call('noop_write', {}, 'c_write'), (req) => ({
      text: `child saw ${lastToolResult(req)?.includes('denied') ? 'denial' : 'something else'}`,
    }));
    const res = await generate(parent, { prompt: 'go', async: true });
    const paused = await until(
      res.body.id,
      (g) => g.requiredAction?.childRequiredAction?.type === 'approve_tool_calls',
      'child approval',
    );
    const childId = paused.requiredAction.childGenerationId;
    const { approvalId } = paused.requiredAction.childRequiredAction.approvals[0];
    const inbox = await stack.api('GET', '/v1/approvals?status=pending');
    expect(inbox.body.data.find((a: { id: string }) => a.id === approvalId)).toMatchObject({
      generationId: childId,
      parentGenerationId: res.body.id,
      traceId: res.body.traceId,
    });
    const decided = await stack.api('POST', `/v1/generations/${childId}/approvals/${approvalId}`, {
      approved: false,
      reason: 'no',
    });
    expect(decided.body).toMatchObject({ status: 'completed', text: 'child saw denial' });
    const done = await until(res.body.id, (g) => g.status === 'completed', 'parent completed');
    expect(done.text).toBe('parent: child saw denial');
  });

  it('cancelling the parent cancels its paused child', async () => {
    const wait = await createTool(stack, { type: 'client', name: 'wait_here', parameters: obj() });
    const child = await worker('cancel-child', { toolIds: [wait] });
    const ask = await agentTool('ask_waiter', child);
    const parent = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'Parent [[script:cancel-parent]]',
      toolIds: [ask],
    });
    model.scriptFor('cancel-parent', call('ask_waiter', { prompt: 'wait' }, 'c_w'));
    model.scriptFor('cancel-child', call('wait_here', {}, 'c_wait'));
    const res = await generate(parent, { prompt: 'go', async: true });
    const paused = await until(res.body.id, (g) => g.requiredAction?.type === 'child_requires_action', 'child pause');
    const childId = paused.requiredAction.childGenerationId;
    const cancelled = await stack.api('POST', `/v1/generations/${res.body.id}/cancel`);
    expect([200, 202]).toContain(cancelled.status);
    await until(res.body.id, (g) => g.status === 'cancelled', 'parent cancelled');
    await until(childId, (g) => g.status === 'cancelled', 'child cancelled');
  });

  it("cancelling the parent while its child's model call is in flight stops that call on the request", async () => {
    const child = await worker('hang-child');
    const ask = await agentTool('ask_hanging', child);
    const parent = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'Parent [[script:hang-parent]]',
      toolIds: [ask],
    });
    model.scriptFor('hang-parent', call('ask_hanging', { prompt: 'wait' }, 'c_h'));
    model.scriptFor('hang-child', { fault: 'hang' });
    const res = await generate(parent, { prompt: 'go', async: true });
    while (model.requests.length < 2) await new Promise((r) => setTimeout(r, 20));
    const childRow = await stack.db.generation.findFirstOrThrow({ where: { parentGenerationId: res.body.id } });
    const cancelled = await stack.api('POST', `/v1/generations/${res.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    await until(childRow.id, (g) => g.status === 'cancelled', 'child cancelled');
    // The child's call was stopped by the notification (docs/adr/0027), not at its task's heartbeat.
    expect(await stack.callsStoppedForCancel(childRow.id)).toBe(1);
    expect(model.requests).toHaveLength(2);
  });
});
