/**
 * The pure rules of long-term memory retrieval (docs/memory.md): which words a query searches,
 * how a memory's full-text rank and age make its score, the order of equal scores, and how
 * recalled memories are bounded to a token budget. No I/O; unit-tested in test/unit/memory-ranking.test.ts.
 */

/** Most distinct words of a query that are searched. */
export const MAX_QUERY_TERMS = 32;
/** Weight of the recency bonus: at most this much is added to a full-text rank in [0, 1). */
export const RECENCY_WEIGHT = 0.1;
/** The recency bonus halves every this many days since the memory was last written. */
export const RECENCY_HALF_LIFE_DAYS = 30;

const DAY_MS = 24 * 3600 * 1000;

/** The distinct words of a query, lower-cased, in order of appearance (letters, marks and digits). */
export function queryTerms(query: string, maxChars = 2000): string[] {
  const words =
    query
      .slice(0, maxChars)
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_QUERY_TERMS);
}

/**
 * The PostgreSQL text-search query (`to_tsquery('simple', …)`) for these words: any of them, each
 * as a prefix ("like" finds "likes"). Words hold only letters, marks and digits, so nothing needs
 * quoting beyond the quotes around each. Null for no words.
 */
export function prefixQuery(terms: readonly string[]): string | null {
  return terms.length ? terms.map((t) => `'${t}':*`).join(' | ') : null;
}

export interface MemoryCandidate {
  id: string;
  updatedAt: Date;
  /** ts_rank_cd with normalisation 32 (rank / (rank + 1)): in [0, 1); 0 when the memory does not match. */
  textRank: number;
}

/** The recency bonus: RECENCY_WEIGHT for a memory written now, halving every RECENCY_HALF_LIFE_DAYS. */
export function recencyBonus(updatedAt: Date, now: Date): number {
  const ageDays = Math.max(0, now.getTime() - updatedAt.getTime()) / DAY_MS;
  return RECENCY_WEIGHT * 0.5 ** (ageDays / RECENCY_HALF_LIFE_DAYS);
}

/**
 * The best `limit` candidates: by score (full-text rank plus recency bonus), then the most recently
 * written, then by id, so the same memories always come back in the same order.
 */
export function rankMemories<T extends MemoryCandidate>(
  candidates: readonly T[],
  now: Date,
  limit: number,
): Array<T & { score: number }> {
  return candidates
    .map((c) => ({ ...c, score: c.textRank + recencyBonus(c.updatedAt, now) }))
    .sort(
      (a, b) =>
        b.score - a.score || b.updatedAt.getTime() - a.updatedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .slice(0, Math.max(0, limit));
}

/** Tokens of a text, approximated as characters / 4 (rounded up): no tokenizer per model needed. */
export const approxTokens = (text: string): number => Math.ceil(text.length / 4);

export const RECALL_HEADER =
  'Memories about this user from earlier conversations (most relevant first; memory ids for memory_forget):';

/**
 * The recalled-memories block for the system prompt, at most `maxTokens` (approxTokens of the
 * whole block, header included). Memories are taken in the given (ranked) order; one that does
 * not fit is skipped and a shorter one after it may still fit. Null when none fits.
 */
export function recallBlock(
  memories: ReadonlyArray<{ id: string; content: string }>,
  maxTokens: number,
): string | null {
  let block = RECALL_HEADER;
  let taken = 0;
  for (const m of memories) {
    const line = `\n- [${m.id}] ${m.content.replace(/\s+/g, ' ').trim()}`;
    if (approxTokens(block + line) > maxTokens) continue;
    block += line;
    taken++;
  }
  return taken ? block : null;
}
