import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeApprovals, openApprovals } from '../../activities/approval-records.js';
import { GenerationStore } from '../../activities/generation-store.js';
import type { ApprovalOutcome, ApprovalRequest, StatusWrite } from '../../contracts/generation/index.js';
import { NameAsTextClient } from '../../infra/db/pg-pool.js';
import type { FeedChange } from '../../infra/events/change-feed.js';
import { startQueuedGeneration } from '../support/queued-generation.js';
import type { TestStack } from '../support/stack.js';

/**
 * The writes that enter and leave a pause, called as the worker's activities call them, against
 * the real database: each is one statement (one round trip) with its NOTIFY, applied only forward,
 * and a move to `running` does not wake waiters for a settled state.
 */
describe('pause writes', () => {
  let stack: TestStack;
  let generationId: string;
  let projectId: string;
  let close: (() => Promise<void>) | undefined;

  // No worker: the generation stays queued, and only this test writes its rows.
  beforeAll(async () => {
    ({ stack, generationId, close } = await startQueuedGeneration());
    projectId = stack.projectId;
  });
  afterAll(() => close?.());

  /**
   * Runs `write`, returning the statements it sent about this generation (through the pool every
   * query of the service uses) and the changes it published.
   */
  async function observe(write: () => Promise<void>): Promise<{ statements: number; changes: FeedChange[] }> {
    const changes: FeedChange[] = [];
    const unsubscribe = stack.runtime.feed.subscribe(generationId, (c) => changes.push(c));
    await (stack.runtime.feed as { ensureListening?: () => Promise<void> }).ensureListening?.();
    const spy = vi.spyOn(NameAsTextClient.prototype, 'query');
    let statements: number;
    try {
      await write();
      statements = spy.mock.calls.filter((args) => JSON.stringify(args).includes(generationId)).length;
    } finally {
      spy.mockRestore();
    }
    // The NOTIFY is delivered after the commit, through the listener connection.
    const deadline = Date.now() + 5_000;
    while (changes.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 50));
    unsubscribe();
    return { statements, changes };
  }

  const status = (
    stateVersion: number,
    s: StatusWrite['status'],
    requiredAction: StatusWrite['requiredAction'] = null,
  ) => ({ generationId, stateVersion, status: s, requiredAction, iterationCount: 1 }) satisfies StatusWrite;

  const row = () => stack.db.generation.findUniqueOrThrow({ where: { id: generationId } });
  const events = async () =>
    (await stack.db.generationEvent.findMany({ where: { generationId }, orderBy: { seq: 'asc' } })).map((e) => ({
      seq: e.seq,
      type: e.type,
      key: e.key,
    }));

  it("shares one frozen snapshot between a generation's activities: read once, never changed by a caller", async () => {
    const store = new GenerationStore(stack.db, stack.runtime.feed);
    const spy = vi.spyOn(NameAsTextClient.prototype, 'query');
    let first: Awaited<ReturnType<GenerationStore['snapshot']>>;
    let second: typeof first;
    let reads: number;
    try {
      first = await store.snapshot(generationId);
      second = await store.snapshot(generationId);
      reads = spy.mock.calls.filter((args) => JSON.stringify(args).includes(generationId)).length;
    } finally {
      spy.mockRestore();
    }
    expect(reads).toBe(1);
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.agent)).toBe(true);
    expect(Object.isFrozen(first.tools)).toBe(true);
    const model = first.model;
    // ESM is strict mode: a caller that changes it throws instead of changing the next caller's.
    expect(() => {
      (first as { model: string }).model = 'changed';
    }).toThrow(TypeError);
    expect(() => (first.tools as unknown[]).push({})).toThrow(TypeError);
    expect((await store.snapshot(generationId)).model).toBe(model);
  });

  it('enter and leave an approval pause, then a client-tool pause, one statement each', async () => {
    const store = new GenerationStore(stack.db, stack.runtime.feed);
    // As in the worker, the generation's immutable facts were read by an earlier activity.
    await store.snapshot(generationId);
    const started = await observe(() => store.writeStatus(status(1, 'running')));
    expect(started).toEqual({ statements: 1, changes: ['events'] });

    const approvals: ApprovalRequest[] = ['a', 'b'].map((x, i) => ({
      approvalId: `appr_${x}${generationId}`,
      toolCallId: `call_${x}`,
      toolName: `tool_${x}`,
      arguments: { i },
      argumentsHash: `hash_${x}`,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    }));
    const action = { type: 'approve_tool_calls' as const, approvals };
    const opened = await observe(() =>
      openApprovals(stack.db, stack.runtime.feed, generationId, 1, approvals, status(2, 'requires_action', action)),
    );
    expect(opened).toEqual({ statements: 1, changes: ['state'] });
    expect(await row()).toMatchObject({ status: 'requires_action', stateVersion: 2, requiredAction: action });
    const rows = await stack.db.approval.findMany({ where: { generationId }, orderBy: { toolCallId: 'asc' } });
    expect(rows.map((r) => [r.projectId, r.toolName, r.status, r.arguments, r.expiresAt.toISOString()])).toEqual(
      approvals.map((a) => [projectId, a.toolName, 'pending', a.arguments, a.expiresAt]),
    );

    const decidedAt = new Date().toISOString();
    const decision = (a: ApprovalRequest) => ({
      approvalId: a.approvalId,
      toolCallId: a.toolCallId,
      toolName: a.toolName,
      decidedAt,
    });
    const outcomes: ApprovalOutcome[] = [
      { ...decision(approvals[0]!), status: 'approved', decidedBy: 'key_1', reason: null, editedArguments: { i: 9 } },
      { ...decision(approvals[1]!), status: 'denied', decidedBy: 'key_1', reason: 'no', editedArguments: null },
    ];
    const closed = await observe(() =>
      closeApprovals(stack.db, stack.runtime.feed, generationId, 1, outcomes, status(3, 'running')),
    );
    // A move to running cannot settle the generation: waiters for a settled state sleep through it.
    expect(closed).toEqual({ statements: 1, changes: ['events'] });
    const decided = await stack.db.approval.findMany({ where: { generationId }, orderBy: { toolCallId: 'asc' } });
    expect(decided.map((d) => [d.status, d.decidedBy, d.reason, d.editedArgs, d.decidedAt?.toISOString()])).toEqual([
      ['approved', 'key_1', null, { i: 9 }, decidedAt],
      ['denied', 'key_1', 'no', null, decidedAt],
    ]);
    const resolved = await stack.db.generationStep.findMany({
      where: { generationId, key: { endsWith: ':resolved' } },
      orderBy: { seq: 'asc' },
    });
    expect(resolved.map((t) => (t.data as { toolName: string }).toolName)).toEqual(['tool_a', 'tool_b']);

    const pausedAgain = await observe(() =>
      store.writeStatus(status(4, 'requires_action', { type: 'submit_tool_outputs', toolCalls: [] })),
    );
    expect(pausedAgain).toEqual({ statements: 1, changes: ['state'] });
    const results = ['x', 'y'].map((x, i) => ({
      generationId,
      step: 1,
      seq: 10 + i,
      toolCallId: `call_${x}`,
      toolName: 'client_tool',
      status: 'success' as const,
      content: `output ${x}`,
    }));
    const left = await observe(() => store.recordPauseResults(generationId, results, status(5, 'running')));
    expect(left).toEqual({ statements: 1, changes: ['events'] });
    expect(await row()).toMatchObject({ status: 'running', stateVersion: 5, requiredAction: null });
    const messages = await stack.db.generationMessage.findMany({ where: { generationId, seq: { gte: 10 } } });
    expect(messages.map((m) => m.content)).toEqual([
      { role: 'tool', tool_call_id: 'call_x', content: 'output x', status: 'success' },
      { role: 'tool', tool_call_id: 'call_y', content: 'output y', status: 'success' },
    ]);

    // A retried older write: its records are rewritten in place, the state does not move back and
    // the pause it opened is not shown again.
    const before = await events();
    await openApprovals(stack.db, stack.runtime.feed, generationId, 1, approvals, status(2, 'requires_action', action));
    await store.recordPauseResults(generationId, results, status(5, 'running'));
    expect(await row()).toMatchObject({ status: 'running', stateVersion: 5 });
    const after = await events();
    expect(after).toEqual(before);
    expect(after.map((e) => e.type)).toEqual([
      'start',
      'approval_requested',
      'approval_requested',
      'requires_action',
      'approval_resolved',
      'approval_resolved',
      'requires_action',
      'tool_result',
      'tool_result',
    ]);
    // A stale pause write whose events were never written: nothing moves and nothing is shown.
    await store.writeStatus(status(3, 'requires_action', action));
    expect(await row()).toMatchObject({ status: 'running', stateVersion: 5, requiredAction: null });
    expect(await events()).toEqual(before);
    // Ids are taken only for what a write may show: since the last event, the record events of the
    // two retried writes (2 + 2, already written, so unused), none for status events not shown.
    expect((await row()).eventSeq - after.at(-1)!.seq).toBe(4);
  });
});
