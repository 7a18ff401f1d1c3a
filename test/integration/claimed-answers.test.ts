import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimApprovalDecision, claimExpiry, claimToolOutputs } from '../../domain/answers/claims.js';
import { signalUnsentAnswers } from '../../domain/answers/delivery.js';
import { pauseAnsweredSignal } from '../../workflows/definitions.js';
import { createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { localActivityTypes } from '../support/history.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';

/**
 * Every answer to a pause is claimed in PostgreSQL, then signalled (docs/adr/0041): the claim is
 * where a second answer is refused, the signal needs no reply, and the workflow takes it in the
 * task that runs the next step. The claim rows are an outbox: a signal that never left is sent by
 * the reconciler.
 */
describe('answers claimed in PostgreSQL, then signalled', () => {
  let stack: TestStack;
  let model: ModelServer;
  let providerId: string;
  let agentId: string;
  let gatedAgentId: string;

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack(), startModelServer()]);
    providerId = await createProvider(stack, model);
    const ask = await createTool(stack, { type: 'client', name: 'ask_user', parameters: obj({}) });
    agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [ask] });
    const pay = await createTool(stack, { type: 'client', name: 'pay', parameters: obj({}) });
    gatedAgentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [pay] });
    const hook = await stack.api('POST', `/v1/agents/${gatedAgentId}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      matcher: 'pay',
      config: {},
    });
    expect(hook.status).toBe(201);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  const logger = () => {
    const warnings: unknown[] = [];
    return { warnings, warn: (obj: object) => void warnings.push(obj) };
  };
  const submit = (generationId: string, body: Record<string, unknown>) =>
    stack.api('POST', `/v1/agents/${agentId}/generate/${generationId}/tool-outputs`, body);
  const settled = async (generationId: string) => {
    await stack.temporal.workflow.getHandle(generationId).result();
    return (await stack.api('GET', `/v1/generations/${generationId}`)).body;
  };
  const row = (id: string) => stack.db.generation.findUniqueOrThrow({ where: { id } });
  const paused = async (tag: string, calls = 1, agent = agentId, name = 'ask_user') => {
    const toolCalls = Array.from({ length: calls }, (_, i) => ({ id: `call_${tag}_${i}`, name, arguments: {} }));
    model.scriptFor(tag, { text: '', toolCalls }, { text: `Done ${tag}.` });
    const res = await stack.api('POST', `/v1/agents/${agent}/generate`, { prompt: `Ask [[script:${tag}]]` });
    expect(res.body.status).toBe('requires_action');
    return row(res.body.id);
  };
  const history = (id: string) => stack.temporal.workflow.getHandle(id).fetchHistory();
  const signals = async (id: string) =>
    ((await history(id)).events ?? []).filter(
      (e) => e.workflowExecutionSignaledEventAttributes?.signalName === 'pauseAnswered',
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
  const claims = (generationId: string) =>
    stack.db.pauseAnswer.findMany({ where: { generationId }, orderBy: [{ answerId: 'asc' }, { key: 'asc' }] });

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
    // The paused row and its trace, shown running.
    expect(answered.body).toEqual({ ...pausedView, status: 'running', requiredAction: null });
    expect(await settled(g.id)).toMatchObject({ status: 'completed', text: 'Done async.' });
    expect(toolContents('async')).toEqual(['A', 'B']);
    expect(await signals(g.id)).toBe(1);
    expect(await updates(g.id)).toBe(0);
    expect(await regularActivities(g.id)).toEqual([]);
    // The model call that opened the pause, and the one that left it (the answers' write rides on it).
    expect(localActivityTypes(await history(g.id))).toEqual(['callModel', 'callModel']);
    const rows = await claims(g.id);
    expect(rows.map((r) => [r.key, r.pauseVersion, r.kind, r.signalledAt !== null])).toEqual([
      ['call_async_0', g.pauseVersion, 'toolOutputs', true],
      ['call_async_1', g.pauseVersion, 'toolOutputs', true],
    ]);
    expect((await row(g.id)).pauseVersion).toBeNull();
  });

  it('a waiting answer: the settled generation in the reply, through the same claim, delivered by an update', async () => {
    const g = await paused('sync');
    const answered = await submit(g.id, { toolOutputs: [{ toolCallId: 'call_sync_0', output: 'S' }] });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: 'completed', text: 'Done sync.' });
    await stack.temporal.workflow.getHandle(g.id).result();
    // The update carries the claimed answer; it has no validator, and nothing else reached the run.
    expect(await signals(g.id)).toBe(0);
    expect(await updates(g.id)).toBe(1);
    await vi.waitFor(async () => expect((await claims(g.id)).every((r) => r.signalledAt !== null)).toBe(true));
  });

  it('two different answers to one pause at once: one accepted, one 409, the model sees the first', async () => {
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

  it('outputs for part of the calls: the reply shows what is still pending; the rest completes the pause', async () => {
    const g = await paused('part', 2);
    const first = await submit(g.id, { toolOutputs: [{ toolCallId: 'call_part_0', output: 'A' }], async: true });
    expect(first.status).toBe(200);
    expect(first.body.requiredAction.toolCalls.map((c: { toolCallId: string }) => c.toolCallId)).toEqual([
      'call_part_1',
    ]);
    // Still the same pause: the partial answer's write kept its version.
    expect((await row(g.id)).pauseVersion).toBe(g.pauseVersion);
    const again = await submit(g.id, { toolOutputs: [{ toolCallId: 'call_part_0', output: 'other' }], async: true });
    expect(again.status).toBe(409);
    const rest = await submit(g.id, { toolOutputs: [{ toolCallId: 'call_part_1', output: 'B' }], async: true });
    expect(rest.status).toBe(202);
    expect(await settled(g.id)).toMatchObject({ status: 'completed', text: 'Done part.' });
    expect(toolContents('part')).toEqual(['A', 'B']);
    expect(await signals(g.id)).toBe(2);
    expect(await updates(g.id)).toBe(0);
  });

  it('a claim whose signal was never sent (the API died in between): other answers are refused, the same one is taken', async () => {
    const g = await paused('lost');
    await claimToolOutputs(stack.db, g, [{ toolCallId: 'call_lost_0', output: 'claimed' }], {}, 'key_x');
    const other = await submit(g.id, { toolOutputs: [{ toolCallId: 'call_lost_0', output: 'other' }], async: true });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('conflict');
    expect((await row(g.id)).status).toBe('requires_action');
    expect(await signals(g.id)).toBe(0);

    // The client's retry of the claimed answer itself is accepted, and sends the signal.
    const retry = await submit(g.id, { toolOutputs: [{ toolCallId: 'call_lost_0', output: 'claimed' }], async: true });
    expect(retry.status).toBe(202);
    expect(await settled(g.id)).toMatchObject({ status: 'completed', text: 'Done lost.' });
    expect(toolContents('lost')).toEqual(['claimed']);
  });

  it('the reconciler signals a claim left unsent; a signal sent twice is taken once; a finished generation’s is dropped', async () => {
    const g = await paused('resend');
    const { answers } = await claimToolOutputs(
      stack.db,
      g,
      [{ toolCallId: 'call_resend_0', output: 'R' }],
      {},
      'key_x',
    );
    const log = logger();
    const deps = { db: stack.db, temporal: stack.temporal, logger: log };
    // Not due yet: the request that claimed it has 30 s to signal it itself.
    expect(await signalUnsentAnswers(deps)).toBe(0);
    expect(await signalUnsentAnswers(deps, 0)).toBe(1);
    // Sent again (another API's reconciler, say): the workflow takes the answer once.
    await stack.temporal.workflow.getHandle(g.id).signal(pauseAnsweredSignal, answers[0]!);
    expect(await settled(g.id)).toMatchObject({ status: 'completed', text: 'Done resend.' });
    expect(await signals(g.id)).toBe(2);
    expect(toolContents('resend')).toEqual(['R']);
    expect(await signalUnsentAnswers(deps, 0)).toBe(0);

    const gone = await paused('gone');
    await claimToolOutputs(stack.db, gone, [{ toolCallId: 'call_gone_0', output: 'late' }], {}, 'key_x');
    await stack.temporal.workflow.getHandle(gone.id).terminate('test: the workflow is gone');
    expect(await signalUnsentAnswers(deps, 0)).toBe(0);
    expect(log.warnings).toHaveLength(1);
    expect(await claims(gone.id)).toEqual([]);
  });

  it('an approval decision is claimed on the approval’s row at once; a second decision is a 409', async () => {
    const g = await paused('decide', 1, gatedAgentId, 'pay');
    const [approval] = await stack.db.approval.findMany({ where: { generationId: g.id } });
    const decide = (approved: boolean) =>
      stack.api('POST', `/v1/generations/${g.id}/approvals/${approval!.id}`, { approved });
    // Approved, the client tool's own pause follows: the waiting reply shows it.
    const first = await decide(true);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'requires_action', requiredAction: { type: 'submit_tool_outputs' } });
    expect((await decide(false)).status).toBe(409);
    const decided = await stack.db.approval.findUniqueOrThrow({ where: { id: approval!.id } });
    expect(decided).toMatchObject({ status: 'approved', decidedBy: expect.stringMatching(/^key_/) });
    expect((await signals(g.id)) + (await updates(g.id))).toBe(1);
    await stack.temporal.workflow.getHandle(g.id).terminate('test done');
  });

  it('PostgreSQL decides between a decision and the deadline: whichever claims the approval first', async () => {
    const early = await paused('early', 1, gatedAgentId, 'pay');
    const [a] = await stack.db.approval.findMany({ where: { generationId: early.id } });
    await claimApprovalDecision(stack.db, early, a!, { approved: true, reason: 'in time' }, 'key_x');
    // The expiry comes later, before the decision's signal: it reports the decision.
    const [outcome] = await claimExpiry(stack.db, {
      generationId: early.id,
      pauseVersion: early.pauseVersion!,
      approvalIds: [a!.id],
    });
    expect(outcome).toMatchObject({
      approvalId: a!.id,
      decision: { approved: true, reason: 'in time', decidedBy: 'key_x' },
    });
    // A re-run of the same expiry reads the same outcome back.
    expect(
      await claimExpiry(stack.db, { generationId: early.id, pauseVersion: early.pauseVersion!, approvalIds: [a!.id] }),
    ).toEqual([outcome]);

    const late = await paused('late', 1, gatedAgentId, 'pay');
    const [b] = await stack.db.approval.findMany({ where: { generationId: late.id } });
    expect(
      await claimExpiry(stack.db, { generationId: late.id, pauseVersion: late.pauseVersion!, approvalIds: [b!.id] }),
    ).toEqual([{ approvalId: b!.id, decision: 'expired' }]);
    expect((await stack.db.approval.findUniqueOrThrow({ where: { id: b!.id } })).status).toBe('expired');
    const refused = await claimApprovalDecision(
      stack.db,
      late,
      { ...b!, status: 'pending' },
      { approved: true },
      'key_x',
    ).catch((err: unknown) => err);
    expect(refused).toMatchObject({ status: 409, code: 'conflict' });
    for (const g of [early, late]) await stack.temporal.workflow.getHandle(g.id).terminate('test done');
  });
});
