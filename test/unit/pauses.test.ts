import { describe, expect, it } from 'vitest';
import { argumentsHash, type ClaimedAnswer } from '../../contracts/generation/index.js';
import { AnswerInbox } from '../../workflows/pause-lifecycle.js';
import { PendingApprovals, PendingClarification, PendingToolOutputs } from '../../workflows/pauses.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const request = (id: string, seconds: number, args: unknown = { a: 1 }) => ({
  approvalId: id,
  toolCallId: `call_${id}`,
  toolName: 'pay',
  arguments: args,
  argumentsHash: argumentsHash(args),
  expiresAt: new Date(T0 + seconds * 1000).toISOString(),
});
const base = { pauseVersion: 3, answeredBy: 'key_x' };
const decision = (id: string, over: Record<string, unknown> = {}) =>
  ({
    ...base,
    answerId: `answer_${id}`,
    kind: 'approval',
    approvalId: id,
    toolName: 'pay',
    argumentsHash: argumentsHash({ a: 1 }),
    approved: true,
    decidedAt: new Date(T0).toISOString(),
    ...over,
  }) as Extract<ClaimedAnswer, { kind: 'approval' }>;
const outputs = (...ids: string[]) =>
  ({
    ...base,
    answerId: `answer_${ids.join('_')}`,
    kind: 'toolOutputs',
    toolOutputs: ids.map((toolCallId) => ({ toolCallId, output: toolCallId })),
  }) as Extract<ClaimedAnswer, { kind: 'toolOutputs' }>;

describe('PendingApprovals', () => {
  it('takes a decision for an approval it holds, once, bound to its call; ignores one for another', () => {
    const p = new PendingApprovals();
    p.open([request('a', 60), request('b', 60)]);
    expect(p.take(decision('zzz'))).toBe(false);
    // Fail closed: the tool name and the argument hash must be those of the pending call.
    expect(p.take(decision('a', { toolName: 'refund' }))).toBe(false);
    expect(p.take(decision('a', { argumentsHash: argumentsHash({ a: 2 }) }))).toBe(false);
    expect(p.take(decision('a', { reason: 'ok', arguments: { a: 1, limit: 5 } }))).toBe(true);
    expect(p.take(decision('a', { approved: false }))).toBe(false);
    expect(p.pendingList().map((r) => r.approvalId)).toEqual(['b']);
    expect(p.results()[0]).toMatchObject({
      status: 'approved',
      editedArguments: { a: 1, limit: 5 },
      reason: 'ok',
      decidedBy: 'key_x',
      toolName: 'pay',
    });
  });

  it('records edited arguments only when approving', () => {
    const p = new PendingApprovals();
    p.open([request('a', 60)]);
    p.take(decision('a', { approved: false, arguments: { a: 9 } }));
    expect(p.results()[0]).toMatchObject({ status: 'denied', editedArguments: null });
  });

  it('reports undecided approvals due at their own deadlines, and the next deadline', () => {
    const p = new PendingApprovals();
    p.open([request('a', 60), request('b', 10)]);
    expect(p.msUntilNextExpiry(T0)).toBe(10_000);
    expect(p.due(T0 + 9_999)).toEqual([]);
    expect(p.due(T0 + 10_000)).toEqual(['b']);
    p.settle([{ approvalId: 'b', decision: 'expired' }], T0 + 10_000);
    expect(p.pendingList().map((r) => r.approvalId)).toEqual(['a']);
    expect(p.msUntilNextExpiry(T0 + 10_000)).toBe(50_000);
    p.take(decision('a'));
    expect(p.waiting).toBe(false);
    // Nothing pending: a finite timeout (a Temporal timer cannot be infinite).
    expect(p.msUntilNextExpiry(T0 + 20_000)).toBe(1);
    expect(p.results().map((r) => [r.approvalId, r.status])).toEqual([
      ['a', 'approved'],
      ['b', 'expired'],
    ]);
  });

  it('settles an approval the expiry found decided with that decision', () => {
    const p = new PendingApprovals();
    p.open([request('a', 10)]);
    const decided = {
      approved: false,
      reason: 'too late to run',
      decidedAt: new Date(T0).toISOString(),
      decidedBy: 'key_y',
    };
    p.settle([{ approvalId: 'a', decision: decided }], T0 + 10_000);
    expect(p.results()[0]).toMatchObject({ status: 'denied', decidedBy: 'key_y', reason: 'too late to run' });
  });
});

describe('PendingToolOutputs and PendingClarification', () => {
  it('takes outputs for pending calls only; an answer naming another call is left whole', () => {
    const p = new PendingToolOutputs();
    p.open([
      { toolCallId: 'a', toolName: 't', arguments: {}, seq: 1 },
      { toolCallId: 'b', toolName: 't', arguments: {}, seq: 2 },
    ]);
    expect(p.take(outputs('a', 'x'), outputs('a', 'x').toolOutputs)).toBe(false);
    expect(p.list().map((c) => c.toolCallId)).toEqual(['a', 'b']);
    expect(p.take(outputs('a'), outputs('a').toolOutputs)).toBe(true);
    expect(p.take(outputs('a'), outputs('a').toolOutputs)).toBe(false);
    expect(p.list().map((c) => c.toolCallId)).toEqual(['b']);
    expect(p.waiting).toBe(true);
  });

  it('takes the answer to the open question only', () => {
    const c = new PendingClarification();
    const answer = (toolCallId: string, text: string) =>
      ({ ...base, answerId: `a_${toolCallId}`, kind: 'clarification', toolCallId, answer: text }) as const;
    expect(c.take(answer('q1', 'hi'))).toBe(false);
    c.open({ toolCallId: 'q1', question: 'which table?' });
    expect(c.take(answer('q1', 'orders'))).toBe(true);
    c.open({ toolCallId: 'q2', question: 'which column?' });
    // A late answer to q1 must not answer q2.
    expect(c.take(answer('q1', 'orders'))).toBe(false);
    expect(c.waiting).toBe(true);
    expect(c.take(answer('q2', 'total'))).toBe(true);
    expect(c.answer).toBe('total');
  });
});

describe('AnswerInbox', () => {
  it('delivers an answer to the open pause at its version; keeps one for a later pause; drops one for an earlier', () => {
    const state = { stateVersion: 2 };
    const inbox = new AnswerInbox(state);
    const taken: string[] = [];
    inbox.receive({ ...outputs('early'), pauseVersion: 5 });
    inbox.receive({ ...outputs('stale'), pauseVersion: 1 });
    state.stateVersion = 3;
    inbox.openPause(3, (a) => taken.push(a.answerId));
    inbox.receive({ ...outputs('now'), pauseVersion: 3 });
    inbox.receive({ ...outputs('now'), pauseVersion: 3 });
    expect(taken).toEqual(['answer_now']);
    inbox.closePause();
    state.stateVersion = 5;
    inbox.openPause(5, (a) => taken.push(a.answerId));
    expect(taken).toEqual(['answer_now', 'answer_early']);
  });
});
