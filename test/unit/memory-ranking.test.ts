import { describe, expect, it } from 'vitest';
import {
  approxTokens,
  MAX_QUERY_TERMS,
  prefixQuery,
  queryTerms,
  rankMemories,
  RECALL_HEADER,
  recallBlock,
  recencyBonus,
  RECENCY_HALF_LIFE_DAYS,
  RECENCY_WEIGHT,
} from '../../domain/memory/ranking.js';

const now = new Date('2026-11-30T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 3600 * 1000);

describe('memory query terms', () => {
  it('keeps distinct lower-cased words (letters, marks, digits), drops punctuation', () => {
    expect(queryTerms("What does the user LIKE? Likes: 'sushi' & sushi!")).toEqual([
      'what',
      'does',
      'the',
      'user',
      'like',
      'likes',
      'sushi',
    ]);
    expect(queryTerms('Café Zürich 2026')).toEqual(['café', 'zürich', '2026']);
    expect(queryTerms('?!  ...')).toEqual([]);
  });

  it('caps the words searched and the characters read', () => {
    const many = Array.from({ length: 50 }, (_, i) => `w${i}`).join(' ');
    expect(queryTerms(many)).toHaveLength(MAX_QUERY_TERMS);
    expect(queryTerms('abc def', 3)).toEqual(['abc']);
  });

  it('builds an OR of prefix lexemes, or null for no words', () => {
    expect(prefixQuery(['like', 'sushi'])).toBe("'like':* | 'sushi':*");
    expect(prefixQuery([])).toBeNull();
  });
});

describe('memory ranking', () => {
  it('gives a fresh memory the whole recency bonus, halving every half-life', () => {
    expect(recencyBonus(now, now)).toBeCloseTo(RECENCY_WEIGHT);
    expect(recencyBonus(daysAgo(RECENCY_HALF_LIFE_DAYS), now)).toBeCloseTo(RECENCY_WEIGHT / 2);
    // A clock ahead of ours never gives more than the whole bonus.
    expect(recencyBonus(daysAgo(-5), now)).toBeCloseTo(RECENCY_WEIGHT);
  });

  it('ranks a better text match over a newer weaker one, and newer first among equal matches', () => {
    const ranked = rankMemories(
      [
        { id: 'mem_old_strong', updatedAt: daysAgo(90), textRank: 0.5 },
        { id: 'mem_new_weak', updatedAt: daysAgo(0), textRank: 0.3 },
        { id: 'mem_mid_strong', updatedAt: daysAgo(10), textRank: 0.5 },
      ],
      now,
      10,
    );
    expect(ranked.map((r) => r.id)).toEqual(['mem_mid_strong', 'mem_old_strong', 'mem_new_weak']);
    expect(ranked[0]!.score).toBeCloseTo(0.5 + recencyBonus(daysAgo(10), now));
  });

  it('without text matches orders by recency alone', () => {
    const ranked = rankMemories(
      [
        { id: 'mem_a', updatedAt: daysAgo(3), textRank: 0 },
        { id: 'mem_b', updatedAt: daysAgo(1), textRank: 0 },
        { id: 'mem_c', updatedAt: daysAgo(2), textRank: 0 },
      ],
      now,
      2,
    );
    expect(ranked.map((r) => r.id)).toEqual(['mem_b', 'mem_c']);
  });

  it('breaks exact ties by id, whatever the input order', () => {
    const same = (id: string) => ({ id, updatedAt: daysAgo(1), textRank: 0.2 });
    const a = rankMemories([same('mem_c'), same('mem_a'), same('mem_b')], now, 3).map((r) => r.id);
    const b = rankMemories([same('mem_b'), same('mem_c'), same('mem_a')], now, 3).map((r) => r.id);
    expect(a).toEqual(['mem_a', 'mem_b', 'mem_c']);
    expect(b).toEqual(a);
    expect(rankMemories([same('mem_a')], now, 0)).toEqual([]);
  });
});

describe('recall block', () => {
  it('counts tokens as characters / 4, rounded up', () => {
    expect(approxTokens('')).toBe(0);
    expect(approxTokens('abcd')).toBe(1);
    expect(approxTokens('abcde')).toBe(2);
  });

  it('lists memories in the given order with their ids, within the token budget', () => {
    const block = recallBlock(
      [
        { id: 'mem_1', content: 'Prefers\n vegetarian   dishes' },
        { id: 'mem_2', content: 'Lives in Lyon' },
      ],
      1000,
    );
    expect(block).toBe(`${RECALL_HEADER}\n- [mem_1] Prefers vegetarian dishes\n- [mem_2] Lives in Lyon`);
  });

  it('skips a memory that does not fit and keeps a shorter one after it; null when none fits', () => {
    const budget = approxTokens(`${RECALL_HEADER}\n- [mem_1] short`) + 1;
    const memories = [
      { id: 'mem_0', content: 'x'.repeat(400) },
      { id: 'mem_1', content: 'short' },
      { id: 'mem_2', content: 'also fits?' },
    ];
    const block = recallBlock(memories, budget)!;
    expect(block).toBe(`${RECALL_HEADER}\n- [mem_1] short`);
    expect(approxTokens(block)).toBeLessThanOrEqual(budget);
    expect(recallBlock(memories, approxTokens(RECALL_HEADER) + 2)).toBeNull();
    expect(recallBlock([], 1000)).toBeNull();
  });
});
