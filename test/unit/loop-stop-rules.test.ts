import { describe, expect, it } from 'vitest';
import { plannedTool } from '../support/planned-tool.js';
import {
  DOOM_LOOP_THRESHOLD,
  executionBatches,
  isDoomLoop,
  matchStopCondition,
  type ModelToolCall,
} from '../../contracts/generation/index.js';

const call = (id: string, name: string, argumentsHash = 'h'): ModelToolCall => ({
  id,
  name,
  arguments: {},
  argumentsHash,
});
const tool = plannedTool;

describe('matchStopCondition', () => {
  it('returns the first call whose tool is a hasToolCall condition', () => {
    const calls = [call('c1', 'search'), call('c2', 'done'), call('c3', 'finish')];
    const hit = matchStopCondition(calls, ['finish', 'done']);
    expect(hit?.id).toBe('c2');
  });

  it('returns undefined when no call matches or there are no conditions', () => {
    expect(matchStopCondition([call('c1', 'search')], ['done'])).toBeUndefined();
    expect(matchStopCondition([call('c1', 'done')], [])).toBeUndefined();
    expect(matchStopCondition([], ['done'])).toBeUndefined();
  });

  it('matches tool names exactly (case-sensitive)', () => {
    expect(matchStopCondition([call('c1', 'Done'), call('c2', 'done_now')], ['done'])).toBeUndefined();
  });
});

describe('isDoomLoop', () => {
  const r = (name: string, argumentsHash: string) => ({ name, argumentsHash });

  it('uses a threshold of 3', () => {
    expect(DOOM_LOOP_THRESHOLD).toBe(3);
  });

  it('is true for 3 identical calls in a row', () => {
    expect(isDoomLoop([r('a', 'x'), r('a', 'x'), r('a', 'x')])).toBe(true);
  });

  it('looks at the newest calls (older different calls do not matter)', () => {
    expect(isDoomLoop([r('b', 'y'), r('c', 'z'), r('a', 'x'), r('a', 'x'), r('a', 'x')])).toBe(true);
  });

  it('is false for only 2 identical calls', () => {
    expect(isDoomLoop([r('a', 'x'), r('a', 'x')])).toBe(false);
    expect(isDoomLoop([r('b', 'y'), r('a', 'x'), r('a', 'x')])).toBe(false);
  });

  it('is false when identical calls are interleaved with another call', () => {
    expect(isDoomLoop([r('a', 'x'), r('b', 'x'), r('a', 'x'), r('a', 'x')])).toBe(false);
    expect(isDoomLoop([r('a', 'x'), r('a', 'x'), r('b', 'y'), r('a', 'x')])).toBe(false);
  });

  it('is false when the argument hashes differ', () => {
    expect(isDoomLoop([r('a', 'x'), r('a', 'x'), r('a', 'y')])).toBe(false);
    expect(isDoomLoop([r('a', 'y'), r('a', 'x'), r('a', 'x')])).toBe(false);
  });

  it('is false when the names differ with identical hashes', () => {
    expect(isDoomLoop([r('a', 'x'), r('b', 'x'), r('a', 'x')])).toBe(false);
  });

  it('is false for an empty history', () => {
    expect(isDoomLoop([])).toBe(false);
  });

  it('honours a custom threshold', () => {
    const three = [r('a', 'x'), r('a', 'x'), r('a', 'x')];
    expect(isDoomLoop(three, 4)).toBe(false);
    expect(isDoomLoop([...three, r('a', 'x')], 4)).toBe(true);
    expect(isDoomLoop([r('a', 'x'), r('a', 'x')], 2)).toBe(true);
  });
});

describe('executionBatches', () => {
  const ro = (id: string) => ({ id, tool: tool(`r${id}`, { readOnly: true }) });
  const rw = (id: string) => ({ id, tool: tool(`w${id}`) });
  const ids = (batches: Array<Array<{ id: string }>>) => batches.map((b) => b.map((c) => c.id));

  it('groups consecutive read-only calls and isolates the rest, in model order', () => {
    const calls = [ro('r1'), ro('r2'), rw('w1'), ro('r3'), rw('w2'), rw('w3')];
    expect(ids(executionBatches(calls))).toEqual([['r1', 'r2'], ['w1'], ['r3'], ['w2'], ['w3']]);
  });

  it('puts all read-only calls in one batch', () => {
    expect(ids(executionBatches([ro('a'), ro('b'), ro('c')]))).toEqual([['a', 'b', 'c']]);
  });

  it('runs non-read-only calls one by one', () => {
    expect(ids(executionBatches([rw('a'), rw('b')]))).toEqual([['a'], ['b']]);
  });

  it('does not merge a read-only call into a preceding write batch', () => {
    expect(ids(executionBatches([rw('w'), ro('r1'), ro('r2')]))).toEqual([['w'], ['r1', 'r2']]);
  });

  it('treats a call without a tool as not read-only', () => {
    const calls = [ro('r1'), { id: 'x', tool: undefined }, ro('r2')];
    expect(ids(executionBatches(calls))).toEqual([['r1'], ['x'], ['r2']]);
  });

  it('returns no batches for no calls', () => {
    expect(executionBatches([])).toEqual([]);
  });
});
