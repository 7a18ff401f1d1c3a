import { describe, expect, it } from 'vitest';
import {
  chooseStrategy,
  decideDoubleText,
  type BusyTurn,
  type MultitaskStrategy,
} from '../../contracts/generation/double-texting.js';

const running: BusyTurn = { generationId: 'gen_1', status: 'running', stopping: null, atMostOnceCalls: [] };

describe('chooseStrategy: the request, its older queue field, the agent default', () => {
  it.each([
    [{}, undefined, 'reject'],
    [{}, 'interrupt', 'interrupt'],
    [{ queue: true }, undefined, 'enqueue'],
    [{ queue: true }, 'rollback', 'enqueue'],
    [{ queue: false }, 'interrupt', 'reject'],
    [{ multitaskStrategy: 'rollback' }, 'interrupt', 'rollback'],
    [{ multitaskStrategy: 'enqueue', queue: true }, undefined, 'enqueue'],
    [{ multitaskStrategy: 'interrupt', queue: false }, undefined, 'interrupt'],
  ] as const)('%j with agent default %s → %s', (request, agentDefault, expected) => {
    expect(chooseStrategy(request, agentDefault)).toEqual({ strategy: expected });
  });

  it('queue and multitaskStrategy that disagree are a conflict', () => {
    expect(chooseStrategy({ multitaskStrategy: 'interrupt', queue: true }, undefined)).toHaveProperty('conflict');
    expect(chooseStrategy({ multitaskStrategy: 'enqueue', queue: false }, 'enqueue')).toHaveProperty('conflict');
  });
});

describe('decideDoubleText', () => {
  const all: MultitaskStrategy[] = ['reject', 'enqueue', 'interrupt', 'rollback'];

  it.each(all)('an idle session is taken at once whatever the strategy (%s)', (strategy) => {
    expect(decideDoubleText(strategy, 'session_1', null, false)).toEqual({ kind: 'place', waiting: false });
  });

  it('reject refuses with session_busy naming the turn; enqueue waits without stopping it', () => {
    const refused = decideDoubleText('reject', 'session_1', running, false);
    expect(refused).toMatchObject({ kind: 'refuse', code: 'session_busy' });
    expect(refused.kind === 'refuse' && refused.message).toContain('gen_1');
    expect(decideDoubleText('enqueue', 'session_1', running, false)).toEqual({ kind: 'wait' });
  });

  it('interrupt and rollback stop the active turn and wait for it', () => {
    expect(decideDoubleText('interrupt', 's', running, false)).toEqual({
      kind: 'wait',
      stop: { generationId: 'gen_1', as: 'interrupted' },
    });
    expect(decideDoubleText('rollback', 's', { ...running, status: 'requires_action' }, true)).toEqual({
      kind: 'wait',
      stop: { generationId: 'gen_1', as: 'rolled_back' },
    });
  });

  it('rollback is refused once an at_most_once call started; interrupt still stops the turn', () => {
    const called = { ...running, atMostOnceCalls: ['call_pay'] };
    const refused = decideDoubleText('rollback', 's', called, false);
    expect(refused).toMatchObject({ kind: 'refuse', code: 'rollback_refused' });
    expect(refused.kind === 'refuse' && refused.message).toContain('call_pay');
    expect(decideDoubleText('interrupt', 's', called, false)).toMatchObject({
      kind: 'wait',
      stop: { as: 'interrupted' },
    });
  });

  it('a turn already being stopped keeps its first stop: later turns wait behind it', () => {
    const stopping = { ...running, stopping: 'interrupted' as const };
    expect(decideDoubleText('rollback', 's', stopping, true)).toEqual({ kind: 'wait' });
    expect(decideDoubleText('interrupt', 's', stopping, true)).toEqual({ kind: 'wait' });
    expect(decideDoubleText('reject', 's', stopping, true)).toMatchObject({ kind: 'refuse', code: 'session_busy' });
  });

  it('waiters with no active turn: reject refuses, the others wait in line without a stop', () => {
    expect(decideDoubleText('reject', 's', null, true)).toMatchObject({ kind: 'refuse', code: 'session_busy' });
    for (const s of ['enqueue', 'interrupt', 'rollback'] as const)
      expect(decideDoubleText(s, 's', null, true)).toEqual({ kind: 'wait' });
  });
});
