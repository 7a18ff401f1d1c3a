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
  type ScriptedRun,
} from './harness.js';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

const write = tool('database_write');
const read = tool('database_read', { readOnly: true });

/** The approval requests the run opened (its entering write). */
async function opened(run: ScriptedRun) {
  await run.paused();
  return run.writesOf('approvalsOpened')[0]!;
}

/** A claimed decision on `approvalId`, bound to its call as the API signals it (docs/adr/0041). */
const decide = (
  run: ScriptedRun,
  approvalId: string,
  approved: boolean,
  extra: { reason?: string; arguments?: Record<string, unknown>; pauseVersion?: number; argumentsHash?: string } = {},
) => {
  const request = run
    .writesOf('approvalsOpened')
    .flatMap((w) => w.approvals)
    .find((a) => a.approvalId === approvalId);
  const call = { toolName: request?.toolName ?? 'unknown', argumentsHash: request?.argumentsHash ?? 'unknown' };
  return run.answer({ kind: 'approval', approvalId, approved, decidedAt: new Date().toISOString(), ...call, ...extra });
};

describe('approvals on the time-skipping server', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('expires after 10 minutes of workflow time: the expiry is claimed, the call gets a timeout result and never runs', async () => {
    const plan = makePlan({ tools: [write], hooks: [approvalHook('database_write', 10 * MINUTE)] });
    const run = await h.start(plan, [callTool('database_write', { sql: 'UPDATE t' }, 'cw'), say()]);
    const open = await opened(run);
    const startedMs = await h.env.currentTimeMs();
    expect(open.approvals).toMatchObject([
      { toolCallId: 'cw', toolName: 'database_write', arguments: { sql: 'UPDATE t' } },
    ]);
    expect(open.status).toMatchObject({ status: 'requires_action', requiredAction: { type: 'approve_tool_calls' } });
    const expiresInMs = Date.parse(open.approvals[0]!.expiresAt) - startedMs;
    expect(expiresInMs).toBeGreaterThan(9 * MINUTE * 1000);
    expect(expiresInMs).toBeLessThanOrEqual(10 * MINUTE * 1000);

    const realStart = Date.now();
    const end = await run.finished(); // waiting on the result lets the server skip time
    expect(Date.now() - realStart).toBeLessThan(30_000);
    expect((await h.env.currentTimeMs()) - startedMs).toBeGreaterThanOrEqual(9 * MINUTE * 1000);

    expect(run.callsOf('expireApprovals')).toMatchObject([
      { approvalIds: [open.approvals[0]!.approvalId], pauseVersion: open.status.stateVersion },
    ]);
    const [closed] = run.writesOf('approvalsClosed');
    expect(closed!.outcomes).toMatchObject([{ toolCallId: 'cw', status: 'expired', decidedBy: 'system:expiry' }]);
    expect(closed!.status).toMatchObject({ status: 'running' });
    expect(Date.parse(closed!.outcomes[0]!.decidedAt)).toBeGreaterThanOrEqual(Date.parse(open.approvals[0]!.expiresAt));
    expect(run.callsOf('recordToolResult')).toMatchObject([{ toolCallId: 'cw', status: 'timeout' }]);
    expect(run.callsOf('executeTool')).toEqual([]);
    // The model is asked again with the timeout as the call's result, and its answer ends the run.
    expect(run.callsOf('callModel').map((c) => c.step)).toEqual([1, 2]);
    expect(end).toMatchObject({
      status: 'completed',
      stopReason: 'final_answer',
      iterationCount: 2,
      toolsUsed: ['database_write'],
    });
  });

  it('a decision claimed just before the deadline beats the expiry: the expiry activity reports it, and the call runs', async () => {
    const plan = makePlan({ tools: [write], hooks: [approvalHook('database_write', 10 * MINUTE)] });
    const run = await h.start(plan, [callTool('database_write', { sql: 'UPDATE t' }, 'cw'), say()], {
      // PostgreSQL had the decision's claim; its signal had not reached the run yet.
      expireApprovals: (input) =>
        input.approvalIds.map((approvalId) => ({
          approvalId,
          decision: { approved: true, decidedAt: '2026-01-01T00:00:00.000Z', decidedBy: 'key_fast' },
        })),
    });
    await run.finished();
    expect(run.writesOf('approvalsClosed')[0]!.outcomes).toMatchObject([
      { toolCallId: 'cw', status: 'approved', decidedBy: 'key_fast' },
    ]);
    expect(run.callsOf('executeTool').map((c) => c.toolCallId)).toEqual(['cw']);
  });

  it('waits days: still pending after 2 days (an answer for another approval is not taken), expired after 3', async () => {
    // No per-hook timeout: the agent default of the plan applies.
    const plan = makePlan({ tools: [write], hooks: [approvalHook('database_write')], approvalTimeoutSeconds: 3 * DAY });
    const run = await h.start(plan, [callTool('database_write', { sql: 'DELETE FROM t' }, 'cd'), say()]);
    await opened(run);
    const startedMs = await h.env.currentTimeMs();

    await h.env.sleep('2 days');
    await decide(run, 'appr_unknown', true);
    expect(await run.state()).toMatchObject({ phase: 'requires_action', step: 1 });
    expect(run.writesOf('approvalsClosed')).toEqual([]);

    const end = await run.finished();
    const elapsedMs = (await h.env.currentTimeMs()) - startedMs;
    expect(elapsedMs).toBeGreaterThanOrEqual(3 * DAY * 1000 - MINUTE * 1000);
    expect(run.writesOf('approvalsClosed')[0]!.outcomes).toMatchObject([{ toolCallId: 'cd', status: 'expired' }]);
    expect(run.callsOf('recordToolResult')).toMatchObject([{ toolCallId: 'cd', status: 'timeout' }]);
    expect(run.callsOf('executeTool')).toEqual([]);
    expect(end).toMatchObject({ status: 'completed', stopReason: 'final_answer' });
  });

  it('approved after a day with edited arguments: the tool runs with the edit; the decision is recorded', async () => {
    const plan = makePlan({ tools: [write], hooks: [approvalHook('database_write', 7 * DAY)] });
    const run = await h.start(plan, [callTool('database_write', { sql: 'DELETE FROM t' }, 'ce'), say()]);
    const open = await opened(run);
    await h.env.sleep('1 day');
    expect(run.callsOf('executeTool')).toEqual([]);

    await decide(run, open.approvals[0]!.approvalId, true, {
      reason: 'narrowed',
      arguments: { sql: 'DELETE FROM t WHERE old' },
    });
    const end = await run.finished();
    expect(run.writesOf('approvalsClosed')[0]!.outcomes).toMatchObject([
      {
        toolCallId: 'ce',
        status: 'approved',
        decidedBy: 'key_test',
        reason: 'narrowed',
        editedArguments: { sql: 'DELETE FROM t WHERE old' },
      },
    ]);
    // The leave write rides on the approved call, made before the tool runs.
    expect(run.writes.find((w) => w.write.kind === 'approvalsClosed')?.by).toBe('executeTool');
    expect(run.callsOf('executeTool')).toMatchObject([
      { toolCallId: 'ce', toolName: 'database_write', arguments: { sql: 'DELETE FROM t WHERE old' } },
    ]);
    expect(run.callsOf('expireApprovals')).toEqual([]);
    expect(run.callsOf('recordToolResult')).toEqual([]);
    expect(end).toMatchObject({ status: 'completed', stopReason: 'final_answer', iterationCount: 2 });
  });

  it('two approvals in one step: each decision is taken once; the step resumes when the last is decided', async () => {
    const plan = makePlan({ tools: [write], hooks: [approvalHook('database_write', DAY)] });
    const run = await h.start(plan, [
      callTools(['database_write', { sql: 'A' }, 'a1'], ['database_write', { sql: 'B' }, 'b1']),
      say(),
    ]);
    const open = await opened(run);
    const [a, b] = open.approvals;
    const pauseVersion = open.status.stateVersion;

    await decide(run, b!.approvalId, false);
    // The partial decision is stored: a new requires_action status lists only what is left.
    await run.waitFor('flushWrites', (f) => f.writes.some((w) => w.kind === 'status'));
    const progress = run.writesOf('status').at(-1)!;
    expect(progress).toMatchObject({ status: 'requires_action', pauseVersion });
    expect(progress.requiredAction).toMatchObject({ approvals: [{ toolCallId: 'a1' }] });
    // The same decision sent again is taken once.
    await decide(run, b!.approvalId, true, { pauseVersion });
    expect(run.writesOf('approvalsClosed')).toEqual([]);

    await decide(run, a!.approvalId, true, { pauseVersion });
    const end = await run.finished();
    expect(run.writesOf('approvalsClosed')[0]!.outcomes.map((o) => [o.toolCallId, o.status])).toEqual([
      ['a1', 'approved'],
      ['b1', 'denied'],
    ]);
    expect(run.callsOf('executeTool').map((c) => c.toolCallId)).toEqual(['a1']);
    expect(run.callsOf('recordToolResult')).toMatchObject([{ toolCallId: 'b1', status: 'denied' }]);
    expect(end.status).toBe('completed');
  });

  it('a decision for another call than the pending one (another argument hash) is not taken: the call waits, then expires', async () => {
    const plan = makePlan({ tools: [write], hooks: [approvalHook('database_write', 10 * MINUTE)] });
    const run = await h.start(plan, [callTool('database_write', { sql: 'PAY 100' }, 'cm'), say()]);
    const open = await opened(run);
    await decide(run, open.approvals[0]!.approvalId, true, { argumentsHash: '0000000000000000' });
    await run.finished();
    expect(run.writesOf('approvalsClosed')[0]!.outcomes).toMatchObject([{ toolCallId: 'cm', status: 'expired' }]);
    expect(run.callsOf('executeTool')).toEqual([]);
  });

  it('denied: the call gets a denied result with the reason; an ungated call of the step waits, then runs', async () => {
    const plan = makePlan({ tools: [write, read], hooks: [approvalHook('database_write')] });
    const run = await h.start(plan, [
      callTools(['database_write', { sql: 'DROP TABLE t' }, 'c1'], ['database_read', { sql: 'SELECT 1' }, 'c2']),
      say(),
    ]);
    const open = await opened(run);
    expect(open.approvals.map((a) => a.toolCallId)).toEqual(['c1']);
    expect(run.callsOf('executeTool')).toEqual([]); // the read waits for the decision too

    await decide(run, open.approvals[0]!.approvalId, false, { reason: 'never drop tables' });
    const end = await run.finished();
    expect(run.callsOf('recordToolResult')).toMatchObject([
      { toolCallId: 'c1', status: 'denied', result: { reason: 'never drop tables' } },
    ]);
    expect(run.callsOf('executeTool').map((c) => c.toolCallId)).toEqual(['c2']);
    expect(end).toMatchObject({ status: 'completed', stopReason: 'final_answer' });
  });
});
