import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvalHook,
  callTool,
  callTools,
  makePlan,
  say,
  startHarness,
  tool,
  type Harness,
  type PlannedHook,
  type ScriptedRun,
} from './harness.js';
import { FORK_EXPIRY_REASON } from '../../contracts/generation/index.js';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const write = tool('database_write');

/** An approval hook with deadline behaviour, as the plan carries it (docs/approvals.md). */
const deadlineHook = (
  seconds: number,
  approvalDeadline: NonNullable<PlannedHook['approvalDeadline']>,
): PlannedHook => ({
  ...approvalHook('database_write', seconds),
  approvalDeadline,
});

async function opened(run: ScriptedRun) {
  await run.paused();
  return run.writesOf('approvalsOpened')[0]!.approvals[0]!;
}

const decide = (run: ScriptedRun, request: { approvalId: string; toolName: string; argumentsHash: string }) =>
  run.answer({
    kind: 'approval',
    approvalId: request.approvalId,
    approved: true,
    decidedAt: new Date().toISOString(),
    toolName: request.toolName,
    argumentsHash: request.argumentsHash,
    // The pause's version, not the state's (the escalation's progress write moved that on).
    pauseVersion: run.writesOf('approvalsOpened')[0]!.status.stateVersion,
  });

describe('approval deadlines on the time-skipping server', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('onExpiry deny after 30 minutes: decided by system:expiry, the model sees the expiryReason, the tool never runs', async () => {
    const hook = deadlineHook(30 * MINUTE, { onExpiry: 'deny', expiryReason: 'Nobody from finance answered' });
    const run = await h.start(makePlan({ tools: [write], hooks: [hook] }), [
      callTool('database_write', {}, 'c1'),
      say(),
    ]);
    const request = await opened(run);
    await run.finished();
    expect(run.callsOf('expireApprovals')).toMatchObject([
      {
        approvalIds: [request.approvalId],
        deadlines: [{ approvalId: request.approvalId, approve: false, escalated: false, decidedBy: 'system:expiry' }],
      },
    ]);
    expect(run.writesOf('approvalsClosed')[0]!.outcomes).toMatchObject([
      { status: 'expired', decidedBy: 'system:expiry', reason: 'Nobody from finance answered' },
    ]);
    expect(run.callsOf('recordToolResult')).toMatchObject([
      { toolCallId: 'c1', status: 'timeout', result: { reason: 'Nobody from finance answered' } },
    ]);
    expect(run.callsOf('executeTool')).toEqual([]);
    expect(run.callsOf('escalateApprovals')).toEqual([]);
  });

  it('onExpiry approve after 2 days: the call runs, decided by system:expiry', async () => {
    const hook = deadlineHook(2 * DAY, { onExpiry: 'approve' });
    const run = await h.start(makePlan({ tools: [write], hooks: [hook] }), [
      callTool('database_write', {}, 'c2'),
      say(),
    ]);
    await opened(run);
    const startedMs = await h.env.currentTimeMs();
    await h.env.sleep('1 day');
    expect(run.callsOf('executeTool')).toEqual([]);
    await run.finished();
    expect((await h.env.currentTimeMs()) - startedMs).toBeGreaterThanOrEqual(2 * DAY * 1000 - MINUTE * 1000);
    expect(run.callsOf('expireApprovals')[0]!.deadlines).toMatchObject([{ approve: true, decidedBy: 'system:expiry' }]);
    expect(run.writesOf('approvalsClosed')[0]!.outcomes).toMatchObject([
      { status: 'approved', decidedBy: 'system:expiry' },
    ]);
    expect(run.callsOf('executeTool').map((c) => c.toolCallId)).toEqual(['c2']);
    expect(run.callsOf('recordToolResult')).toEqual([]);
  });

  it('a fork: the at-most-once call its fork rule holds is denied, not approved, by an onExpiry approve hook', async () => {
    const hook = deadlineHook(2 * DAY, { onExpiry: 'approve' });
    const charge = { ...write, atMostOnce: true };
    const fork = { fromStep: 0, toolsUsed: [], initialMessages: 1 };
    const run = await h.start(makePlan({ tools: [charge], hooks: [hook], fork }), [
      callTool('database_write', {}, 'c9'),
      say(),
    ]);
    await opened(run);
    await run.finished();
    expect(run.callsOf('expireApprovals')[0]!.deadlines).toMatchObject([
      { approve: false, decidedBy: 'system:expiry' },
    ]);
    expect(run.writesOf('approvalsClosed')[0]!.outcomes).toMatchObject([
      { status: 'expired', reason: FORK_EXPIRY_REASON },
    ]);
    expect(run.callsOf('executeTool')).toEqual([]);
  });

  it('escalates after 1 day, then the escalation expires after 2 more days and denies (system:escalation)', async () => {
    const hook = deadlineHook(DAY, {
      onExpiry: 'escalate',
      expiryReason: 'first group silent',
      escalation: { expiresAfterSeconds: 2 * DAY, onExpiry: 'deny', expiryReason: 'Escalation unanswered' },
    });
    const run = await h.start(makePlan({ tools: [write], hooks: [hook] }), [
      callTool('database_write', {}, 'c3'),
      say(),
    ]);
    const request = await opened(run);
    const startedMs = await h.env.currentTimeMs();
    await h.env.sleep('1 day');
    await h.env.sleep('1 hour');
    const escalation = await run.waitFor('escalateApprovals');
    expect(escalation.approvals).toMatchObject([{ approvalId: request.approvalId }]);
    const secondDeadline = Date.parse(escalation.approvals[0]!.expiresAt);
    expect(secondDeadline - Date.parse(request.expiresAt)).toBeGreaterThanOrEqual(2 * DAY * 1000);
    // Still waiting, and the required action shows the new deadline.
    expect(await run.state()).toMatchObject({ phase: 'requires_action' });
    expect(run.callsOf('expireApprovals')).toEqual([]);
    const statuses = run.writesOf('status').map((s) => s.requiredAction);
    expect(statuses.at(-1)).toMatchObject({ approvals: [{ expiresAt: escalation.approvals[0]!.expiresAt }] });

    await run.finished();
    expect((await h.env.currentTimeMs()) - startedMs).toBeGreaterThanOrEqual(3 * DAY * 1000 - MINUTE * 1000);
    expect(run.callsOf('expireApprovals')[0]!.deadlines).toMatchObject([
      { escalated: true, approve: false, decidedBy: 'system:escalation', reason: 'Escalation unanswered' },
    ]);
    expect(run.writesOf('approvalsClosed')[0]!.outcomes).toMatchObject([
      { status: 'expired', decidedBy: 'system:escalation', reason: 'Escalation unanswered' },
    ]);
    expect(run.callsOf('recordToolResult')).toMatchObject([
      { status: 'timeout', result: { reason: 'Escalation unanswered' } },
    ]);
    expect(run.callsOf('executeTool')).toEqual([]);
  });

  it('after escalation, a decision of the second group is taken and the call runs', async () => {
    const hook = deadlineHook(10 * MINUTE, {
      onExpiry: 'escalate',
      escalation: { expiresAfterSeconds: DAY, onExpiry: 'deny' },
    });
    const run = await h.start(makePlan({ tools: [write], hooks: [hook] }), [
      callTool('database_write', {}, 'c4'),
      say(),
    ]);
    const request = await opened(run);
    await h.env.sleep('15 minutes');
    await run.waitFor('escalateApprovals');
    await decide(run, request);
    await run.finished();
    expect(run.writesOf('approvalsClosed')[0]!.outcomes).toMatchObject([{ status: 'approved', decidedBy: 'key_test' }]);
    expect(run.callsOf('executeTool').map((c) => c.toolCallId)).toEqual(['c4']);
    expect(run.callsOf('expireApprovals')).toEqual([]);
  });

  it('a first-group decision claimed before the escalation wins it: the escalation activity reports it', async () => {
    const hook = deadlineHook(10 * MINUTE, {
      onExpiry: 'escalate',
      escalation: { expiresAfterSeconds: DAY, onExpiry: 'deny' },
    });
    const run = await h.start(
      makePlan({ tools: [write], hooks: [hook] }),
      [callTool('database_write', {}, 'c5'), say()],
      {
        escalateApprovals: (input) =>
          input.approvals.map(({ approvalId }) => ({
            approvalId,
            decision: { approved: false, reason: 'no', decidedAt: '2026-01-01T00:00:00.000Z', decidedBy: 'key_first' },
          })),
      },
    );
    await run.finished();
    expect(run.writesOf('approvalsClosed')[0]!.outcomes).toMatchObject([{ status: 'denied', decidedBy: 'key_first' }]);
    expect(run.callsOf('executeTool')).toEqual([]);
  });

  it('remindBefore: the approval.reminder webhook event is prepared before the deadline, once', async () => {
    const hook = deadlineHook(HOUR, { onExpiry: 'deny', remindBeforeSeconds: 10 * MINUTE });
    const plan = makePlan({ tools: [write], hooks: [hook], webhooks: { maxAttempts: 1 } });
    const run = await h.start(plan, [callTool('database_write', {}, 'c6'), say()]);
    await opened(run);
    await h.env.sleep('55 minutes');
    await run.waitFor('prepareWebhooks', (i) => i.event === 'approval.reminder');
    expect(run.callsOf('expireApprovals')).toEqual([]);
    await run.finished();
    const names = run.calls.map((c) => c.name);
    const reminders = run.callsOf('prepareWebhooks').filter((i) => i.event === 'approval.reminder');
    expect(reminders).toHaveLength(1);
    expect(names.indexOf('expireApprovals')).toBeGreaterThan(
      run.calls.findIndex(
        (c) => c.name === 'prepareWebhooks' && (c.input as { event: string }).event === 'approval.reminder',
      ),
    );
  });

  it('two approvals of one pause reminded at different moments: two deliveries (the state moves on between them)', async () => {
    const pay = tool('send_money');
    // database_write: reminded at 50 minutes; send_money: at 30 minutes, both before any deadline.
    const hooks: PlannedHook[] = [
      deadlineHook(HOUR, { onExpiry: 'deny', remindBeforeSeconds: 10 * MINUTE }),
      {
        ...approvalHook('send_money', 2 * HOUR),
        approvalDeadline: { onExpiry: 'deny', remindBeforeSeconds: 90 * MINUTE },
      },
    ];
    const plan = makePlan({ tools: [write, pay], hooks, webhooks: { maxAttempts: 1 } });
    const run = await h.start(plan, [callTools(['database_write', {}, 'c1'], ['send_money', {}, 'c2']), say()]);
    await run.paused();
    const reminders = () => run.callsOf('prepareWebhooks').filter((i) => i.event === 'approval.reminder');
    await h.env.sleep('35 minutes');
    await run.waitFor('prepareWebhooks', (i) => i.event === 'approval.reminder');
    await h.env.sleep('20 minutes');
    await run.waitFor('prepareWebhooks', () => reminders().length === 2);
    const [first, second] = reminders();
    // A delivery is keyed by (generation, event, state version, target): the pause's progress write
    // after each deadline moves the version on, so the second reminder is not taken for the first.
    expect(second!.stateVersion).toBeGreaterThan(first!.stateVersion);
    await run.finished();
    expect(reminders()).toHaveLength(2);
  });

  it('a hook without deadline fields neither reminds nor passes deadlines: the plain expiry', async () => {
    const plan = makePlan({
      tools: [write],
      hooks: [approvalHook('database_write', HOUR)],
      webhooks: { maxAttempts: 1 },
    });
    const run = await h.start(plan, [callTool('database_write', {}, 'c7'), say()]);
    await run.finished();
    expect(run.callsOf('expireApprovals')[0]).not.toHaveProperty('deadlines');
    expect(run.callsOf('prepareWebhooks').map((i) => i.event)).not.toContain('approval.reminder');
    expect(run.callsOf('recordToolResult')[0]!.result).not.toHaveProperty('reason');
  });
});
