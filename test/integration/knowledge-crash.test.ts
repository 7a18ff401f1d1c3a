import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddingBatchSize } from '../../activities/knowledge/ingestion.js';
import { startEmbeddingServer, type EmbeddingServer } from '../support/embedding-server.js';
import { createEmbeddingProvider, knowledgeFixtures, waitForDocument } from '../support/knowledge.js';
import { startStack, type TestStack } from '../support/stack.js';

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The api and the worker run as separate OS processes, so the worker can be SIGKILLed mid-document. */
describe('document ingestion survives kill -9 of the worker', () => {
  let stack: TestStack;
  let embeddings: EmbeddingServer;

  beforeAll(async () => {
    [stack, embeddings] = await Promise.all([startStack({ mode: 'processes' }), startEmbeddingServer()]);
  });
  afterAll(async () => {
    await stack?.close();
    await embeddings?.close();
  });

  it('a worker killed while embedding a batch: the batch is retried, the document ends ready, no duplicate chunks', async () => {
    const providerId = await createEmbeddingProvider(stack, embeddings);
    const kb = await stack.api('POST', '/v1/knowledge-bases', {
      name: 'crash',
      aiProviderId: providerId,
      embeddingModel: 'hashed-bow',
      chunkSize: 200,
      chunkOverlap: 40,
    });
    // One large document: every fixture article in a row (several embedding batches).
    const articles = knowledgeFixtures()
      .documents.map((d) => d.content)
      .join('\n\n');
    const content = [1, 2, 3, 4].map((part) => `Part ${part}\n\n${articles}`).join('\n\n');
    const batch = embeddingBatchSize(200);
    embeddings.holdAfter(2); // batches 0 and 1 are embedded; the third request waits
    const created = await stack.api('POST', `/v1/knowledge-bases/${kb.body.id}/documents`, {
      title: 'Everything',
      content,
    });
    expect(created.status).toBe(201);
    const docId = created.body.id as string;
    await until(() => embeddings.held === 1, 'the third embedding request');
    const mid = await stack.api('GET', `/v1/knowledge-bases/${kb.body.id}/documents/${docId}`);
    expect(mid.body.status).toBe('indexing');
    expect(mid.body.chunksIndexed).toBe(2 * batch);
    expect(mid.body.chunkCount).toBeGreaterThan(2 * batch);

    await stack.stopWorker(); // SIGKILL while the batch's embeddings request is open
    embeddings.release();
    await stack.startWorker();

    const doc = await waitForDocument(stack, kb.body.id, docId, 120_000);
    expect(doc.status).toBe('ready');
    expect(doc.chunksIndexed).toBe(doc.chunkCount);
    const rows = await stack.db.kbChunk.findMany({ where: { documentId: docId }, select: { ordinal: true } });
    expect(rows.map((r) => r.ordinal).sort((a, b) => a - b)).toEqual([...Array(doc.chunkCount).keys()]);
    // The interrupted batch was sent again: one more request than there are batches.
    expect(embeddings.requests).toBe(Math.ceil(doc.chunkCount / batch) + 1);
    const hits = await stack.api('POST', `/v1/knowledge-bases/${kb.body.id}/search`, {
      query: 'emperor penguin huddle',
      topK: 1,
    });
    expect(hits.body.hits[0].documentId).toBe(docId);
  });
});
