import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddingServer, type EmbeddingServer } from '../support/embedding-server.js';
import { createEmbeddingProvider, waitForDocument } from '../support/knowledge.js';
import { startStack, type TestStack } from '../support/stack.js';

/**
 * Ranking on the real stack (docs/adr/0045): full-text by coordination level over the GIN-indexed
 * tsvector in the knowledge base's language, and one order for equal scores.
 */
describe('knowledge ranking: language, coordination levels, deterministic ties', () => {
  let stack: TestStack;
  let embeddings: EmbeddingServer;
  let providerId: string;

  const createKb = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await stack.api('POST', '/v1/knowledge-bases', {
      name,
      aiProviderId: providerId,
      embeddingModel: 'hashed-bow',
      chunkSize: 200,
      chunkOverlap: 20,
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; language: string };
  };
  const addDocs = async (kbId: string, contents: string[]) => {
    const ids: string[] = [];
    for (const [i, content] of contents.entries()) {
      const res = await stack.api('POST', `/v1/knowledge-bases/${kbId}/documents`, { title: `doc ${i}`, content });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    for (const id of ids) expect((await waitForDocument(stack, kbId, id)).status).toBe('ready');
    return ids;
  };
  const search = async (kbId: string, query: string, strategy: string, topK = 10) => {
    const res = await stack.api('POST', `/v1/knowledge-bases/${kbId}/search`, { query, strategy, topK });
    expect(res.status).toBe(200);
    return res.body.hits as Array<{ documentId: string; chunkIndex: number; score: number }>;
  };

  beforeAll(async () => {
    [stack, embeddings] = await Promise.all([startStack(), startEmbeddingServer()]);
    providerId = await createEmbeddingProvider(stack, embeddings);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await embeddings?.close();
  });

  it("full-text stems in the knowledge base's language; changing it re-indexes the documents", async () => {
    const text = 'Die alten Häuser stehen seit Jahrhunderten am Ufer des Flusses.';
    const german = await createKb('german', { language: 'german' });
    const english = await createKb('english');
    expect([german.language, english.language]).toEqual(['german', 'english']);
    const [germanDoc] = await addDocs(german.id, [text]);
    await addDocs(english.id, [text]);
    // German stemming: "Haus" and "Häuser" share the stem; the English configuration keeps "häuser".
    expect((await search(german.id, 'Haus', 'full_text')).map((h) => h.documentId)).toEqual([germanDoc]);
    expect(await search(english.id, 'Haus', 'full_text')).toEqual([]);

    const patched = await stack.api('PATCH', `/v1/knowledge-bases/${english.id}`, { language: 'german' });
    expect(patched.status).toBe(200);
    expect(patched.body.language).toBe('german');
    const docs = await stack.api('GET', `/v1/knowledge-bases/${english.id}/documents`);
    for (const d of docs.body.data) expect((await waitForDocument(stack, english.id, d.id)).status).toBe('ready');
    expect(await search(english.id, 'Haus', 'full_text')).toHaveLength(1);

    const bad = await stack.api('POST', '/v1/knowledge-bases', {
      name: 'klingon',
      aiProviderId: providerId,
      embeddingModel: 'hashed-bow',
      language: 'klingon',
    });
    expect(bad.status).toBe(400);
  });

  it('a chunk holding every query word ranks above chunks holding fewer, however often they repeat them', async () => {
    const kb = await createKb('coordination');
    const [repeats, all, one] = await addDocs(kb.id, [
      'Harbor harbor harbor lighthouse harbor lighthouse harbor lighthouse harbor lighthouse harbor.',
      'The ferry crossed at dawn. Much later, past the harbor, stood a lighthouse near the quay.',
      'A single lighthouse on a rock.',
    ]);
    const hits = await search(kb.id, 'harbor lighthouse quay', 'full_text');
    expect(hits.map((h) => h.documentId)).toEqual([all, repeats, one]);
    // The integer part of a full-text score is the number of query words the chunk holds.
    expect(hits.map((h) => Math.floor(h.score))).toEqual([3, 2, 1]);
  });

  it('equal scores come back ordered by document id, then chunk index, on every search and strategy', async () => {
    const kb = await createKb('ties');
    const ids = await addDocs(
      kb.id,
      ['alpha', 'bravo', 'charlie', 'delta', 'echo'].map((w) => `Granite quarry tools. (${w})`),
    );
    const byteOrder = [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const strategy of ['full_text', 'vector', 'hybrid']) {
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push((await search(kb.id, 'granite quarry', strategy)).map((h) => h.documentId));
      expect(runs[1]).toEqual(runs[0]);
      expect(runs[2]).toEqual(runs[0]);
      if (strategy === 'full_text') expect(runs[0]).toEqual(byteOrder);
    }
  });
});
