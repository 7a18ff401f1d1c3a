import { WorkflowUpdateFailedError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideApprovalUpdate } from '../../workflows/definitions.js';
import {
  approvalHook,
  callTool,
  callTools,
  makePlan,
  say,
  startHarness,
  tool,
  type ApprovalDecisionInput,
  type Harness,
  type ScriptedRun,
} from './harness.js';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

const write = tool('database_write');
const read = tool('database_read', { readOnly: true });

/** A decision for the first pending approval of the run, bound to the exact call as the API does it. */
async function decision(run: ScriptedRun, extra: Partial<ApprovalDecisionInput> = {}): Promise<ApprovalDecisionInput> {
  const opened = await run.waitFor('openApprovals');
  const request = opened.approvals[0]!;
  return {
    approvalId: request.approvalId,
    approved: true,
    decidedBy: 'key_reviewer',
    toolName: request.toolName,
    argumentsHash: request.argumentsHash,
    ...extra,
  };
}

/** The ApplicationFailure type an update validator rejected with. */
async function rejection(promise: Promise<unknown>): Promise<string | undefined> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorkflowUpdateFailedError);
  const cause = (err as WorkflowUpdateFailedError).cause as { type?: string } | undefined;
  return cause?.type;
}

describe('approvals on the time-skipping server', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('expires after 10 minutes of workflow time: the call gets a timeout result and never runs', async () => {
    const plan = makePlan({ tools: [write], hooks: [approvalHook('database_write', 10 * MINUTE)] });
    const run = await h.start(plan, [callTool('database_write', { sql: 'UPDATE t' }, 'cw'), say()]);
    const opened = await run.waitFor('openApprovals');
    const startedMs = await h.env.currentTimeMs();
    expect(opened.approvals).toMatchObject([
      { toolCallId: 'cw', toolName: 'database_write', arguments: { sql: 'UPDATE t' } },
    ]);
    expect(opened.status).toMatchObject({ status: 'requires_action', requiredAction: { type: 'approve_tool_calls' } });
    const expiresInMs = Date.parse(opened.approvals[0]!.expiresAt) - startedMs;
    expect(expiresInMs).toBeGreaterThan(9 * MINUTE * 1000);
    expect(expiresInMs).toBeLessThanOrEqual(10 * MINUTE * 1000);

    const realStart = Date.now();
    const finish = await run.finished(); // waiting on the result lets the server skip time
    expect(Date.now() - realStart).toBeLessThan(30_000);
    expect((await h.env.currentTimeMs()) - startedMs).toBeGreaterThanOrEqual(9 * MINUTE * 1000);

    const [closed] = run.callsOf('closeApprovals');
    expect(closed!.outcomes).toMatchObject([{ toolCallId: 'cw', status: 'expired', decidedBy: null }]);
    // No update answered anything in this run: no write names one (docs/adr/0026).
    expect(closed!.status).toMatchObject({ status: 'running' });
    expect(closed!.status.answeredUpdateId).toBeUndefined();
    expect(finish.answeredUpdateId).toBeUndefined();
    expect(Date.parse(closed!.outcomes[0]!.decidedAt)).toBeGreaterThanOrEqual(
      Date.parse(opened.approvals[0]!.expiresAt),
    );
    expect(run.callsOf('recordToolResult')).toMatchObject([{ toolCallId: 'cw', status: 'timeout' }]);
    expect(run.callsOf('executeTool')).toEqual([]);
    // The model is asked again with the timeout as the call's result, and its answer ends the run.
    expect(run.callsOf('callModel').map((c) => c.step)).toEqual([1, 2]);
    expect(finish).toMatchObject({
      status: 'completed',
      stopReason: 'final_answer',
      iterationCount: 2,
      toolsUsed: ['database_write'],
    });
  });

  it('waits days: still pending after 2 days (a mismatched decision is rejected), expired after 3', async () => {
    // No per-hook timeout: the agent default of the plan applies.
    const plan = makePlan({ tools: [write], hooks: [approvalHook('database_write')], approvalTimeoutSeconds: 3 * DAY });
    const run = await h.start(plan, [callTool('database_write', { sql: 'DELETE FROM t' }, 'cd'), say()]);
    const good = await decision(run);
    const startedMs = await h.env.currentTimeMs();

    await h.env.sleep('2 days');
    expect(await run.state()).toMatchObject({ phase: 'requires_action', step: 1 });
    expect(run.callsOf('closeApprovals')).toEqual([]);
    // The validator binds a decision to the exact call; a rejected update changes nothing.
    expect(
      await rejection(run.handle.executeUpdate(decideApprovalUpdate, { args: [{ ...good, argumentsHash: 'other' }] })),
    ).toBe('ApprovalMismatch');
    expect(
      await rejection(
        run.handle.executeUpdate(decideApprovalUpdate, { args: [{ ...good, approvalId: 'appr_unknown' }] }),
      ),
    ).toBe('ApprovalNotFound');

    const finish = await run.finished();
    const elapsedMs = (await h.env.currentTimeMs()) - startedMs;
    expect(elapsedMs).toBeGreaterThanOrEqual(3 * DAY * 1000 - MINUTE * 1000);
    expect(run.callsOf('closeApprovals')[0]!.outcomes).toMatchObject([{ toolCallId: 'cd', status: 'expired' }]);
    expect(run.callsOf('recordToolResult')).toMatchObject([{ toolCallId: 'cd', status: 'timeout' }]);
    expect(run.callsOf('executeTool')).toEqual([]);
    expect(finish).toMatchObject({ status: 'completed', stopReason: 'final_answer' });
  });

  it('approved after a day with edited arguments: the tool runs with the edit; the decision is recorded', async () => {
    const plan = makePlan({ tools: [write], hooks: [approvalHook('database_write', 7 * DAY)] });
    const run = await h.start(plan, [callTool('database_write', { sql: 'DELETE FROM t' }, 'ce'), say()]);
    const approve = await decision(run, { reason: 'narrowed', arguments: { sql: 'DELETE FROM t WHERE old' } });
    await h.env.sleep('1 day');
    expect(run.callsOf('executeTool')).toEqual([]);

    const reply = await run.handle.executeUpdate(decideApprovalUpdate, { updateId: 'decision-ce', args: [approve] });
    expect(reply.pending).toEqual([]);
    const finish = await run.finished();
    // The leave-write and the final write name the update that decided (docs/adr/0026).
    expect(run.callsOf('closeApprovals')[0]!.status).toMatchObject({
      status: 'running',
      answeredUpdateId: 'decision-ce',
    });
    expect(finish.answeredUpdateId).toBe('decision-ce');
    expect(run.callsOf('closeApprovals')[0]!.outcomes).toMatchObject([
      {
        toolCallId: 'ce',
        status: 'approved',
        decidedBy: 'key_reviewer',
        reason: 'narrowed',
        editedArguments: { sql: 'DELETE FROM t WHERE old' },
      },
    ]);
    expect(run.callsOf('executeTool')).toMatchObject([
      { toolCallId: 'ce', toolName: 'database_write', arguments: { sql: 'DELETE FROM t WHERE old' } },
    ]);
    expect(run.callsOf('recordToolResult')).toEqual([]);
    expect(finish).toMatchObject({ status: 'completed', stopReason: 'final_answer', iterationCount: 2 });
  });

  it('two approvals in one step: each decision is taken once; the step resumes when the last is decided', async () => {
    const plan = makePlan({ tools: [write], hooks: [approvalHook('database_write', DAY)] });
    const run = await h.start(plan, [
      callTools(['database_write', { sql: 'A' }, 'a1'], ['database_write', { sql: 'B' }, 'b1']),
      say(),
    ]);
    const opened = await run.waitFor('openApprovals');
    const [a, b] = opened.approvals;
    const decide = (request: typeof a, approved: boolean) =>
      run.handle.executeUpdate(decideApprovalUpdate, {
        args: [
          {
            approvalId: request!.approvalId,
            approved,
            decidedBy: 'key_reviewer',
            toolName: request!.toolName,
            argumentsHash: request!.argumentsHash,
          },
        ],
      });

    const afterB = await decide(b, false);
    expect(afterB.pending.map((p) => p.toolCallId)).toEqual(['a1']);
    expect(await rejection(decide(b, true))).toBe('ApprovalAlreadyDecided');
    // The partial decision is persisted: a new requires_action status lists only what is left.
    await run.waitFor(
      'writeStatus',
      (s) => s.requiredAction?.type === 'approve_tool_calls' && s.requiredAction.approvals.length === 1,
    );
    expect(run.callsOf('closeApprovals')).toEqual([]);

    await decide(a, true);
    const finish = await run.finished();
    expect(run.callsOf('closeApprovals')[0]!.outcomes.map((o) => [o.toolCallId, o.status])).toEqual([
      ['a1', 'approved'],
      ['b1', 'denied'],
    ]);
    expect(run.callsOf('executeTool').map((c) => c.toolCallId)).toEqual(['a1']);
    expect(run.callsOf('recordToolResult')).toMatchObject([{ toolCallId: 'b1', status: 'denied' }]);
    expect(finish.status).toBe('completed');
  });

  it('denied: the call gets a denied result with the reason; an ungated call of the step waits, then runs', async () => {
    const plan = makePlan({ tools: [write, read], hooks: [approvalHook('database_write')] });
    const run = await h.start(plan, [
      callTools(['database_write', { sql: 'DROP TABLE t' }, 'c1'], ['database_read', { sql: 'SELECT 1' }, 'c2']),
      say(),
    ]);
    const deny = await decision(run, { approved: false, reason: 'never drop tables' });
    expect(run.callsOf('openApprovals')[0]!.approvals.map((a) => a.toolCallId)).toEqual(['c1']);
    expect(run.callsOf('executeTool')).toEqual([]); // the read waits for the decision too

    await run.handle.executeUpdate(decideApprovalUpdate, { args: [deny] });
    const finish = await run.finished();
    expect(run.callsOf('recordToolResult')).toMatchObject([
      { toolCallId: 'c1', status: 'denied', result: { reason: 'never drop tables' } },
    ]);
    expect(run.callsOf('executeTool').map((c) => c.toolCallId)).toEqual(['c2']);
    expect(finish).toMatchObject({ status: 'completed', stopReason: 'final_answer' });
  });
});
