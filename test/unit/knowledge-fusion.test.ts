import { describe, expect, it } from 'vitest';
import { RRF_K, reciprocalRankFusion } from '../../contracts/knowledge/fusion.js';

describe('reciprocalRankFusion', () => {
  it('sums 1/(k + rank) over the lists and records each rank', () => {
    const fused = reciprocalRankFusion([
      ['a', 'b', 'c'],
      ['c', 'a'],
    ]);
    const a = fused.find((f) => f.key === 'a')!;
    expect(a.score).toBeCloseTo(1 / (RRF_K + 1) + 1 / (RRF_K + 2));
    expect(a.ranks).toEqual([1, 2]);
    expect(fused.find((f) => f.key === 'b')!.ranks).toEqual([2, null]);
    expect(fused.map((f) => f.key)).toEqual(['a', 'c', 'b']);
  });

  it('an item found by both lists beats one ranked first by a single list', () => {
    const fused = reciprocalRankFusion([
      ['x', 'both'],
      ['y', 'both'],
    ]);
    expect(fused[0]!.key).toBe('both');
  });

  it('counts a duplicate within one list once, at its best rank; empty input gives nothing', () => {
    const fused = reciprocalRankFusion([['a', 'a']]);
    expect(fused).toHaveLength(1);
    expect(fused[0]!.score).toBeCloseTo(1 / (RRF_K + 1));
    expect(reciprocalRankFusion([[], []])).toEqual([]);
  });
});
