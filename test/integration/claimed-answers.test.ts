import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claimSignalledAnswer, signalUnsentClaims } from '../../api/generations/answer-claims.js';
import type { ClaimedToolOutputsInput } from '../../contracts/generation/index.js';
import { createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { localActivityTypes } from '../support/history.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';

/**
 * A complete answer from a caller that does not wait is claimed in PostgreSQL and signalled
 * (docs/adr/0037): the workflow takes it in the task that runs the next step, with no update and
 * no regular activity, and the claim keeps every other answer to the same pause out.
 */
describe('claimed answers: complete tool outputs signalled after a claim in PostgreSQL', () => {
  let stack: TestStack;
  let model: ModelServer;
  let providerId: string;
  let agentId: string;

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack(), startModelServer()]);
    providerId = await createProvider(stack, model);
    const ask = await createTool(stack, { type: 'client', name: 'ask_user', parameters: obj({}) });
    agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [ask] });
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  const submit = (generationId: string, body: Record<string, unknown>) =>
    stack.api('POST', `/v1/agents/${agentId}/generate/${generationId}/tool-outputs`, body);
  const settled = async (generationId: string) => {
    await stack.temporal.workflow.getHandle(generationId).result();
    return (await stack.api('GET', `/v1/generations/${generationId}`)).body;
  };
  const paused = async (tag: string, calls = 1) => {
    const toolCalls = Array.from({ length: calls }, (_, i) => ({
      id: `call_${tag}_${i}`,
      name: 'ask_user',
      arguments: {},
    }));
    model.scriptFor(tag, { text: '', toolCalls }, { text: `Done ${tag}.` });
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: `Ask [[script:${tag}]]` });
    expect(res.body.status).toBe('requires_action');
    return { id: res.body.id as string, stateVersion: (await row(res.body.id)).stateVersion };
  };
  /** A claimed answer of the paused generation `g` (tagged `tag`) with `output` for its one call. */
  const claimed = (g: { stateVersion: number }, tag: string, output: string): ClaimedToolOutputsInput => ({
    answerId: randomUUID(),
    seenStateVersion: g.stateVersion,
    toolOutputs: [{ toolCallId: `call_${tag}_0`, output }],
  });
  const row = (id: string) => stack.db.generation.findUniqueOrThrow({ where: { id } });
  const history = (id: string) => stack.temporal.workflow.getHandle(id).fetchHistory();
  const signals = async (id: string) =>
    ((await history(id)).events ?? []).filter(
      (e) => e.workflowExecutionSignaledEventAttributes?.signalName === 'claimedToolOutputs',
    ).length;
  const updates = async (id: string) =>
    ((await history(id)).events ?? []).filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes).length;
  const regularActivities = async (id: string) =>
    ((await history(id)).events ?? []).flatMap((e) =>
      e.activityTaskScheduledEventAttributes ? [e.activityTaskScheduledEventAttributes.activityType?.name] : [],
    );
  const toolContents = (tag: string) =>
    model.requests
      .filter((q) => q.tag === tag)
      .at(-1)!
      .messages.filter((m) => m.role === 'tool')
      .map((m) => m.content);

  it('an async answer to every pending call: 202 at once, one signal, no update, no regular activity', async () => {
    const g = await paused('async', 2);
    const pausedView = (await stack.api('GET', `/v1/agents/${agentId}/generations/${g.id}`)).body;
    const answered = await submit(g.id, {
      toolOutputs: [
        { toolCallId: 'call_async_1', output: 'B' },
        { toolCallId: 'call_async_0', output: 'A' },
      ],
      async: true,
    });
    expect(answered.status).toBe(202);
    // The view as the claim read it, in the claim's own statement: the paused row and its trace,
    // shown running.
    expect(answered.body).toEqual({ ...pausedView, status: 'running', requiredAction: null });
    expect(answered.body.steps.length).toBeGreaterThan(0);
    expect(await settled(g.id)).toMatchObject({ status: 'completed', text: 'Done async.' });
    expect(toolContents('async')).toEqual(['A', 'B']);
    expect(await signals(g.id)).toBe(1);
    expect(await updates(g.id)).toBe(0);
    expect(await regularActivities(g.id)).toEqual([]);
    // The model call, which also opened the pause (docs/adr/0039), and the last model call, which
    // also left it (docs/adr/0038).
    expect(localActivityTypes(await history(g.id))).toEqual(['callModel', 'callModel']);
    const after = await row(g.id);
    expect(after.answerClaim).toBeNull();
    expect(after.answerClaimedAt).toBeNull();
    // The run names the answer it took, as for an update (docs/adr/0026).
    expect(after.answeredUpdateId).toEqual(expect.any(String));
  });

  it('two different async answers to one pause at once: one 202, one 409, the model sees the first', async () => {
    const g = await paused('race');
    const [first, second] = await Promise.all(
      ['first', 'second'].map((output) =>
        submit(g.id, { toolOutputs: [{ toolCallId: 'call_race_0', output }], async: true }),
      ),
    );
    const statuses = [first!.status, second!.status].sort();
    expect(statuses).toEqual([202, 409]);
    const winner = first!.status === 202 ? 'first' : 'second';
    expect(await settled(g.id)).toMatchObject({ status: 'completed' });
    expect(toolContents('race')).toEqual([winner]);
    expect(model.requests.filter((q) => q.tag === 'race')).toHaveLength(2);
  });

  it('outputs for part of the calls go as updates; the rest completes the pause', async () => {
    const g = await paused('part', 2);
    const first = await submit(g.id, { toolOutputs: [{ toolCallId: 'call_part_0', output: 'A' }], async: true });
    expect(first.status).toBe(200);
    expect(first.body.requiredAction.toolCalls.map((c: { toolCallId: string }) => c.toolCallId)).toEqual([
      'call_part_1',
    ]);
    const rest = await submit(g.id, { toolOutputs: [{ toolCallId: 'call_part_1', output: 'B' }], async: true });
    expect(rest.status).toBe(202);
    expect(await settled(g.id)).toMatchObject({ status: 'completed', text: 'Done part.' });
    expect(toolContents('part')).toEqual(['A', 'B']);
    expect(await signals(g.id)).toBe(0);
    expect(await updates(g.id)).toBe(2);
  });

  it('a claim whose signal was never sent (the API died in between): other answers are refused, the same one is taken', async () => {
    const g = await paused('lost');
    const signal = claimed(g, 'lost', 'claimed');
    expect(await claimSignalledAnswer(stack.db, g.id, signal)).toMatchObject({ id: g.id, status: 'requires_action' });
    // A second claim of the same pause fails: the row holds one.
    expect(await claimSignalledAnswer(stack.db, g.id, { ...signal, answerId: randomUUID() })).toBeNull();

    const other = await submit(g.id, { toolOutputs: [{ toolCallId: 'call_lost_0', output: 'other' }], async: true });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('conflict');
    const waiting = await submit(g.id, { toolOutputs: [{ toolCallId: 'call_lost_0', output: 'other' }] });
    expect(waiting.status).toBe(409);
    expect((await row(g.id)).status).toBe('requires_action');
    expect(await signals(g.id)).toBe(0);

    // The client's retry of the claimed answer itself is accepted, and sends the signal.
    const retry = await submit(g.id, { toolOutputs: [{ toolCallId: 'call_lost_0', output: 'claimed' }], async: true });
    expect(retry.status).toBe(202);
    expect(await settled(g.id)).toMatchObject({ status: 'completed', text: 'Done lost.' });
    expect(toolContents('lost')).toEqual(['claimed']);
    expect((await row(g.id)).answeredUpdateId).toBe(signal.answerId);
  });

  it('the reconciler signals a claim left unsent; a signal sent twice is taken once', async () => {
    const g = await paused('resend');
    const signal = claimed(g, 'resend', 'from the reconciler');
    expect(await claimSignalledAnswer(stack.db, g.id, signal)).not.toBeNull();
    const warnings: unknown[] = [];
    const logger = { warn: (obj: object) => void warnings.push(obj) };
    // Not due yet: the request that claimed it has 30 s to signal it itself.
    expect(await signalUnsentClaims({ db: stack.db, temporal: stack.temporal, logger })).toBe(0);
    expect(await signalUnsentClaims({ db: stack.db, temporal: stack.temporal, logger }, 0)).toBe(1);
    expect(warnings).toEqual([]);
    // Sent again (another API's reconciler, say): the workflow takes the answer once.
    await stack.temporal.workflow.getHandle(g.id).signal('claimedToolOutputs', signal);
    expect(await settled(g.id)).toMatchObject({ status: 'completed', text: 'Done resend.' });
    expect(await signals(g.id)).toBe(2);
    expect(model.requests.filter((q) => q.tag === 'resend')).toHaveLength(2);
    expect(toolContents('resend')).toEqual(['from the reconciler']);
    expect(await signalUnsentClaims({ db: stack.db, temporal: stack.temporal, logger }, 0)).toBe(0);
  });

  it('a claim for a finished generation is dropped by the reconciler', async () => {
    const g = await paused('gone');
    const signal = claimed(g, 'gone', 'late');
    expect(await claimSignalledAnswer(stack.db, g.id, signal)).not.toBeNull();
    await stack.temporal.workflow.getHandle(g.id).terminate('test: the workflow is gone');
    const warnings: unknown[] = [];
    const logger = { warn: (obj: object) => void warnings.push(obj) };
    expect(await signalUnsentClaims({ db: stack.db, temporal: stack.temporal, logger }, 0)).toBe(0);
    expect(warnings).toHaveLength(1);
    expect((await row(g.id)).answerClaim).toBeNull();
  });
});
