import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddingServer, type EmbeddingServer } from '../support/embedding-server.js';
import { createEmbeddingProvider, waitForDocument } from '../support/knowledge.js';
import { createProjectWithKey } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';
import { ingestionWorkflowId } from '../../contracts/knowledge/ingestion.js';

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Ingestion under a per-project share (docs/knowledge-bases.md, "Ingestion"): every ingestion
 * workflow carries its project as the Temporal fairness key, so a backlog of one project's documents
 * is dispatched in turn with another project's, not ahead of it. The worker has one activity slot,
 * held by the first document's embedding call while the others are added, so every activity they
 * schedule waits in the queue's backlog.
 */
describe('ingestion: one project’s backlog does not hold back another project’s document', () => {
  let stack: TestStack;
  let embeddings: EmbeddingServer;

  beforeAll(async () => {
    [stack, embeddings] = await Promise.all([startStack({ maxConcurrentActivities: 1 }), startEmbeddingServer()]);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await embeddings?.close();
  });

  it('a document added after twelve of another project is ready among the first, not last', async () => {
    const other = await createProjectWithKey(stack, 'small tenant');
    const kbOf = async (key: string) => {
      const providerId = await createEmbeddingProvider(stack, embeddings, key);
      const kb = await stack.api(
        'POST',
        '/v1/knowledge-bases',
        { name: 'kb', aiProviderId: providerId, embeddingModel: 'hashed-bow', chunkSize: 200, chunkOverlap: 20 },
        { authorization: `Bearer ${key}` },
      );
      expect(kb.status).toBe(201);
      return kb.body.id as string;
    };
    const [bigKb, smallKb] = [await kbOf(stack.apiKey), await kbOf(other.key)];
    const add = async (kbId: string, key: string, i: number) => {
      const res = await stack.api(
        'POST',
        `/v1/knowledge-bases/${kbId}/documents`,
        { title: `doc ${i}`, content: `Document ${i} of a tenant: harbour, lighthouse and quay ${i}.` },
        { authorization: `Bearer ${key}` },
      );
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    // The first document's embedding request is held: its batch keeps the worker's one activity
    // slot, so every activity the other documents schedule waits in the task queue's backlog.
    embeddings.holdAfter(0);
    const big = [await add(bigKb, stack.apiKey, 0)];
    await until(() => embeddings.held === 1);
    for (let i = 1; i < 12; i++) big.push(await add(bigKb, stack.apiKey, i));
    const small = await add(smallKb, other.key, 99);
    // Every other document's first activity is scheduled (and so queued) before the slot frees.
    await until(async () => {
      const pending = await Promise.all(
        [...big.slice(1), small].map(async (id) => {
          const d = await stack.temporal.workflow.getHandle(ingestionWorkflowId(id, 1)).describe();
          return d.raw.pendingActivities?.length ?? 0;
        }),
      );
      return pending.every((n) => n > 0);
    });
    embeddings.release();

    const ready = new Map<string, number>();
    for (const id of big) ready.set(id, Date.parse((await waitForDocument(stack, bigKb, id, 120_000)).indexedAt));
    const smallDoc = await stack.api('GET', `/v1/knowledge-bases/${smallKb}/documents/${small}`, undefined, {
      authorization: `Bearer ${other.key}`,
    });
    expect(smallDoc.body.status).toBe('ready');
    const smallAt = Date.parse(smallDoc.body.indexedAt);
    // First come, first served would finish it last, after all twelve.
    const bigBefore = [...ready.values()].filter((at) => at < smallAt).length;
    expect(bigBefore, `${bigBefore} of twelve were ready first`).toBeLessThanOrEqual(4);
  }, 180_000);
});
