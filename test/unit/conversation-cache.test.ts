import { describe, expect, it } from 'vitest';
import { ConversationCache } from '../../activities/conversation-cache.js';
import type { StoredMessage } from '../../activities/generation-store.js';

const msg = (text: string): StoredMessage => ({ role: 'user', content: text });

describe('ConversationCache', () => {
  it('fills rows sent without content from the versions it holds, and keeps what it read', () => {
    const cache = new ConversationCache();
    expect(cache.known('g', 5)).toEqual([]);
    const first = cache.merge(
      'g',
      [],
      [
        { seq: 0, version: '10', sent: true, content: msg('a') },
        { seq: 1, version: '11', sent: true, content: msg('b') },
      ],
    );
    expect(first).toEqual([msg('a'), msg('b')]);
    const known = cache.known('g', 3);
    expect(known.map((m) => [m.seq, m.version])).toEqual([
      [0, '10'],
      [1, '11'],
    ]);
    // Only rows before the reply are offered to the statement.
    expect(cache.known('g', 1).map((m) => m.seq)).toEqual([0]);
    const second = cache.merge('g', known, [
      { seq: 0, version: '10', sent: false, content: null },
      { seq: 1, version: '12', sent: true, content: msg('b, rewritten') },
      { seq: 2, version: '13', sent: true, content: msg('c') },
    ]);
    expect(second).toEqual([msg('a'), msg('b, rewritten'), msg('c')]);
    expect(cache.known('g', 9).map((m) => m.version)).toEqual(['10', '12', '13']);
  });

  it('refuses a row without content whose version it does not hold (never a guess)', () => {
    const cache = new ConversationCache();
    const known = [{ seq: 0, version: '10', sent: true, content: msg('a') }];
    expect(() => cache.merge('g', known, [{ seq: 0, version: '11', sent: false, content: null }])).toThrow(
      /without content/,
    );
    expect(() => cache.merge('g', known, [{ seq: 1, version: '10', sent: false, content: null }])).toThrow(
      /without content/,
    );
  });

  it('keeps generations apart', () => {
    const cache = new ConversationCache();
    cache.merge('g1', [], [{ seq: 0, version: '1', sent: true, content: msg('one') }]);
    expect(cache.known('g2', 10)).toEqual([]);
  });

  it('shares frozen messages: a caller changing one throws', () => {
    const cache = new ConversationCache();
    const [m] = cache.merge('g', [], [{ seq: 0, version: '1', sent: true, content: msg('a') }]);
    expect(() => {
      (m as { content: string }).content = 'changed';
    }).toThrow(TypeError);
  });

  it('is bounded by the bytes of the messages it holds, dropping the least recently used', () => {
    const big = 'x'.repeat(4_000);
    const cache = new ConversationCache(10_000);
    cache.merge('g1', [], [{ seq: 0, version: '1', sent: true, content: msg(big) }]);
    cache.merge('g2', [], [{ seq: 0, version: '1', sent: true, content: msg(big) }]);
    expect(cache.size).toBe(2);
    cache.known('g1', 1); // g1 used: g2 is now the oldest
    cache.merge('g3', [], [{ seq: 0, version: '1', sent: true, content: msg(big) }]);
    expect(cache.size).toBe(2);
    expect(cache.known('g2', 1)).toEqual([]);
    expect(cache.known('g1', 1)).toHaveLength(1);
    // A conversation larger than the whole cache is not kept.
    cache.merge('huge', [], [{ seq: 0, version: '1', sent: true, content: msg('y'.repeat(20_000)) }]);
    expect(cache.known('huge', 1)).toEqual([]);
  });
});
