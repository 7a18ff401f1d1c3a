import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, calls, createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer, type ScriptedReply } from '../support/model-server.js';
import { expectError } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';
import type { AppContext } from '../../api/context.js';
import { startQueuedGenerations } from '../../api/generations/hand-off.js';
import { createLimits } from '../../api/generations/start.js';
import { forkGeneration } from '../../domain/generations/fork.js';
import { createLogger } from '../../infra/logger.js';

type Step = { step: number; type: string; toolCallId?: string; replayed?: boolean };

/**
 * Fork from any step (docs/fork.md): a fork replays the origin's steps up to fromStep from its
 * record — no model call, no tool call — and runs the rest live, where each tool's delivery class
 * decides what may happen again.
 */
describe('fork: replayed steps call nothing, live steps follow the delivery classes', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;
  let agentId: string;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    providerId = await createProvider(stack, model);
    tools.route('/lookup', (_req, res) => json(res, 200, { found: 'blue-42' }));
    tools.route('/notify', (_req, res) => json(res, 200, { sent: true }));
    tools.route('/charge', (_req, res) => json(res, 200, { charged: true }));
    const lookup = await createTool(stack, {
      type: 'http',
      name: 'lookup',
      parameters: obj(),
      execute: { url: `${tools.url}/lookup` },
      readOnly: true,
    });
    const notify = await createTool(stack, {
      type: 'http',
      name: 'notify',
      parameters: obj(),
      execute: { url: `${tools.url}/notify` },
      delivery: 'at_least_once',
    });
    const charge = await createTool(stack, {
      type: 'http',
      name: 'charge',
      parameters: obj(),
      execute: { url: `${tools.url}/charge` },
      delivery: 'at_most_once',
    });
    agentId = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'You book things.',
      toolIds: [lookup, notify, charge],
    });
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());

  async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
    for (let i = 0; i < 600; i++) {
      const value = await probe();
      if (value !== undefined) return value;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  }
  const inStatus = (id: string, statuses: string[]) =>
    until(`generation ${id} in ${statuses.join('/')}`, async () => {
      const g = await stack.api('GET', `/v1/generations/${id}`);
      return statuses.includes(g.body.status) ? g.body : undefined;
    });
  const fork = (id: string, body: Record<string, unknown>) => stack.api('POST', `/v1/generations/${id}/fork`, body);
  const toolCalls = (from: number) => tools.requests.slice(from).map((r) => r.path);

  /** Steps 4–6 of the six-step run: lookup; notify and charge; the answer. */
  const liveSteps: ScriptedReply[] = [
    call('lookup', {}, 'c4'),
    calls(['notify', {}, 'c5'], ['charge', {}, 'c6']),
    { text: 'Booked.' },
  ];

  it('a fork from step 3 of a 6-step generation calls nothing for steps 1-3; the tool server sees what the delivery classes allow', async () => {
    model.script(call('lookup', {}, 'c1'), call('charge', {}, 'c2'), call('notify', {}, 'c3'), ...liveSteps);
    const ledger = tools.requests.length;
    const origin = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'Book it.' });
    expect(origin.body).toMatchObject({ status: 'completed', iterationCount: 6, text: 'Booked.' });
    expect(toolCalls(ledger)).toEqual(['/lookup', '/charge', '/notify', '/lookup', '/notify', '/charge']);
    const originNotify = tools.requests.slice(ledger).filter((r) => r.path === '/notify')[1]!;
    expect(model.requests).toHaveLength(6);

    model.script(...liveSteps);
    const before = tools.requests.length;
    const forked = await fork(origin.body.id, { fromStep: 3 });
    expect(forked.status, JSON.stringify(forked.body)).toBe(202);
    expect(forked.body).toMatchObject({
      traceId: origin.body.traceId,
      forkedFrom: { generationId: origin.body.id, step: 3 },
    });
    const forkId: string = forked.body.id;

    // Live step 5 calls the at-most-once charge: the step waits for a fresh approval.
    const paused = await inStatus(forkId, ['requires_action', 'completed', 'failed']);
    expect(paused.status).toBe('requires_action');
    expect(paused.requiredAction.approvals.map((a: { toolCallId: string }) => a.toolCallId)).toEqual(['c6']);
    // Steps 1-3 made no model call: the fork's first request is step 4, with the kept conversation
    // exactly as the origin sent it at its step 4.
    expect(model.requests).toHaveLength(8);
    expect(model.requests[6]!.messages).toEqual(model.requests[3]!.messages);
    // ...and no tool call: only the live read-only lookup ran so far; notify waits with the step.
    expect(toolCalls(before)).toEqual(['/lookup']);

    const { approvalId } = paused.requiredAction.approvals[0];
    const decided = await stack.api('POST', `/v1/generations/${forkId}/approvals/${approvalId}`, { approved: true });
    expect(decided.status, JSON.stringify(decided.body)).toBeLessThan(300);
    const done = await inStatus(forkId, ['completed', 'failed', 'cancelled']);
    expect(done).toMatchObject({ status: 'completed', text: 'Booked.', iterationCount: 6 });
    expect(model.requests).toHaveLength(9);

    // The tool server saw exactly: lookup re-run, notify re-run with a new key, charge once after approval.
    expect(toolCalls(before)).toEqual(['/lookup', '/notify', '/charge']);
    const forkNotify = tools.requests.slice(before).find((r) => r.path === '/notify')!;
    expect(originNotify.headers['idempotency-key']).toBe(`${origin.body.id}:c5`);
    expect(forkNotify.headers['idempotency-key']).toBe(`${forkId}:c5`);

    // The fork's trace reads complete: steps 1-3 replayed from the origin, 4-6 its own.
    const steps = done.steps as Step[];
    const acts = steps.filter((s) => s.type === 'act');
    expect(acts.map((s) => [s.step, s.toolCallId, s.replayed === true])).toEqual([
      [1, 'c1', true],
      [2, 'c2', true],
      [3, 'c3', true],
      [4, 'c4', false],
      [5, 'c5', false],
      [5, 'c6', false],
    ]);
    expect(steps.filter((s) => s.step > 3).every((s) => s.replayed === undefined)).toBe(true);
    expect(done.toolsUsed).toEqual(expect.arrayContaining(['lookup', 'charge', 'notify']));

    // The origin's trace lists the fork.
    const trace = await stack.api('GET', `/v1/traces/${origin.body.traceId}`);
    expect(trace.status).toBe(200);
    expect(trace.body.root.generationId).toBe(origin.body.id);
    expect(trace.body.root.forks).toHaveLength(1);
    expect(trace.body.root.forks[0]).toMatchObject({
      generationId: forkId,
      forkedFrom: { generationId: origin.body.id, step: 3 },
    });
    const listed = await stack.api('GET', `/v1/generations?traceId=${origin.body.traceId}`);
    expect(listed.body.data.map((g: { id: string }) => g.id).sort()).toEqual([origin.body.id, forkId].sort());
  });

  it('a denied approval keeps the at-most-once tool from running in the fork', async () => {
    model.script(call('charge', {}, 'k1'), { text: 'Charged.' });
    const origin = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'Charge it.' });
    expect(origin.body.status).toBe('completed');
    model.script(call('charge', {}, 'k2'), { text: 'Not charged.' });
    const before = tools.requests.length;
    const forked = await fork(origin.body.id, { fromStep: 0 });
    const paused = await inStatus(forked.body.id, ['requires_action', 'completed', 'failed']);
    expect(paused.status).toBe('requires_action');
    const { approvalId } = paused.requiredAction.approvals[0];
    await stack.api('POST', `/v1/generations/${forked.body.id}/approvals/${approvalId}`, { approved: false });
    const done = await inStatus(forked.body.id, ['completed', 'failed', 'cancelled']);
    expect(done.status).toBe('completed');
    expect(toolCalls(before)).toEqual([]);
  });

  it('message edits replace a kept user message; appended messages follow the kept conversation', async () => {
    model.script(call('lookup', {}, 'e1'), { text: 'It is blue-42.' });
    const origin = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'Find the red one.' });
    expect(origin.body).toMatchObject({ status: 'completed', iterationCount: 2 });
    const stored = await stack.db.generationMessage.findMany({
      where: { generationId: origin.body.id },
      orderBy: { seq: 'asc' },
    });
    const userIndex = stored.findIndex((m) => m.role === 'user');
    expect(userIndex).toBeGreaterThanOrEqual(0);

    // From step 0: only the initial messages are kept, the prompt edited; the lookup runs live again.
    model.script(call('lookup', {}, 'e2'), { text: 'Green is green-7.' });
    const edited = await fork(origin.body.id, {
      fromStep: 0,
      messages: [{ index: userIndex, content: 'Find the green one.' }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(202);
    const first = model.requests.length;
    const done = await inStatus(edited.body.id, ['completed', 'failed', 'cancelled']);
    expect(done.status).toBe('completed');
    const sent = model.requests[first]!.messages.filter((m: { role: string }) => m.role === 'user');
    expect(sent.map((m: { content: string }) => m.content)).toEqual(['Find the green one.']);

    // From the last step, with a user message appended: the model sees the whole run, then it.
    model.script({ text: 'Also blue.' });
    const appended = await fork(origin.body.id, { fromStep: 2, appendMessages: [{ content: 'And the blue one?' }] });
    expect(appended.status, JSON.stringify(appended.body)).toBe(202);
    const next = model.requests.length;
    await inStatus(appended.body.id, ['completed', 'failed', 'cancelled']);
    const messages = model.requests[next]!.messages as Array<{ role: string; content: string }>;
    expect(messages.at(-1)).toMatchObject({ role: 'user', content: 'And the blue one?' });
    expect(messages.at(-2)).toMatchObject({ role: 'assistant', content: 'It is blue-42.' });
    expect(messages.some((m) => m.role === 'tool')).toBe(true);
  });

  it('an Idempotency-Key makes a repeated fork request answer with the same fork; another body is a 422', async () => {
    model.script(call('lookup', {}, 'k1'), { text: 'Found it.' });
    const origin = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'Look it up once.' });
    expect(origin.body.status).toBe('completed');
    model.script({ text: 'Forked answer.' });
    const headers = { 'idempotency-key': `fork-${origin.body.id}` };
    const path = `/v1/generations/${origin.body.id}/fork`;
    const body = { fromStep: 1 };
    const first = await stack.api('POST', path, body, headers);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    const again = await stack.api('POST', path, body, headers);
    expect(again.status).toBe(202);
    expect(again.body.id).toBe(first.body.id);
    await inStatus(first.body.id, ['completed', 'failed', 'cancelled']);
    // After the fork ran: still the same fork, not a new run of it.
    const later = await stack.api('POST', path, body, headers);
    expect(later.body).toMatchObject({ id: first.body.id, status: 'completed' });
    expectError(await stack.api('POST', path, { fromStep: 2 }, headers), 422, 'idempotency_mismatch');
    expect(await stack.db.generation.count({ where: { forkedFromGenerationId: origin.body.id } })).toBe(1);
  });

  it('a fork stored by a request that died before starting it is started by the reconciler', async () => {
    model.script(call('lookup', {}, 'q1'), { text: 'First.' });
    const origin = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'Look it up.' });
    expect(origin.body.status).toBe('completed');
    // The API's transaction, without the start that follows it.
    const row = await stack.db.generation.findUniqueOrThrow({ where: { id: origin.body.id } });
    const { generation } = await forkGeneration(
      { db: stack.db, limits: createLimits(stack.env) },
      { projectId: stack.projectId, keyId: null },
      row,
      {
        fromStep: 1,
      },
    );
    expect((await stack.api('GET', `/v1/generations/${generation.id}`)).body.status).toBe('queued');

    model.script({ text: 'Second.' });
    const before = tools.requests.length;
    const first = model.requests.length;
    const ctx: AppContext = {
      env: stack.env,
      db: stack.db,
      temporal: stack.temporal,
      feed: stack.runtime.feed,
      secrets: stack.runtime.secrets,
      logger: createLogger('silent', 'fork-test'),
    };
    expect(await startQueuedGenerations(ctx, 0)).toBeGreaterThanOrEqual(1);
    const done = await inStatus(generation.id, ['completed', 'failed', 'cancelled']);
    expect(done).toMatchObject({ status: 'completed', text: 'Second.', iterationCount: 2 });
    expect(model.requests.length - first).toBe(1);
    expect(toolCalls(before)).toEqual([]);
  });

  it('refuses what cannot be forked: 422 for a step or edit that does not apply, 409 while running', async () => {
    model.script(call('lookup', {}, 'r1'), { text: 'Done.' });
    const origin = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'Look.' });
    expect(origin.body.status).toBe('completed');
    const id: string = origin.body.id;
    const count = await stack.db.generation.count();

    expectError(await fork(id, { fromStep: 3 }), 422);
    // From the final step without a message to answer.
    expectError(await fork(id, { fromStep: 2 }), 422);
    // An index beyond the kept conversation; a tool message.
    expectError(await fork(id, { fromStep: 1, messages: [{ index: 50, content: 'x' }] }), 422);
    const stored = await stack.db.generationMessage.findMany({ where: { generationId: id }, orderBy: { seq: 'asc' } });
    const toolIndex = stored.findIndex((m) => m.role === 'tool');
    expectError(await fork(id, { fromStep: 1, messages: [{ index: toolIndex, content: 'x' }] }), 422);
    expectError(await fork(id, { fromStep: 1, unknown: true }), 400);
    expect(await stack.db.generation.count()).toBe(count);

    // A running origin: its model call hangs.
    model.script({ fault: 'hang' });
    const running = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'Wait.', async: true });
    expectError(await fork(running.body.id, { fromStep: 0 }), 409);
    await stack.api('POST', `/v1/generations/${running.body.id}/cancel`);
  });
});
