/** A chunk ranked by one retrieval strategy. */
export interface RankedChunk {
  documentId: string;
  ordinal: number;
  score: number;
}

/**
 * The one order of search results: score descending, then document id, then chunk index, so equal
 * scores come back in the same order on every search.
 */
export function byScoreThenPosition(a: RankedChunk, b: RankedChunk): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.documentId !== b.documentId) return a.documentId < b.documentId ? -1 : 1;
  return a.ordinal - b.ordinal;
}
