/**
 * Reciprocal rank fusion: each list contributes 1 / (k + rank) for every item it ranks; items are
 * ordered by the sum. k = 60 as in Cormack et al. (2009): robust without tuning, and it needs no
 * comparable scores, which full-text ranks and cosine similarities are not.
 */
export const RRF_K = 60;

export interface FusedItem {
  key: string;
  score: number;
  /** 1-based rank per input list; null where the list does not contain the item. */
  ranks: Array<number | null>;
}

export function reciprocalRankFusion(lists: string[][], k = RRF_K): FusedItem[] {
  const items = new Map<string, FusedItem>();
  lists.forEach((list, which) => {
    list.forEach((key, index) => {
      let item = items.get(key);
      if (!item) {
        item = { key, score: 0, ranks: lists.map(() => null) };
        items.set(key, item);
      }
      if (item.ranks[which] !== null) return; // a list naming an item twice counts its best rank
      item.ranks[which] = index + 1;
      item.score += 1 / (k + index + 1);
    });
  });
  // Ties keep the order of first appearance (full-text first), so results are deterministic.
  return [...items.values()].sort((a, b) => b.score - a.score);
}
