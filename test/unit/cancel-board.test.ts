import { describe, expect, it, vi } from 'vitest';
import { CancelRequestBoard } from '../../infra/events/cancel-board.js';

describe('cancel requests a worker has heard of (docs/adr/0027)', () => {
  it('a call watching its generation hears its request once; other generations do not', () => {
    const board = new CancelRequestBoard();
    const mine = vi.fn();
    const other = vi.fn();
    board.watch('gen_a', mine);
    board.watch('gen_b', other);
    board.record('gen_a');
    board.record('gen_a');
    expect(mine).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    expect(board.watchers('gen_a')).toBe(0);
    expect(board.watchers('gen_b')).toBe(1);
  });

  it('a call that stopped watching is not told', () => {
    const board = new CancelRequestBoard();
    const listener = vi.fn();
    const unwatch = board.watch('gen_a', listener);
    unwatch();
    board.record('gen_a');
    expect(listener).not.toHaveBeenCalled();
    expect(board.watchers('gen_a')).toBe(0);
  });

  it('a call that starts within ten minutes of the request stops at once; later ones wait for a new request', () => {
    const board = new CancelRequestBoard();
    const t0 = 1_000_000;
    board.record('gen_a', t0);
    const soon = vi.fn();
    board.watch('gen_a', soon, t0 + 9 * 60_000);
    expect(soon).toHaveBeenCalledTimes(1);
    expect(board.watchers('gen_a')).toBe(0);
    const late = vi.fn();
    board.watch('gen_a', late, t0 + 10 * 60_000);
    expect(late).not.toHaveBeenCalled();
    board.record('gen_a', t0 + 11 * 60_000);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('remembers at most 10,000 requests, forgetting the oldest first', () => {
    const board = new CancelRequestBoard();
    const t0 = 1_000_000;
    for (let i = 0; i <= 10_000; i++) board.record(`gen_${i}`, t0 + i);
    const oldest = vi.fn();
    const second = vi.fn();
    board.watch('gen_0', oldest, t0 + 10_001);
    board.watch('gen_1', second, t0 + 10_001);
    expect(oldest).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('forgets requests older than ten minutes when a new one arrives', () => {
    const board = new CancelRequestBoard();
    const t0 = 1_000_000;
    board.record('gen_old', t0);
    board.record('gen_new', t0 + 10 * 60_000);
    const listener = vi.fn();
    // Asked about with a clock that would still count it as recent: it was dropped anyway.
    board.watch('gen_old', listener, t0 + 1);
    expect(listener).not.toHaveBeenCalled();
  });
});
