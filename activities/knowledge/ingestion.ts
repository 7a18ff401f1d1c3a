import { ApplicationFailure } from '@temporalio/activity';
import { untrustedPool } from '../../infra/isolation/untrusted-pool.js';
import type { DocumentIngestionActivities } from '../../contracts/knowledge/ingestion.js';
import type { Chunk } from '../../contracts/knowledge/chunking.js';
import type { KbDocument, KnowledgeBase } from '../../generated/prisma/client.js';
import type { Db } from '../../infra/db/prisma.js';
import type { Embed } from '../../domain/knowledge/embedder.js';
import { ensureAnnIndex } from '../../domain/knowledge/vector-index.js';
import { documentChunksTask } from './document-chunks.js';

/**
 * Characters per embeddings request (and per activity): ~64k tokens, well inside OpenAI's limits of
 * 2,048 inputs and 300k tokens a request; fewer, larger requests cut the per-batch cost (an
 * activity, a chunking pass over the document, a round trip, one INSERT).
 */
const EMBEDDING_BATCH_CHARS = 256_000;

/** Chunks per embeddings request for chunks of `chunkSize` characters: 32 (8,000) to 256 (1,000 or less). */
export const embeddingBatchSize = (chunkSize: number) =>
  Math.max(16, Math.min(256, Math.floor(EMBEDDING_BATCH_CHARS / chunkSize)));

/** How long chunking one document may take. */
const CHUNKING_TIME_MS = 60_000;

/** The count of the document's chunks, and the chunks [from, to). */
function chunksOf(
  doc: Pick<KbDocument, 'content' | 'contentType'>,
  kb: KnowledgeBase,
  from = 0,
  to = 0,
): Promise<{ count: number; chunks: Chunk[] }> {
  const input = { content: doc.content, size: kb.chunkSize, overlap: kb.chunkOverlap, from, to };
  return untrustedPool().run(
    documentChunksTask,
    { ...input, markdown: doc.contentType === 'text/markdown' },
    { projectId: kb.projectId, timeMs: CHUNKING_TIME_MS },
  );
}

/** The ingestion activities; every write is guarded by the run, so a superseded workflow changes nothing. */
export function createIngestionActivities(deps: { db: Db; embed: Embed }): DocumentIngestionActivities {
  const { db } = deps;
  const current = (documentId: string, run: number) =>
    db.kbDocument.findFirst({ where: { id: documentId, ingestionRun: run }, include: { knowledgeBase: true } });

  return {
    async startDocumentIngestion({ documentId, run, from }) {
      const doc = await current(documentId, run);
      if (!doc) return null;
      const chunkCount = (await chunksOf(doc, doc.knowledgeBase)).count;
      await db.kbDocument.updateMany({
        where: { id: documentId, ingestionRun: run },
        data: { status: 'indexing', chunkCount, error: null, ...(from === 0 ? { chunksIndexed: 0 } : {}) },
      });
      return { chunkCount, batchSize: embeddingBatchSize(doc.knowledgeBase.chunkSize) };
    },

    async indexChunkBatch({ documentId, run, from, to }) {
      const doc = await current(documentId, run);
      if (!doc) return false;
      const kb = doc.knowledgeBase;
      const { chunks } = await chunksOf(doc, kb, from, to);
      const provider = await db.aiProvider.findFirst({ where: { id: kb.aiProviderId, projectId: kb.projectId } });
      if (!provider)
        throw ApplicationFailure.create({
          type: 'EmbeddingProviderMissing',
          message: `The knowledge base's AI provider ${kb.aiProviderId} no longer exists`,
          nonRetryable: true,
        });
      const vectors = await deps.embed(
        provider,
        kb.embeddingModel,
        chunks.map((c) => c.text),
      );
      const rows = chunks.map((c, i) => ({ o: c.ordinal, s: c.start, e: c.end, t: c.text, v: vectors[i] }));
      // Keyed by (documentId, ordinal): a batch written before a crash is overwritten, never duplicated.
      // The run check in the same statement keeps a superseded workflow from writing.
      const written = await db.$executeRawUnsafe(
        `INSERT INTO "KbChunk" ("documentId", ordinal, "knowledgeBaseId", "projectId", "startOffset", "endOffset", content, embedding, tsv)
         SELECT d.id, r.o, d."knowledgeBaseId", d."projectId", r.s, r.e, r.t, r.v, to_tsvector(k.language::regconfig, r.t)
         FROM jsonb_to_recordset($1::jsonb) AS r(o int, s int, e int, t text, v float8[])
         JOIN "KbDocument" d ON d.id = $2 AND d."ingestionRun" = $3
         JOIN "KnowledgeBase" k ON k.id = d."knowledgeBaseId"
         ON CONFLICT ("documentId", ordinal) DO UPDATE SET
           "startOffset" = EXCLUDED."startOffset", "endOffset" = EXCLUDED."endOffset", content = EXCLUDED.content,
           embedding = EXCLUDED.embedding, tsv = EXCLUDED.tsv, "knowledgeBaseId" = EXCLUDED."knowledgeBaseId"`,
        JSON.stringify(rows),
        documentId,
        run,
      );
      if (written === 0 && rows.length > 0) return false;
      await db.$executeRawUnsafe(
        `UPDATE "KbDocument" SET "chunksIndexed" = GREATEST("chunksIndexed", $3), "updatedAt" = now()
         WHERE id = $1 AND "ingestionRun" = $2`,
        documentId,
        run,
        to,
      );
      return true;
    },

    async finishDocumentIngestion({ documentId, run, error }) {
      const doc = await current(documentId, run);
      if (!doc) return;
      if (error === null) {
        // Chunks beyond the new count are left from an earlier, longer chunking of the document.
        await db.kbChunk.deleteMany({ where: { documentId, ordinal: { gte: doc.chunkCount } } });
        const sample = await db.kbChunk.findFirst({ where: { documentId }, select: { embedding: true } });
        if (sample) await ensureAnnIndex(db, doc.knowledgeBaseId, sample.embedding.length);
      }
      await db.kbDocument.updateMany({
        where: { id: documentId, ingestionRun: run },
        data:
          error === null
            ? { status: 'ready', error: null, chunksIndexed: doc.chunkCount, indexedAt: new Date() }
            : { status: 'failed', error: error.slice(0, 2000) },
      });
    },
  };
}
