import { describe, expect, it } from 'vitest';
import {
  approvalsAppliedOnce,
  atLeastOnceSameKey,
  atMostOnceDelivery,
  checkInvariants,
  noStuckGeneration,
  sessionTurnsInOrder,
  streamContiguous,
  terminalOrAnswerable,
  type InvariantResult,
} from '../../bench/soak/invariants.js';
import type {
  ApprovalDecision,
  GenerationOutcome,
  LedgerEntry,
  SessionOutcome,
  SoakObservations,
  StreamEvent,
  StreamOutcome,
} from '../../bench/soak/observations.js';

function observations(over: Partial<SoakObservations> = {}): SoakObservations {
  return {
    seed: 7,
    minutes: 1,
    startedAt: '2026-12-01T16:00:00.000Z',
    durationMs: 60_000,
    faults: [],
    generations: [],
    ledger: [],
    approvals: [],
    sessions: [],
    streams: [],
    throughput: [],
    notes: [],
    ...over,
  };
}

function generation(id: string, over: Partial<GenerationOutcome> = {}): GenerationOutcome {
  return { id, kind: 'plain_tools', status: 'completed', workflowRunning: false, ...over };
}

function entry(callKey: string, over: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    callKey,
    tool: 'ledger_write',
    delivery: 'at_least_once',
    idempotencyKey: `idem-${callKey}`,
    args: { amount: 1 },
    receivedAt: 0,
    dropped: false,
    ...over,
  };
}

function approval(approvalId: string, callKey: string, over: Partial<ApprovalDecision> = {}): ApprovalDecision {
  return { generationId: `gen-${approvalId}`, approvalId, callKey, decision: 'approve', appliedInTrace: 1, ...over };
}

function session(sessionId: string, turns: string[], over: Partial<SessionOutcome> = {}): SessionOutcome {
  return { sessionId, sentTurns: turns, storedTurns: [...turns], answeredTurns: turns.length, ...over };
}

/** A stored log with the given seqs, the last one `done`. */
function log(...seqs: number[]): StreamEvent[] {
  return seqs.map((seq, i) => ({
    id: String(seq),
    type: i === 0 ? 'start' : i === seqs.length - 1 ? 'done' : 'chunk',
    data: JSON.stringify({ seq }),
  }));
}

function stream(generationId: string, stored: StreamEvent[], over: Partial<StreamOutcome> = {}): StreamOutcome {
  return { generationId, followedToEnd: true, received: [...stored], stored, reconnects: 0, ...over };
}

function expectClean(result: InvariantResult) {
  expect(result.violations).toEqual([]);
  expect(result.checked).toBeGreaterThan(0);
}

function expectViolation(result: InvariantResult, id: string, detail: RegExp) {
  expect(result.violations.length).toBeGreaterThan(0);
  const hit = result.violations.find((v) => v.startsWith(id));
  expect(hit, `a violation starting with ${id} in ${JSON.stringify(result.violations)}`).toBeDefined();
  expect(hit).toMatch(detail);
}

describe('terminal_or_answerable', () => {
  it('passes when every generation ended completed, failed or cancelled', () => {
    const obs = observations({
      generations: [
        generation('g1'),
        generation('g2', { status: 'failed' }),
        generation('g3', { status: 'cancelled' }),
      ],
    });
    expectClean(terminalOrAnswerable(obs));
  });

  it('flags a generation left paused or running', () => {
    const obs = observations({
      generations: [
        generation('g1'),
        generation('g2', { status: 'requires_action', workflowRunning: true }),
        generation('g3', { status: 'running', workflowRunning: true }),
      ],
    });
    const result = terminalOrAnswerable(obs);
    expect(result.violations).toHaveLength(2);
    expectViolation(result, 'g2', /requires_action/);
    expectViolation(result, 'g3', /running/);
  });
});

describe('no_stuck_generation', () => {
  it('passes a paused generation whose workflow still runs, and finished ones', () => {
    const obs = observations({
      generations: [generation('g1'), generation('g2', { status: 'requires_action', workflowRunning: true })],
    });
    expectClean(noStuckGeneration(obs));
  });

  it('flags a non-terminal generation whose workflow is gone', () => {
    const obs = observations({
      generations: [generation('g1'), generation('g-stuck', { status: 'running', workflowRunning: false })],
    });
    const result = noStuckGeneration(obs);
    expect(result.violations).toHaveLength(1);
    expectViolation(result, 'g-stuck', /running.*not running/);
  });
});

describe('at_most_once_delivery', () => {
  it('passes one delivery per at_most_once call, ignoring at_least_once retries', () => {
    const obs = observations({
      ledger: [
        entry('w1:1', { delivery: 'at_most_once', idempotencyKey: null }),
        entry('w2:1', { delivery: 'at_most_once', idempotencyKey: null, dropped: true }),
        entry('w3:1'),
        entry('w3:1'),
      ],
    });
    const result = atMostOnceDelivery(obs);
    expectClean(result);
    expect(result.checked).toBe(2);
  });

  it('flags a doubled at_most_once call', () => {
    const obs = observations({
      ledger: [
        entry('w1:1', { delivery: 'at_most_once', dropped: true }),
        entry('w1:1', { delivery: 'at_most_once' }),
        entry('w2:1', { delivery: 'at_most_once' }),
      ],
    });
    const result = atMostOnceDelivery(obs);
    expect(result.violations).toHaveLength(1);
    expectViolation(result, 'w1:1', /2 times \(1 dropped\)/);
  });
});

describe('at_least_once_same_key', () => {
  it('passes retries under one key', () => {
    const obs = observations({ ledger: [entry('w1:1', { dropped: true }), entry('w1:1'), entry('w2:1')] });
    const result = atLeastOnceSameKey(obs);
    expectClean(result);
    expect(result.checked).toBe(1);
  });

  it('flags a repeated call with two different keys', () => {
    const obs = observations({
      ledger: [entry('w1:1', { idempotencyKey: 'k-a' }), entry('w1:1', { idempotencyKey: 'k-b' })],
    });
    expectViolation(atLeastOnceSameKey(obs), 'w1:1', /different keys: k-a, k-b/);
  });

  it('flags a repeated call sent without a key', () => {
    const obs = observations({ ledger: [entry('w1:1'), entry('w1:1', { idempotencyKey: null })] });
    expectViolation(atLeastOnceSameKey(obs), 'w1:1', /without a key/);
  });
});

describe('approvals_applied_once', () => {
  const clean = () =>
    observations({
      approvals: [
        approval('a1', 'w1:1'),
        approval('a2', 'w2:1', { decision: 'deny' }),
        approval('a3', 'w3:1', { decision: 'edit', editedArgs: { amount: 5, memo: 'x' } }),
      ],
      ledger: [
        entry('w1:1', { dropped: true }),
        entry('w1:1'),
        entry('w3:1', { args: { memo: 'x', amount: 5 } }),
        entry('w9:1'),
      ],
    });

  it('passes approve (retried under one key), deny (never run) and edit (edited arguments)', () => {
    const result = approvalsAppliedOnce(clean());
    expectClean(result);
    expect(result.checked).toBe(3);
  });

  it('flags a denied call that reached the tool server', () => {
    const obs = clean();
    obs.ledger.push(entry('w2:1'));
    expectViolation(approvalsAppliedOnce(obs), 'a2', /denied call reached the tool server 1 times/);
  });

  it('flags an approval applied twice in the trace', () => {
    const obs = clean();
    obs.approvals[0]!.appliedInTrace = 2;
    const result = approvalsAppliedOnce(obs);
    expect(result.violations).toHaveLength(1);
    expectViolation(result, 'a1', /applied 2 times in the trace/);
  });

  it('flags an edited call that ran with other arguments', () => {
    const obs = clean();
    obs.ledger[2]!.args = { amount: 1, memo: 'x' };
    expectViolation(approvalsAppliedOnce(obs), 'a3', /edited call ran with \{"amount":1,"memo":"x"\}/);
  });

  it('flags an approved call that never ran or ran twice under different keys', () => {
    const never = clean();
    never.ledger = never.ledger.filter((e) => e.callKey !== 'w1:1');
    expectViolation(approvalsAppliedOnce(never), 'a1', /approved call delivered 0 times/);
    const twice = clean();
    twice.ledger[1]!.idempotencyKey = 'another';
    expectViolation(approvalsAppliedOnce(twice), 'a1', /approved call delivered 2 times/);
  });
});

describe('session_turns_in_order', () => {
  it('passes sessions whose stored turns are the sent ones, answered', () => {
    const obs = observations({ sessions: [session('s1', ['a', 'b', 'c']), session('s2', ['x', 'x'])] });
    expectClean(sessionTurnsInOrder(obs));
  });

  it('flags a lost turn', () => {
    const obs = observations({
      sessions: [session('s1', ['a', 'b']), session('s2', ['a', 'b', 'c'], { storedTurns: ['a', 'c'] })],
    });
    const result = sessionTurnsInOrder(obs);
    expect(result.violations).toHaveLength(1);
    expectViolation(result, 's2', /"b" lost/);
  });

  it('flags a reordered turn', () => {
    const obs = observations({ sessions: [session('s1', ['a', 'b', 'c'], { storedTurns: ['a', 'c', 'b'] })] });
    expectViolation(sessionTurnsInOrder(obs), 's1', /out of order at position 1: sent "b", stored "c"/);
  });

  it('flags a doubled turn and an unanswered one', () => {
    const obs = observations({
      sessions: [session('s1', ['a', 'b'], { storedTurns: ['a', 'b', 'b'], answeredTurns: 1 })],
    });
    const result = sessionTurnsInOrder(obs);
    expectViolation(result, 's1', /"b" doubled/);
    expect(result.violations).toContain('s1: 1 of 2 sent turns answered');
  });
});

describe('stream_contiguous', () => {
  it('passes a stream equal to the stored log, with seq gaps the log itself has', () => {
    const obs = observations({ streams: [stream('g1', log(1, 2, 3)), stream('g2', log(1, 2, 5, 6))] });
    const result = streamContiguous(obs);
    expectClean(result);
    expect(result.checked).toBe(2);
  });

  it('drops identical events re-sent after a reconnect', () => {
    const stored = log(1, 2, 3, 4);
    const received = [stored[0]!, stored[1]!, { ...stored[1]!, data: '{ "seq": 2 }' }, stored[2]!, stored[3]!];
    expectClean(streamContiguous(observations({ streams: [stream('g1', stored, { received, reconnects: 1 })] })));
  });

  it('skips streams not followed to the end', () => {
    const obs = observations({ streams: [stream('g1', log(1, 2), { followedToEnd: false, received: [] })] });
    expect(streamContiguous(obs)).toMatchObject({ checked: 0, violations: [] });
  });

  it('flags a gap', () => {
    const stored = log(1, 2, 3, 4);
    const received = [stored[0]!, stored[1]!, stored[3]!];
    const result = streamContiguous(observations({ streams: [stream('g1', stored, { received })] }));
    expectViolation(result, 'g1', /gap after #2: missing #3 chunk, next received #4 done/);
  });

  it('flags a re-sent id with different data', () => {
    const stored = log(1, 2, 3);
    const received = [stored[0]!, stored[1]!, { ...stored[1]!, data: '{"seq":99}' }, stored[2]!];
    expectViolation(
      streamContiguous(observations({ streams: [stream('g1', stored, { received })] })),
      'g1',
      /id 2 re-sent with different content/,
    );
  });

  it('flags events that differ from the stored log', () => {
    const stored = log(1, 2, 3);
    const received = [stored[0]!, { ...stored[1]!, data: '{"seq":"other"}' }, stored[2]!];
    expectViolation(
      streamContiguous(observations({ streams: [stream('g1', stored, { received })] })),
      'g1',
      /event #2 differs from the stored one/,
    );
  });

  it('flags a stream that does not start at the first stored event', () => {
    const stored = log(1, 2, 3);
    expectViolation(
      streamContiguous(observations({ streams: [stream('g1', stored, { received: stored.slice(1) })] })),
      'g1',
      /starts at #2 chunk, the stored log starts at #1 start/,
    );
  });

  it('flags a followed stream that does not end with done', () => {
    const stored = log(1, 2, 3).slice(0, 2);
    const result = streamContiguous(observations({ streams: [stream('g1', stored)] }));
    expect(result.violations).toHaveLength(1);
    expectViolation(result, 'g1', /last event is #2 chunk, not done/);
  });

  it('flags a stream that stopped before the end of the stored log', () => {
    const stored = log(1, 2, 3);
    expectViolation(
      streamContiguous(observations({ streams: [stream('g1', stored, { received: stored.slice(0, 2) })] })),
      'g1',
      /missing stored events from #3 done \(1 not received\)/,
    );
  });

  it('flags ids that are not seq numbers', () => {
    const stored = log(1, 2).map((e) => ({ ...e, id: `evt-${e.id}` }));
    expectViolation(
      streamContiguous(observations({ streams: [stream('g1', stored)] })),
      'g1',
      /'evt-1' is not a positive integer seq/,
    );
  });
});

describe('checkInvariants', () => {
  it('runs every invariant once, by name', () => {
    const names = checkInvariants(observations()).map((r) => r.name);
    expect(names).toEqual([
      'terminal_or_answerable',
      'no_stuck_generation',
      'at_most_once_delivery',
      'at_least_once_same_key',
      'approvals_applied_once',
      'session_turns_in_order',
      'stream_contiguous',
    ]);
  });
});
