import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashedVector, startEmbeddingServer, type EmbeddingServer } from '../support/embedding-server.js';
import { createEmbeddingProvider, knowledgeFixtures, waitForDocument } from '../support/knowledge.js';
import { startStack, type TestStack } from '../support/stack.js';

/**
 * The pgvector path of knowledge search (ADR 0012), on the machine's PostgreSQL. pgvector is
 * optional: where the `vector` extension is not available (CI, a plain PostgreSQL) this file checks
 * the fallback instead — no extension, no HNSW index, exact search — and says so on stderr.
 */
describe('knowledge search with pgvector, when the extension is available', () => {
  let stack: TestStack;
  let embeddings: EmbeddingServer;
  let available = false;
  let kbId = '';
  const docIds = new Map<string, string>();
  const { documents, queries } = knowledgeFixtures();

  beforeAll(async () => {
    [stack, embeddings] = await Promise.all([startStack(), startEmbeddingServer()]);
    const rows = await stack.db.$queryRawUnsafe<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'vector'`,
    );
    available = (rows[0]?.n ?? 0) > 0;
    if (!available)
      process.stderr.write(
        '\n[knowledge-pgvector] pgvector is NOT installed on this PostgreSQL: the HNSW path is not exercised here; only the exact-cosine fallback is checked.\n\n',
      );
    const providerId = await createEmbeddingProvider(stack, embeddings);
    const kb = await stack.api('POST', '/v1/knowledge-bases', {
      name: 'pgvector',
      aiProviderId: providerId,
      embeddingModel: 'hashed-bow',
      chunkSize: 200,
      chunkOverlap: 40,
    });
    expect(kb.status).toBe(201);
    kbId = kb.body.id;
    for (const d of documents) {
      const res = await stack.api('POST', `/v1/knowledge-bases/${kbId}/documents`, {
        title: d.title,
        content: d.content,
      });
      expect(res.status).toBe(201);
      docIds.set(d.file, res.body.id);
    }
    for (const id of docIds.values()) expect((await waitForDocument(stack, kbId, id)).status).toBe('ready');
  }, 240_000);
  afterAll(async () => {
    await stack?.close();
    await embeddings?.close();
  });

  const indexes = async () =>
    (
      await stack.db.$queryRawUnsafe<Array<{ indexname: string; indexdef: string }>>(
        `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'KbChunk' AND indexname LIKE 'KbChunk_hnsw_%'`,
      )
    ).filter((i) => i.indexname.endsWith(kbId));

  /** The top 5 (documentId, ordinal) by exact cosine over the stored embeddings, computed here. */
  const exactTop = async (query: string) => {
    const q = hashedVector(query, embeddings.dims);
    const chunks = await stack.db.kbChunk.findMany({
      where: { knowledgeBaseId: kbId },
      select: { documentId: true, ordinal: true, embedding: true },
    });
    return chunks
      .map((c) => ({ key: `${c.documentId}:${c.ordinal}`, score: c.embedding.reduce((s, x, i) => s + x * q[i]!, 0) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 5)
      .map((c) => c.key);
  };

  it('pgvector present: the extension is created, each knowledge base gets its HNSW index, vector search goes through it and agrees with exact cosine; the index is dropped with the knowledge base — absent: exact search, no index', async () => {
    const extension = await stack.db.$queryRawUnsafe<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'vector'`,
    );
    expect(extension[0]!.n).toBe(available ? 1 : 0);
    expect((await indexes()).map((i) => i.indexdef)).toEqual(
      available ? [expect.stringMatching(/USING hnsw .*vector_cosine_ops.*WHERE .*knowledgeBaseId/)] : [],
    );

    let agreeing = 0;
    for (const q of queries) {
      const res = await stack.api('POST', `/v1/knowledge-bases/${kbId}/search`, {
        query: q.query,
        topK: 5,
        strategy: 'vector',
      });
      expect(res.status).toBe(200);
      const got = res.body.hits.map(
        (h: { documentId: string; chunkIndex: number }) => `${h.documentId}:${h.chunkIndex}`,
      );
      if (got[0] === (await exactTop(q.query))[0]) agreeing++;
    }
    // HNSW is approximate; on a corpus this small its first hit is the exact one for nearly every query.
    expect(agreeing).toBeGreaterThanOrEqual(Math.ceil(queries.length * 0.9));

    if (!available) return;
    // The planner uses the partial index for the service's query shape (sequential scans off so
    // a small table cannot make the scan cheaper).
    const v = `[${hashedVector(queries[0]!.query, embeddings.dims).join(',')}]`;
    const plan = await stack.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
      return tx.$queryRawUnsafe<Array<{ 'QUERY PLAN': string }>>(
        `EXPLAIN SELECT c."documentId" FROM "KbChunk" c WHERE c."knowledgeBaseId" = '${kbId}'
           ORDER BY c.embedding::vector(${embeddings.dims}) <=> '${v}'::vector(${embeddings.dims}) LIMIT 5`,
      );
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain(`KbChunk_hnsw_${kbId}`);

    expect((await stack.api('DELETE', `/v1/knowledge-bases/${kbId}`)).status).toBe(204);
    expect(await indexes()).toEqual([]);
  });
});
