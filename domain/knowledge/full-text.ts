import type { Db } from '../../infra/db/prisma.js';
import type { TextSearchLanguage } from '../../contracts/schemas/index.js';
import { byScoreThenPosition, type RankedChunk } from './ranking.js';

/**
 * Full-text retrieval on the chunks' stored `tsvector` and its GIN index (docs/adr/0045).
 *
 * A question rarely contains every word of the passage that answers it, so an AND of its words
 * misses; an OR of them matches most of a corpus, and ranking every match costs a read of its
 * tsvector (3-4 µs a row, most of a 12k-chunk search). Ranking is therefore by coordination level
 * first: chunks matching all m distinct query lexemes, then m-1 of them, …, then any one; within a
 * level by `ts_rank_cd`. Each level is one indexed query, and the search stops at the first level
 * that fills the list, so the common case ranks the few chunks of the best levels, not the corpus.
 *
 * A hit's score is `level + r / (r + 1)` for its ts_rank_cd r: monotonic in the order above, and the
 * integer part says how many query lexemes the chunk contains.
 */

/** A level is queried only when its OR-of-ANDs has at most this many clauses; others merge downwards. */
export const MAX_LEVEL_CLAUSES = 70;

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/** The coordination levels queried for m lexemes, best first: m, levels small enough, and 1. */
export function coordinationLevels(m: number): number[] {
  const levels: number[] = [];
  for (let k = m; k >= 1; k--) if (k === m || k === 1 || binomial(m, k) <= MAX_LEVEL_CLAUSES) levels.push(k);
  return levels;
}

/** A lexeme quoted for tsquery input: quotes doubled, backslashes escaped. */
const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The tsquery text matching chunks that contain at least k of the lexemes. */
export function atLeastQuery(lexemes: string[], k: number): string {
  const terms = lexemes.map(quoted);
  if (k <= 1) return terms.join(' | ');
  if (k >= terms.length) return terms.join(' & ');
  const clauses: string[] = [];
  const pick = (from: number, chosen: string[]) => {
    if (chosen.length === k) {
      clauses.push(`(${chosen.join(' & ')})`);
      return;
    }
    for (let i = from; i <= terms.length - (k - chosen.length); i++) pick(i + 1, [...chosen, terms[i]!]);
  };
  pick(0, []);
  return clauses.join(' | ');
}

/** The score of a chunk at `level` with ts_rank_cd `rank`. */
export const levelScore = (level: number, rank: number) => level + rank / (rank + 1);

/** The distinct lexemes of a query in a text search configuration (stop words dropped). */
async function lexemesOf(db: Db, language: TextSearchLanguage, query: string): Promise<string[]> {
  const [row] = await db.$queryRawUnsafe<Array<{ lexemes: string[] | null }>>(
    `SELECT tsvector_to_array(to_tsvector($1::regconfig, $2)) AS lexemes`,
    language,
    query,
  );
  return row?.lexemes ?? [];
}

/**
 * The best `limit` chunks of the knowledge bases (all of one language) for the query, ordered by
 * score, then document id, then chunk index.
 */
export async function fullTextSearch(
  db: Db,
  args: { projectId: string; knowledgeBaseIds: string[]; language: TextSearchLanguage; query: string; limit: number },
): Promise<RankedChunk[]> {
  const lexemes = await lexemesOf(db, args.language, args.query);
  if (lexemes.length === 0) return [];
  const found: RankedChunk[] = [];
  const seen = new Set<string>();
  for (const level of coordinationLevels(lexemes.length)) {
    // Rows matching at least `level` lexemes; those of better levels are all in `found` already
    // (the previous level returned fewer rows than asked), so asking for found + the rest suffices.
    // Planned for the GIN index whatever the statistics say: the tsquery is a sub-select (its value
    // unknown to the planner, which otherwise plans a broad OR as a sequential scan, ~2x slower),
    // and the knowledge base test is an expression (`|| ''`), which the knowledge-base index cannot
    // answer: right after an ingestion, before autovacuum's ANALYZE, the planner takes that index
    // for selective and ranks every chunk of the knowledge base (30 ms instead of 2 at 12k chunks).
    // Ids compare byte-wise (COLLATE "C"), as in ranking.ts.
    const rows = await db.$queryRawUnsafe<Array<{ documentId: string; ordinal: number; rank: number }>>(
      `SELECT c."documentId", c.ordinal, ts_rank_cd(c.tsv, (SELECT $1::tsquery))::float8 AS rank
       FROM "KbChunk" c
       WHERE c.tsv @@ (SELECT $1::tsquery) AND c."projectId" = $2 AND c."knowledgeBaseId" || '' = ANY($3::text[])
       ORDER BY rank DESC, c."documentId" COLLATE "C", c.ordinal
       LIMIT $4`,
      atLeastQuery(lexemes, level),
      args.projectId,
      args.knowledgeBaseIds,
      args.limit + found.length,
    );
    for (const r of rows) {
      const key = `${r.documentId}#${r.ordinal}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({ documentId: r.documentId, ordinal: r.ordinal, score: levelScore(level, Number(r.rank)) });
    }
    if (found.length >= args.limit) break;
  }
  return found.sort(byScoreThenPosition).slice(0, args.limit);
}
