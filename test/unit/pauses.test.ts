import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { PendingApprovals, PendingClarification, PendingToolOutputs } from '../../workflows/pauses.js';
import { argumentsHash } from '../../contracts/generation/index.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const request = (id: string, seconds: number, args: unknown = { a: 1 }) => ({
  approvalId: id,
  toolCallId: `call_${id}`,
  toolName: 'pay',
  arguments: args,
  argumentsHash: argumentsHash(args),
  expiresAt: new Date(T0 + seconds * 1000).toISOString(),
});
const decision = (id: string, over: Record<string, unknown> = {}) => ({
  approvalId: id,
  approved: true,
  decidedBy: 'key_x',
  toolName: 'pay',
  argumentsHash: argumentsHash({ a: 1 }),
  ...over,
});
function rejectionType(fn: () => void): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApplicationFailure);
    return (err as ApplicationFailure).type ?? '';
  }
  throw new Error('expected a rejection');
}

describe('PendingApprovals', () => {
  it('binds a decision to the exact call: tool name and argument hash must match (fail closed)', () => {
    const p = new PendingApprovals();
    p.open([request('a', 60)]);
    expect(rejectionType(() => p.validate(decision('a', { toolName: 'refund' }), T0))).toBe('ApprovalMismatch');
    expect(rejectionType(() => p.validate(decision('a', { argumentsHash: argumentsHash({ a: 2 }) }), T0))).toBe(
      'ApprovalMismatch',
    );
    expect(rejectionType(() => p.validate(decision('zzz'), T0))).toBe('ApprovalNotFound');
    expect(() => p.validate(decision('a'), T0)).not.toThrow();
  });

  it('rejects a second decision and a decision after expiry', () => {
    const p = new PendingApprovals();
    p.open([request('a', 60), request('b', 10)]);
    p.accept(decision('a'), T0 + 1000);
    expect(rejectionType(() => p.validate(decision('a'), T0 + 2000))).toBe('ApprovalAlreadyDecided');
    expect(rejectionType(() => p.validate(decision('b'), T0 + 10_000))).toBe('ApprovalExpired');
    expect(rejectionType(() => p.validate(decision('b', { approved: false, arguments: { a: 9 } }), T0))).toBe(
      'InvalidSubmission',
    );
  });

  it('expires undecided approvals at their own deadlines and reports the next one', () => {
    const p = new PendingApprovals();
    p.open([request('a', 60), request('b', 10)]);
    expect(p.msUntilNextExpiry(T0)).toBe(10_000);
    expect(p.expireDue(T0 + 10_000)).toBe(true);
    expect(p.pendingList().map((r) => r.approvalId)).toEqual(['a']);
    expect(p.msUntilNextExpiry(T0 + 10_000)).toBe(50_000);
    p.accept(decision('a'), T0 + 20_000);
    expect(p.waiting).toBe(false);
    // Nothing pending: a finite timeout (a Temporal timer cannot be infinite).
    expect(p.msUntilNextExpiry(T0 + 20_000)).toBe(1);
    expect(p.results().map((r) => [r.approvalId, r.status])).toEqual([
      ['a', 'approved'],
      ['b', 'expired'],
    ]);
  });

  it('records edited arguments only when approving', () => {
    const p = new PendingApprovals();
    p.open([request('a', 60)]);
    p.accept(decision('a', { arguments: { a: 1, limit: 5 }, reason: 'ok' }), T0);
    expect(p.results()[0]).toMatchObject({
      status: 'approved',
      editedArguments: { a: 1, limit: 5 },
      reason: 'ok',
      decidedBy: 'key_x',
    });
  });
});

describe('PendingToolOutputs and PendingClarification', () => {
  it('rejects unknown, duplicate and already-answered tool call ids', () => {
    const p = new PendingToolOutputs();
    expect(rejectionType(() => p.validate([{ toolCallId: 'x', output: 1 }]))).toBe('GenerationNotWaiting');
    p.open([
      { toolCallId: 'a', toolName: 't', arguments: {}, seq: 1 },
      { toolCallId: 'b', toolName: 't', arguments: {}, seq: 2 },
    ]);
    expect(rejectionType(() => p.validate([{ toolCallId: 'x', output: 1 }]))).toBe('UnknownToolCall');
    expect(
      rejectionType(() =>
        p.validate([
          { toolCallId: 'a', output: 1 },
          { toolCallId: 'a', output: 2 },
        ]),
      ),
    ).toBe('InvalidSubmission');
    p.accept([{ toolCallId: 'a', output: 1 }]);
    expect(rejectionType(() => p.validate([{ toolCallId: 'a', output: 3 }]))).toBe('ToolCallAlreadyAnswered');
    expect(p.list().map((c) => c.toolCallId)).toEqual(['b']);
  });

  it('accepts one non-empty clarification answer', () => {
    const c = new PendingClarification();
    expect(rejectionType(() => c.validate('hi'))).toBe('GenerationNotWaiting');
    c.open({ toolCallId: 'q', question: 'which?' });
    expect(rejectionType(() => c.validate('   '))).toBe('InvalidSubmission');
    c.accept('this one');
    expect(c.waiting).toBe(false);
    expect(rejectionType(() => c.validate('again'))).toBe('GenerationNotWaiting');
  });

  it('refuses a clarification answer that names another question than the open one', () => {
    const c = new PendingClarification();
    c.open({ toolCallId: 'q1', question: 'which table?' });
    c.accept('orders');
    c.open({ toolCallId: 'q2', question: 'which column?' });
    // A late retry of the answer to q1 must not answer q2.
    expect(rejectionType(() => c.validate('orders', 'q1'))).toBe('ClarificationQuestionMismatch');
    expect(c.waiting).toBe(true);
    expect(() => c.validate('total', 'q2')).not.toThrow();
    expect(() => c.validate('total')).not.toThrow();
  });
});
