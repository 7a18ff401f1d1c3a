import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { loadViewRow, loadViewRowIfSettled } from '../../infra/db/generation-view.js';
import { loadGenerationRow } from '../../infra/db/generation-row.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';
import { waitForSettled } from '../../api/generations/wait.js';
import { LocalChangeFeed } from '../../infra/events/change-feed.js';

describe('client tools, requires_action and the generation API', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    providerId = await createProvider(stack, model);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());

  const generate = (agentId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    stack.api('POST', `/v1/agents/${agentId}/generate`, body, headers);
  const submit = (agentId: string, generationId: string, body: Record<string, unknown>) =>
    stack.api('POST', `/v1/agents/${agentId}/generate/${generationId}/tool-outputs`, body);

  it('flow 2 — client tools: pauses with requires_action, resumes with the submitted output', async () => {
    const readFile = await createTool(stack, {
      type: 'client',
      name: 'read_local_file',
      parameters: obj({ path: { type: 'string' } }),
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [readFile] });
    model.script(call('read_local_file', { path: '/tmp/data.csv' }, 'call_xyz'), { text: 'The file has 2 rows.' });

    const paused = await generate(agentId, { prompt: 'Count rows of /tmp/data.csv' });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({
      status: 'requires_action',
      requiredAction: {
        type: 'submit_tool_outputs',
        toolCalls: [{ toolCallId: 'call_xyz', toolName: 'read_local_file', arguments: { path: '/tmp/data.csv' } }],
      },
    });
    const resumed = await submit(agentId, paused.body.id, {
      toolOutputs: [{ toolCallId: 'call_xyz', output: 'col1,col2\n1,2\n3,4' }],
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'completed', text: 'The file has 2 rows.', requiredAction: null });
    expect(model.requests[1]!.messages.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'call_xyz',
      content: 'col1,col2\n1,2\n3,4',
    });
    const observe = resumed.body.steps.find((s: { type: string }) => s.type === 'observe');
    expect(observe).toMatchObject({ toolCallId: 'call_xyz', status: 'success', result: 'col1,col2\n1,2\n3,4' });
  });

  it('the view columns read through the pool equal the row Prisma reads (paused, then completed)', async () => {
    const readFile = await createTool(stack, { type: 'client', name: 'read_view_file', parameters: obj() });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [readFile] });
    model.script(call('read_view_file', {}, 'call_view'), { text: 'Viewed.' });
    const paused = await generate(agentId, { prompt: 'view', metadata: { k: 'v' } });
    const id = paused.body.id as string;
    const same = async () => {
      const row = await stack.db.generation.findUniqueOrThrow({ where: { id } });
      const pooled = await loadViewRow(stack.db, id, row.projectId);
      expect(pooled).not.toBeNull();
      for (const [key, value] of Object.entries(pooled!))
        expect([key, value]).toEqual([key, row[key as keyof typeof row]]);
      expect(Object.keys(pooled!)).toHaveLength(24);
      expect(await loadViewRow(stack.db, id, 'prj_other')).toBeNull();
      // The whole row as requests addressed to a generation read it: every column, Prisma's types.
      const whole = await loadGenerationRow(stack.db, id, row.projectId);
      expect(whole).toEqual(row);
      expect(Object.keys(whole!).sort()).toEqual(Object.keys(row).sort());
      expect(await loadGenerationRow(stack.db, id, row.projectId, row.agentId)).toEqual(row);
      expect(await loadGenerationRow(stack.db, id, row.projectId, 'agt_other')).toBeNull();
      expect(await loadGenerationRow(stack.db, id, 'prj_other')).toBeNull();
      // A waiter's read: the view row always, the trace only once settled past the version it saw.
      const steps = (
        await stack.db.generationStep.findMany({ where: { generationId: id }, orderBy: { seq: 'asc' } })
      ).map((s) => s.data);
      expect(steps.length).toBeGreaterThan(0);
      const unsettled = await loadViewRowIfSettled(stack.db, id, row.stateVersion);
      expect(unsettled).toEqual({ row: pooled, steps: null });
      const settled = await loadViewRowIfSettled(stack.db, id, row.stateVersion - 1);
      expect(settled).toEqual({ row: pooled, steps });
      return row;
    };
    const before = await same();
    expect(before.requiredAction).not.toBeNull();
    expect(before.pauseVersion).toBe(before.stateVersion);
    await submit(agentId, id, { toolOutputs: [{ toolCallId: 'call_view', output: 'x' }] });
    const done = await same();
    expect(done.pauseVersion).toBeNull();
    expect(done.completedAt).toBeInstanceOf(Date);
    expect(done.metadata).toEqual({ k: 'v' });
  });

  it('two waiting answers to one pause at once: one gets the completed generation, the other 409; a waiter waits for what it accepts', async () => {
    const readFile = await createTool(stack, { type: 'client', name: 'read_race_file', parameters: obj() });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [readFile] });
    model.script(call('read_race_file', {}, 'call_race'), { text: 'Raced.' });
    const paused = await generate(agentId, { prompt: 'race' });
    const id = paused.body.id as string;
    const { stateVersion: pausedVersion } = await stack.db.generation.findUniqueOrThrow({ where: { id } });
    const answers = await Promise.all(
      ['first', 'second'].map((output) => submit(agentId, id, { toolOutputs: [{ toolCallId: 'call_race', output }] })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    expect(winner.body).toMatchObject({ status: 'completed', text: 'Raced.' });
    // The model saw the winner's output, once.
    const won = answers.indexOf(winner) === 0 ? 'first' : 'second';
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]!.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_race', content: won });

    // Settled is not enough for a waiter that also needs the row to pass its own check.
    const feed = new LocalChangeFeed();
    const other = await waitForSettled(stack.db, feed, id, pausedVersion, 300, { accept: () => false });
    expect(other.settled).toBe(false);
    const own = await waitForSettled(stack.db, feed, id, pausedVersion, 300, {
      accept: (r) => r.status === 'completed',
    });
    expect(own).toMatchObject({ settled: true, generation: { id, status: 'completed' } });
    // An aborted wait ends at once, unsettled, long before its deadline.
    const stop = new AbortController();
    const aborted = waitForSettled(stack.db, feed, id, pausedVersion, 600_000, {
      accept: () => false,
      signal: stop.signal,
    });
    setTimeout(() => stop.abort(), 50);
    expect((await aborted).settled).toBe(false);
  });

  it('flow 4 — dynamic control: next-step overrides, stepRules and defaults submitted with outputs', async () => {
    for (const p of ['search', 'tests']) tools.route(`/${p}`, (_req, res) => json(res, 200, { ok: p }));
    const search = await createTool(stack, {
      type: 'http',
      name: 'search_code',
      parameters: obj(),
      execute: { url: `${tools.url}/search` },
    });
    const runTests = await createTool(stack, {
      type: 'http',
      name: 'run_tests',
      parameters: obj(),
      execute: { url: `${tools.url}/tests` },
    });
    const checkpoint = await createTool(stack, { type: 'client', name: 'checkpoint', parameters: obj() });
    // With defaults toolChoice "required" the model must keep calling tools; step 6 is final (tools withheld).
    const agentId = await createAgent(stack, {
      aiProviderId: providerId,
      toolIds: [search, runTests, checkpoint],
      maxSteps: 6,
    });
    model.script(
      call('search_code', { q: 'auth' }),
      call('checkpoint', {}, 'call_2'),
      call('run_tests', {}),
      call('search_code', { q: 'again' }),
      call('run_tests', { again: true }),
      { text: 'Fixed.' },
    );
    const paused = await generate(agentId, { prompt: 'Find and fix the failing test in auth.ts' });
    expect(paused.body.status).toBe('requires_action');
    const done = await submit(agentId, paused.body.id, {
      toolOutputs: [{ toolCallId: 'call_2', output: 'proceed' }],
      toolChoice: { type: 'tool', toolName: 'run_tests' },
      activeToolIds: [runTests],
      stepRules: [{ step: 4, toolChoice: { type: 'tool', toolName: 'search_code' }, activeToolIds: [search] }],
      defaults: { toolChoice: 'required' },
    });
    expect(done.body).toMatchObject({ status: 'completed', stopReason: 'max_steps', text: 'Fixed.' });
    const names = (i: number) => model.requests[i]!.tools?.map((t: { function: { name: string } }) => t.function.name);
    expect(model.requests[2]!.toolChoice).toEqual({ type: 'function', function: { name: 'run_tests' } });
    expect(names(2)).toEqual(['run_tests']);
    expect(model.requests[3]!.toolChoice).toEqual({ type: 'function', function: { name: 'search_code' } });
    expect(names(3)).toEqual(['search_code']);
    expect(model.requests[4]!.toolChoice).toBe('required');
    expect(names(4)).toEqual(['search_code', 'run_tests', 'checkpoint']);
    expect(model.requests[5]!.tools).toBeUndefined();
  });

  it('accepts outputs in several requests and resumes when all pending calls are answered', async () => {
    const a = await createTool(stack, { type: 'client', name: 'ask_a', parameters: obj() });
    const b = await createTool(stack, { type: 'client', name: 'ask_b', parameters: obj() });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [a, b] });
    model.script(
      {
        text: '',
        toolCalls: [
          { id: 'ca', name: 'ask_a', arguments: {} },
          { id: 'cb', name: 'ask_b', arguments: {} },
        ],
      },
      { text: 'both answered' },
    );
    const paused = await generate(agentId, { prompt: 'ask both' });
    expect(paused.body.requiredAction.toolCalls.map((c: { toolCallId: string }) => c.toolCallId)).toEqual(['ca', 'cb']);

    const first = await submit(agentId, paused.body.id, {
      toolOutputs: [{ toolCallId: 'cb', output: { answer: 'B' } }],
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'requires_action',
      requiredAction: { toolCalls: [{ toolCallId: 'ca' }] },
    });
    // Answering cb again is a conflict; an unknown id is unprocessable; neither changes anything.
    expect(
      (await submit(agentId, paused.body.id, { toolOutputs: [{ toolCallId: 'cb', output: 'again' }] })).status,
    ).toBe(409);
    const unknown = await submit(agentId, paused.body.id, { toolOutputs: [{ toolCallId: 'nope', output: 'x' }] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.message).toMatch(/nope/);
    const view = await stack.api('GET', `/v1/generations/${paused.body.id}`);
    expect(view.body).toMatchObject({
      status: 'requires_action',
      requiredAction: { toolCalls: [{ toolCallId: 'ca' }] },
    });

    const second = await submit(agentId, paused.body.id, { toolOutputs: [{ toolCallId: 'ca', output: 'A' }] });
    expect(second.body).toMatchObject({ status: 'completed', text: 'both answered' });
    const toolMessages = model.requests[1]!.messages.filter((m: { role: string }) => m.role === 'tool');
    expect(toolMessages).toEqual([
      { role: 'tool', tool_call_id: 'ca', content: 'A' },
      { role: 'tool', tool_call_id: 'cb', content: JSON.stringify({ answer: 'B' }) },
    ]);
    // Not waiting any more: 409.
    expect(
      (await submit(agentId, paused.body.id, { toolOutputs: [{ toolCallId: 'ca', output: 'late' }] })).status,
    ).toBe(409);
  });

  it('async start returns 202 at once; Idempotency-Key returns the same generation, or 422 for a different body', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    model.setDefault({ text: 'async answer' });
    const key = `idem-${Date.now()}`;
    const first = await generate(agentId, { prompt: 'hello', async: true }, { 'idempotency-key': key });
    expect(first.status).toBe(202);
    expect(['queued', 'running']).toContain(first.body.status);
    const again = await generate(agentId, { prompt: 'hello', async: true }, { 'idempotency-key': key });
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const sync = await generate(agentId, { prompt: 'hello' }, { 'idempotency-key': key });
    expect(sync.body).toMatchObject({ id: first.body.id, status: 'completed', text: 'async answer' });
    // The 202 of the request that created the row shows it as inserted: no trace yet. A replay
    // reads the trace the run has written since.
    expect(first.body.steps).toEqual([]);
    const replayed = await generate(agentId, { prompt: 'hello', async: true }, { 'idempotency-key': key });
    expect(replayed.status).toBe(202);
    expect(replayed.body.steps).toEqual(sync.body.steps);
    expect(replayed.body.steps.length).toBeGreaterThan(0);
    const different = await generate(agentId, { prompt: 'something else' }, { 'idempotency-key': key });
    expect(different.status).toBe(422);
    expect(different.body.error.code).toBe('idempotency_mismatch');
    expect(model.requests).toHaveLength(1);
    const count = await stack.db.generation.count({ where: { idempotencyKey: key } });
    expect(count).toBe(1);
  });

  it('concurrent generate calls with one Idempotency-Key make one generation and one workflow', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    model.setDefault({ text: 'only once' });
    const key = `idem-race-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => generate(agentId, { prompt: 'same', async: true }, { 'idempotency-key': key })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(202));
    const ids = new Set(results.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(5);
    const [id] = [...ids] as [string];
    await stack.temporal.workflow.getHandle(id).result();
    expect(await stack.db.generation.count({ where: { idempotencyKey: key } })).toBe(1);
    const runs = [];
    for await (const w of stack.temporal.workflow.list({ query: `WorkflowId = '${id}'` })) runs.push(w);
    expect(runs).toHaveLength(1);
    expect(model.requests).toHaveLength(1);
  });

  it('a refused answer (outputs for an unknown call) is a 422 and leaves no event in the workflow history', async () => {
    const ask = await createTool(stack, { type: 'client', name: 'ask_user', parameters: obj() });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [ask] });
    model.script(call('ask_user', {}, 'c_ask'), { text: 'thanks' });
    const paused = await generate(agentId, { prompt: 'ask' });
    expect(paused.body.status).toBe('requires_action');
    const handle = stack.temporal.workflow.getHandle(paused.body.id);
    // The reply can come before the workflow task that stored the pause has completed: wait until
    // the history ends with a completed workflow task and stays put.
    let before = (await handle.fetchHistory()).events ?? [];
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const now = (await handle.fetchHistory()).events ?? [];
      if (now.length === before.length && now.at(-1)?.workflowTaskCompletedEventAttributes) break;
      before = now;
    }
    const bad = await submit(agentId, paused.body.id, { toolOutputs: [{ toolCallId: 'c_other', output: 'x' }] });
    expect(bad.status).toBe(422);
    // The claim refused it: nothing reached the workflow, nothing was claimed.
    const after = (await handle.fetchHistory()).events ?? [];
    expect(after.map((e) => e.eventType)).toEqual(before.map((e) => e.eventType));
    expect(await stack.db.pauseAnswer.count({ where: { generationId: paused.body.id } })).toBe(0);
    expect((await stack.api('GET', `/v1/generations/${paused.body.id}`)).body.status).toBe('requires_action');
    // The same generation still takes the right outputs, and that answer's update is in the history.
    const done = await submit(agentId, paused.body.id, { toolOutputs: [{ toolCallId: 'c_ask', output: 'yes' }] });
    expect(done.body).toMatchObject({ status: 'completed', text: 'thanks' });
    await vi.waitFor(async () => {
      const final = (await handle.fetchHistory()).events ?? [];
      expect(final.filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes != null)).toHaveLength(1);
    });
  });

  it('sync generate returns 202 with the running generation when waitSeconds passes first', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    model.script(async () => {
      await gate;
      return { text: 'finally' };
    });
    const res = await generate(agentId, { prompt: 'slow', waitSeconds: 1 });
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('running');
    release();
    await stack.temporal.workflow.getHandle(res.body.id).result();
    expect((await stack.api('GET', `/v1/generations/${res.body.id}`)).body).toMatchObject({
      status: 'completed',
      text: 'finally',
    });
  });

  it('cancels a paused generation; a settled one cannot be cancelled', async () => {
    const ask = await createTool(stack, { type: 'client', name: 'ask', parameters: obj() });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [ask] });
    model.script(call('ask', {}));
    const paused = await generate(agentId, { prompt: 'pause' });
    expect(paused.body.status).toBe('requires_action');
    const cancelled = await stack.api('POST', `/v1/generations/${paused.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', stopReason: 'cancelled', requiredAction: null });
    const handle = stack.temporal.workflow.getHandle(paused.body.id);
    await expect(handle.result()).rejects.toThrow(/cancel/i);
    expect((await handle.describe()).status.name).toBe('CANCELLED');
    expect((await stack.api('POST', `/v1/generations/${paused.body.id}/cancel`)).status).toBe(409);
    expect((await submit(agentId, paused.body.id, { toolOutputs: [{ toolCallId: 'x', output: 1 }] })).status).toBe(409);
  });

  it('cancels a generation while its model call is in flight: the worker stops the call on the request', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    model.script({ fault: 'hang' });
    const started = await generate(agentId, { prompt: 'hang forever', async: true });
    while (model.requests.length === 0) await new Promise((r) => setTimeout(r, 20));
    const cancelled = await stack.api('POST', `/v1/generations/${started.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', stopReason: 'cancelled' });
    // Stopped through the change feed, not by Temporal's cancel reaching the call a task heartbeat later.
    const handle = stack.temporal.workflow.getHandle(started.body.id);
    // The row says cancelled before the workflow task that closes the run completes: wait for the close.
    await expect(handle.result()).rejects.toThrow(/cancel/i);
    expect((await handle.describe()).status.name).toBe('CANCELLED');
    expect(await stack.callsStoppedForCancel(started.body.id)).toBe(1);
    expect(model.requests).toHaveLength(1);
  });

  it('cancels a generation while its http tool call is in flight: the request is aborted, nothing runs after it', async () => {
    let aborted!: () => void;
    const toolAborted = new Promise<void>((resolve) => (aborted = resolve));
    tools.route('/never-answers', (_req, res) => {
      // Never answered: only the caller can end it.
      res.on('close', () => aborted());
    });
    const slow = await createTool(stack, {
      type: 'http',
      name: 'slow_lookup',
      parameters: obj(),
      execute: { url: `${tools.url}/never-answers` },
      timeoutSeconds: 120,
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [slow] });
    model.script(call('slow_lookup', {}), { text: 'never reached' });
    const calling = tools.nextRequest('/never-answers');
    const started = await generate(agentId, { prompt: 'look it up', async: true });
    await calling;
    const cancelled = await stack.api('POST', `/v1/generations/${started.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', stopReason: 'cancelled' });
    await toolAborted;
    expect(await stack.callsStoppedForCancel(started.body.id)).toBe(1);
    expect(model.requests).toHaveLength(1);
  });

  it('a running generation keeps the configuration it started with', async () => {
    tools.route('/v1', (_req, res) => json(res, 200, { version: 1 }));
    const httpId = await createTool(stack, {
      type: 'http',
      name: 'versioned',
      parameters: obj(),
      execute: { url: `${tools.url}/v1` },
    });
    const ask = await createTool(stack, { type: 'client', name: 'ask_user', parameters: obj() });
    const agentId = await createAgent(stack, {
      aiProviderId: providerId,
      toolIds: [httpId, ask],
      instructions: 'original instructions',
    });
    model.script(call('ask_user', {}, 'c_snap'), call('versioned', {}), { text: 'used the snapshot' });
    const paused = await generate(agentId, { prompt: 'snapshot test' });
    expect(paused.body.status).toBe('requires_action');

    // Change everything underneath the paused generation.
    await stack.db.agentTool.update({ where: { id: httpId }, data: { execute: { url: `${tools.url}/gone` } } });
    await stack.db.agent.update({
      where: { id: agentId },
      data: { instructions: 'changed instructions', toolIds: [] },
    });

    const done = await submit(agentId, paused.body.id, { toolOutputs: [{ toolCallId: 'c_snap', output: 'ok' }] });
    expect(done.body).toMatchObject({ status: 'completed', text: 'used the snapshot' });
    expect(tools.requests.some((r) => r.path === '/v1')).toBe(true);
    expect(tools.requests.some((r) => r.path === '/gone')).toBe(false);
    expect(model.requests.at(-1)!.messages[0]).toEqual({ role: 'system', content: 'original instructions' });
    expect(model.requests.at(-1)!.tools!.map((t: { function: { name: string } }) => t.function.name)).toEqual([
      'versioned',
      'ask_user',
    ]);
  });

  it('reads and lists generations with filters; 404 for unknown ids; 400 for bad input', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    model.setDefault({ text: 'listed' });
    const g1 = await generate(agentId, { prompt: 'one' });
    const g2 = await generate(agentId, { prompt: 'two' });
    const viaAgent = await stack.api('GET', `/v1/agents/${agentId}/generations/${g1.body.id}`);
    expect(viaAgent.body).toMatchObject({ id: g1.body.id, generationId: g1.body.id, object: 'generation' });
    const list = await stack.api('GET', `/v1/generations?agentId=${agentId}&status=completed&limit=1`);
    expect(list.body.data.map((g: { id: string }) => g.id)).toEqual([g2.body.id]);
    const next = await stack.api(
      'GET',
      `/v1/generations?agentId=${agentId}&status=completed&limit=1&cursor=${list.body.nextCursor}`,
    );
    expect(next.body.data.map((g: { id: string }) => g.id)).toEqual([g1.body.id]);
    expect(next.body.nextCursor).toBeNull();
    const byTrace = await stack.api('GET', `/v1/generations?traceId=${g1.body.traceId}`);
    expect(byTrace.body.data.map((g: { id: string }) => g.id)).toEqual([g1.body.id]);

    expect((await stack.api('GET', '/v1/generations/agt_gen_doesnotexist000')).status).toBe(404);
    expect((await stack.api('GET', '/v1/generations?status=bogus')).status).toBe(400);
    const bad = await generate(agentId, { prompt: 'x', maxSteps: 0, toolChoice: 'sometimes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['body.maxSteps', 'body.toolChoice']),
    );
    expect((await generate(agentId, {})).status).toBe(400);
    expect((await generate(agentId, { prompt: 'x', activeToolIds: ['agt_tool_notattached123'] })).status).toBe(422);
    expect((await generate('agt_unknown000000000', { prompt: 'x' })).status).toBe(404);
  });
});
