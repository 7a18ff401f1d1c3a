import pg from 'pg';
import { unitLength } from '../../domain/knowledge/embedder.js';
import { fullTextSearch } from '../../domain/knowledge/full-text.js';
import { createDb } from '../../infra/db/prisma.js';
import { hashedVector } from '../../test/support/embedding-server.js';
import { knowledgeFixtures } from '../../test/support/knowledge.js';
import { log } from '../lib/log.js';
import { summarize, type Summary } from '../lib/stats.js';
import { CHUNK_OVERLAP, CHUNK_SIZE, corpus } from './corpus.js';

/** One corpus size measured on a running service: ingestion, search per strategy, floors, recall, order. */

export type Api = (method: string, path: string, body?: unknown) => Promise<any>;

export interface SizeResult {
  targetChunks: number;
  ingestion: { documents: number; chunks: number; seconds: number; chunksPerSecond: number };
  /** Through the API (HTTP, auth, the knowledge base lookup, the search, the chunks' text). */
  searchMs: Record<'full_text' | 'vector' | 'hybrid', Summary>;
  /** The same queries on PostgreSQL alone, over the same GIN index (no HTTP, no service). */
  floorMs: {
    /** PostgreSQL's own query: websearch_to_tsquery (all words), ranked by ts_rank_cd. */
    postgresOwnQuery: Summary;
    /** PostgreSQL's own query with the words OR-ed (any word), ranked by ts_rank_cd. */
    postgresAnyWordQuery: Summary;
    /** The service's coordination-level queries (domain/knowledge/full-text.ts) run directly. */
    serviceQueries: Summary;
  };
  /** Vector recall@10 of the service's vector path against exact float8 cosine computed in SQL. */
  recallAt10: { queries: number; recall: number };
  /** Each query searched twice per strategy: pairs whose hit order differed (must be 0). */
  orderChanges: number;
}

const STRATEGIES = ['full_text', 'vector', 'hybrid'] as const;

async function ingest(api: Api, kbId: string, documents: Array<{ title: string; content: string }>) {
  const t0 = performance.now();
  await Promise.all(documents.map((d) => api('POST', `/v1/knowledge-bases/${kbId}/documents`, d)));
  for (;;) {
    const page = await api('GET', `/v1/knowledge-bases/${kbId}/documents?limit=100`);
    const statuses = page.data.map((d: { status: string }) => d.status);
    const failed = statuses.filter((s: string) => s === 'failed').length;
    if (failed > 0) throw new Error(`${failed} documents failed to ingest`);
    if (statuses.filter((s: string) => s === 'ready').length === documents.length) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - t0) / 1000;
  const info = await api('GET', `/v1/knowledge-bases/${kbId}`);
  return { documents: documents.length, chunks: info.chunkCount, seconds, chunksPerSecond: info.chunkCount / seconds };
}

async function timed(n: number, run: (i: number) => Promise<unknown>): Promise<Summary> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await run(i);
    samples.push(performance.now() - s);
  }
  return summarize(samples);
}

export async function measureSize(opts: {
  api: Api;
  databaseUrl: string;
  providerId: string;
  dims: number;
  targetChunks: number;
  queryCount: number;
}): Promise<SizeResult> {
  const { api, targetChunks, queryCount } = opts;
  const kb = await api('POST', '/v1/knowledge-bases', {
    name: `bench-${targetChunks}`,
    aiProviderId: opts.providerId,
    embeddingModel: 'hashed-bow',
    chunkSize: CHUNK_SIZE,
    chunkOverlap: CHUNK_OVERLAP,
  });
  log(`[${targetChunks}] ingesting…`);
  const ingestion = await ingest(api, kb.id, corpus(targetChunks));
  log(`[${targetChunks}] ${ingestion.chunks} chunks in ${ingestion.seconds.toFixed(1)} s`);

  const { queries } = knowledgeFixtures();
  const query = (i: number) => queries[i % queries.length]!.query;
  const search = (q: string, strategy: string, topK = 5) =>
    api('POST', `/v1/knowledge-bases/${kb.id}/search`, { query: q, topK, strategy });
  const searchMs = {} as SizeResult['searchMs'];
  for (const strategy of STRATEGIES) {
    for (let i = 0; i < 5; i++) await search(query(i), strategy); // warm-up: plans, caches
    searchMs[strategy] = await timed(queryCount, (i) => search(query(i), strategy));
    log(`[${targetChunks}] ${strategy}: p50 ${searchMs[strategy].p50.toFixed(1)} ms`);
  }

  // Determinism: every query twice per strategy, the hit order compared.
  let orderChanges = 0;
  const order = (r: { hits: Array<{ documentId: string; chunkIndex: number }> }) =>
    r.hits.map((h) => `${h.documentId}#${h.chunkIndex}`).join(',');
  for (const strategy of STRATEGIES)
    for (const q of queries)
      if (order(await search(q.query, strategy)) !== order(await search(q.query, strategy))) orderChanges++;

  // Floors: the same queries on PostgreSQL alone, in the same run.
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  const [{ projectId }] = (await client.query(`SELECT "projectId" FROM "KnowledgeBase" WHERE id = $1`, [kb.id])).rows;
  // The floor at its best: statistics fresh (the service's searches above ran before autovacuum's).
  await client.query('ANALYZE "KbChunk"');
  const own = `SELECT "documentId", ordinal FROM "KbChunk", websearch_to_tsquery('english', $2) q
    WHERE "knowledgeBaseId" = $1 AND tsv @@ q ORDER BY ts_rank_cd(tsv, q) DESC LIMIT 5`;
  for (let i = 0; i < 5; i++) await client.query(own, [kb.id, query(i)]);
  const postgresOwnQuery = await timed(queryCount, (i) => client.query(own, [kb.id, query(i)]));
  const anyWord = `SELECT "documentId", ordinal FROM "KbChunk",
      (SELECT string_agg(quote_literal(l), ' | ')::tsquery AS q FROM unnest(tsvector_to_array(to_tsvector('english', $2))) AS l) w
    WHERE "knowledgeBaseId" = $1 AND tsv @@ w.q ORDER BY ts_rank_cd(tsv, w.q) DESC LIMIT 5`;
  for (let i = 0; i < 5; i++) await client.query(anyWord, [kb.id, query(i)]);
  const postgresAnyWordQuery = await timed(queryCount, (i) => client.query(anyWord, [kb.id, query(i)]));
  const db = createDb(opts.databaseUrl, 2);
  const direct = (i: number) =>
    fullTextSearch(db, { projectId, knowledgeBaseIds: [kb.id], language: 'english', query: query(i), limit: 5 });
  for (let i = 0; i < 5; i++) await direct(i);
  const serviceQueries = await timed(queryCount, direct);
  await db.$disconnect();

  // Recall@10 of the vector path against exact cosine in float8, computed by PostgreSQL.
  const recallQueries = queries.slice(0, 12);
  let hits = 0;
  for (const q of recallQueries) {
    const v = unitLength(hashedVector(q.query, opts.dims));
    const exact = await client.query(
      `SELECT "documentId", ordinal FROM "KbChunk" c
       WHERE "knowledgeBaseId" = $1
       ORDER BY (SELECT sum(a * b) FROM unnest(c.embedding, $2::float8[]) AS t(a, b)) DESC, "documentId" COLLATE "C", ordinal
       LIMIT 10`,
      [kb.id, v],
    );
    const want = new Set(exact.rows.map((r) => `${r.documentId}#${r.ordinal}`));
    const got = (await search(q.query, 'vector', 10)).hits.map(
      (h: { documentId: string; chunkIndex: number }) => `${h.documentId}#${h.chunkIndex}`,
    );
    hits += got.filter((k: string) => want.has(k)).length;
  }
  await client.end();
  return {
    targetChunks,
    ingestion,
    searchMs,
    floorMs: { postgresOwnQuery, postgresAnyWordQuery, serviceQueries },
    recallAt10: { queries: recallQueries.length, recall: hits / (recallQueries.length * 10) },
    orderChanges,
  };
}
