import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider } from '../support/fixtures.js';
import { startEmbeddingServer, type EmbeddingServer } from '../support/embedding-server.js';
import { createEmbeddingProvider, knowledgeFixtures, waitForDocument } from '../support/knowledge.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { callAs, createProjectWithKey, expectError } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

describe('knowledge bases (real Temporal, PostgreSQL, embeddings over HTTP)', () => {
  let stack: TestStack;
  let embeddings: EmbeddingServer;
  let model: ModelServer;
  let embeddingProviderId: string;
  let kbId: string;
  const docIds = new Map<string, string>();
  const { documents, queries } = knowledgeFixtures();

  beforeAll(async () => {
    [stack, embeddings, model] = await Promise.all([startStack(), startEmbeddingServer(), startModelServer()]);
    embeddingProviderId = await createEmbeddingProvider(stack, embeddings);
    const kb = await stack.api('POST', '/v1/knowledge-bases', {
      name: 'encyclopedia',
      description: 'Short articles on science, history and culture',
      aiProviderId: embeddingProviderId,
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
        contentType: 'text/markdown',
        metadata: { file: d.file },
      });
      expect(res.status).toBe(201);
      expect(res.body.status).toBe('pending');
      docIds.set(d.file, res.body.id);
    }
    for (const id of docIds.values()) expect((await waitForDocument(stack, kbId, id)).status).toBe('ready');
  }, 240_000);
  afterAll(async () => {
    await stack?.close();
    await embeddings?.close();
    await model?.close();
  });

  it('ingests every document into overlapping chunks with offsets into its content', async () => {
    const kb = await stack.api('GET', `/v1/knowledge-bases/${kbId}`);
    expect(kb.body).toMatchObject({ documentCount: documents.length, retrievalStrategy: 'hybrid' });
    expect(kb.body.chunkCount).toBeGreaterThanOrEqual(180);
    const doc = await stack.api('GET', `/v1/knowledge-bases/${kbId}/documents/${docIds.get('tcp.md')}`);
    expect(doc.body).toMatchObject({ status: 'ready', title: 'How TCP Works', contentType: 'text/markdown' });
    expect(doc.body.chunksIndexed).toBe(doc.body.chunkCount);
    const chunks = await stack.db.kbChunk.findMany({ where: { documentId: doc.body.id }, orderBy: { ordinal: 'asc' } });
    expect(chunks).toHaveLength(doc.body.chunkCount);
    for (const c of chunks) {
      expect(c.content).toBe(doc.body.content.slice(c.startOffset, c.endOffset));
      expect(c.embedding).toHaveLength(embeddings.dims);
    }
    expect(chunks[1]!.startOffset).toBeLessThan(chunks[0]!.endOffset);
  });

  it('full-text, vector and hybrid each find the expected article in the top 5 (recall@5 reported)', async () => {
    const recall: Record<string, number> = {};
    for (const strategy of ['full_text', 'vector', 'hybrid'] as const) {
      let found = 0;
      const misses: string[] = [];
      for (const q of queries) {
        const res = await stack.api('POST', `/v1/knowledge-bases/${kbId}/search`, {
          query: q.query,
          topK: 5,
          strategy,
        });
        expect(res.status).toBe(200);
        expect(res.body.strategy).toBe(strategy);
        expect(res.body.hits.length).toBeLessThanOrEqual(5);
        if (res.body.hits.some((h: { documentId: string }) => h.documentId === docIds.get(q.expected))) found++;
        else misses.push(q.query);
      }
      recall[strategy] = found / queries.length;
      console.log(
        `recall@5 ${strategy}: ${found}/${queries.length} = ${recall[strategy]!.toFixed(3)}${misses.length ? ` (missed: ${misses.join(' | ')})` : ''}`,
      );
    }
    expect(recall.full_text).toBeGreaterThanOrEqual(0.9);
    expect(recall.vector).toBeGreaterThanOrEqual(0.8);
    expect(recall.hybrid).toBeGreaterThanOrEqual(0.9);
  });

  it('hits carry citations: document id and title, chunk offsets, excerpt, score and per-list ranks', async () => {
    const res = await stack.api('POST', `/v1/knowledge-bases/${kbId}/search`, {
      query: 'three-way handshake SYN',
      topK: 3,
    });
    expect(res.body.strategy).toBe('hybrid');
    const [top] = res.body.hits;
    expect(top).toMatchObject({
      knowledgeBaseId: kbId,
      knowledgeBaseName: 'encyclopedia',
      documentId: docIds.get('tcp.md'),
      documentTitle: 'How TCP Works',
    });
    expect(top.excerpt).toMatch(/handshake/i);
    const content = documents.find((d) => d.file === 'tcp.md')!.content;
    expect(content.slice(top.startOffset, top.endOffset).trim()).toBe(top.excerpt);
    // Found by both lists; full-text alone also ranks a chunk of the TCP article first.
    expect(top.ranks.fullText).toBeGreaterThanOrEqual(1);
    expect(top.ranks.vector).toBeGreaterThanOrEqual(1);
    const text = await stack.api('POST', `/v1/knowledge-bases/${kbId}/search`, {
      query: 'three-way handshake SYN',
      strategy: 'full_text',
    });
    expect(text.body.hits[0].documentId).toBe(docIds.get('tcp.md'));
    expect(top.score).toBeGreaterThan(0);
    // Scores are non-increasing.
    const scores = res.body.hits.map((h: { score: number }) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('re-adding the same content returns the existing document (200), nothing re-ingested', async () => {
    const before = embeddings.embedded;
    const d = documents[0]!;
    const res = await stack.api('POST', `/v1/knowledge-bases/${kbId}/documents`, {
      title: 'another title',
      content: d.content,
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(docIds.get(d.file));
    expect(res.body.title).toBe(d.title);
    expect(embeddings.embedded).toBe(before);
  });

  it('deleting a document removes its chunks and its hits', async () => {
    const res = await stack.api('POST', `/v1/knowledge-bases/${kbId}/documents`, {
      title: 'Temporary note',
      content: 'The zyxquorp protocol is a made-up word used only by this test document.',
    });
    expect(res.status).toBe(201);
    const doc = await waitForDocument(stack, kbId, res.body.id);
    expect(doc.chunkCount).toBe(1);
    const search = () =>
      stack.api('POST', `/v1/knowledge-bases/${kbId}/search`, { query: 'zyxquorp', strategy: 'full_text' });
    expect((await search()).body.hits.map((h: { documentId: string }) => h.documentId)).toEqual([doc.id]);
    expect((await stack.api('DELETE', `/v1/knowledge-bases/${kbId}/documents/${doc.id}`)).status).toBe(204);
    expect(await stack.db.kbChunk.count({ where: { documentId: doc.id } })).toBe(0);
    expect((await search()).body.hits).toEqual([]);
    expectError(await stack.api('GET', `/v1/knowledge-bases/${kbId}/documents/${doc.id}`), 404, 'not_found');
  });

  it('re-indexing a document runs a new ingestion that ends ready with the same chunks', async () => {
    const id = docIds.get('jazz.md')!;
    const before = await stack.db.kbChunk.count({ where: { documentId: id } });
    const embeddedBefore = embeddings.embedded;
    const res = await stack.api('POST', `/v1/knowledge-bases/${kbId}/documents/${id}/reindex`);
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('pending');
    const doc = await waitForDocument(stack, kbId, id);
    expect(doc.status).toBe('ready');
    expect(await stack.db.kbChunk.count({ where: { documentId: id } })).toBe(before);
    expect(embeddings.embedded - embeddedBefore).toBe(before);
  });

  it('a provider that refuses the embedding model fails the document with its message', async () => {
    const kb = await stack.api('POST', '/v1/knowledge-bases', {
      name: 'broken',
      aiProviderId: embeddingProviderId,
      embeddingModel: 'missing-model',
      retrievalStrategy: 'vector',
    });
    const res = await stack.api('POST', `/v1/knowledge-bases/${kb.body.id}/documents`, {
      title: 't',
      content: 'some words to embed',
    });
    const doc = await waitForDocument(stack, kb.body.id, res.body.id);
    expect(doc.status).toBe('failed');
    expect(doc.error).toMatch(/404.*missing-model/);
    expectError(
      await stack.api('POST', `/v1/knowledge-bases/${kb.body.id}/search`, { query: 'words' }),
      502,
      'upstream_error',
    );
    expect((await stack.api('DELETE', `/v1/knowledge-bases/${kb.body.id}`)).status).toBe(204);
  });

  it('bad input is a 4xx that changes nothing', async () => {
    expectError(
      await stack.api('POST', '/v1/knowledge-bases', {
        name: 'x',
        aiProviderId: embeddingProviderId,
        embeddingModel: 'm',
        chunkSize: 400,
        chunkOverlap: 200,
      }),
      422,
      'unprocessable',
    );
    expectError(
      await stack.api('POST', '/v1/knowledge-bases', {
        name: 'encyclopedia',
        aiProviderId: embeddingProviderId,
        embeddingModel: 'm',
      }),
      409,
      'conflict',
    );
    expectError(
      await stack.api('POST', '/v1/knowledge-bases', {
        name: 'ghost provider',
        aiProviderId: 'aip_doesnotexist1',
        embeddingModel: 'm',
      }),
      422,
    );
    expectError(await stack.api('POST', `/v1/knowledge-bases/${kbId}/search`, { query: '' }), 400);
    expectError(await stack.api('POST', `/v1/knowledge-bases/${kbId}/search`, { query: 'x', topK: 51 }), 400);
    expectError(await stack.api('POST', `/v1/knowledge-bases/${kbId}/documents`, { title: 't' }), 400);
    // A path id without its kind's shape names nothing: 404 (ADR 0015, issue 48).
    expectError(await stack.api('GET', '/v1/knowledge-bases/not-an-id'), 404, 'not_found');
  });

  it('tenant isolation: another project sees no knowledge base, document or hit, and cannot link them', async () => {
    const other = await createProjectWithKey(stack);
    const docId = docIds.get('tcp.md')!;
    expectError(await callAs(stack, other.key, 'GET', `/v1/knowledge-bases/${kbId}`), 404, 'not_found');
    expectError(
      await callAs(stack, other.key, 'POST', `/v1/knowledge-bases/${kbId}/search`, { query: 'TCP' }),
      404,
      'not_found',
    );
    expectError(
      await callAs(stack, other.key, 'GET', `/v1/knowledge-bases/${kbId}/documents/${docId}`),
      404,
      'not_found',
    );
    expectError(await callAs(stack, other.key, 'DELETE', `/v1/knowledge-bases/${kbId}`), 404, 'not_found');
    expect((await callAs(stack, other.key, 'GET', '/v1/knowledge-bases')).body.data).toEqual([]);
    const otherProvider = await createEmbeddingProvider(stack, embeddings, other.key);
    // Its own knowledge base with the same name is fine, and searching it finds nothing of ours.
    const own = await callAs(stack, other.key, 'POST', '/v1/knowledge-bases', {
      name: 'encyclopedia',
      aiProviderId: otherProvider,
      embeddingModel: 'hashed-bow',
    });
    expect(own.status).toBe(201);
    const hits = await callAs(stack, other.key, 'POST', `/v1/knowledge-bases/${own.body.id}/search`, {
      query: 'three-way handshake',
    });
    expect(hits.body.hits).toEqual([]);
    // Linking our knowledge base to their agent is refused.
    const agent = await callAs(stack, other.key, 'POST', '/v1/agents', {
      name: 'thief',
      aiProviderId: otherProvider,
      knowledgeBaseIds: [kbId],
    });
    expectError(agent, 422);
    expect(agent.body.error.details.path).toBe('body.knowledgeBaseIds');
  });

  it('a generation answers from the knowledge base with a citation; the trace shows the hits', async () => {
    const chatProvider = await createProvider(stack, model);
    const agentId = await createAgent(stack, {
      aiProviderId: chatProvider,
      instructions: 'Answer from the knowledge base and cite the document.',
      knowledgeBaseIds: [kbId],
    });
    const agent = await stack.api('GET', `/v1/agents/${agentId}`);
    expect(agent.body.knowledgeBaseIds).toEqual([kbId]);
    let citedId = '';
    model.script(
      // Specific words: a vaguer question ties with TCP chunks in full-text rank, and ties fall to
      // the (random) document ids, so the top hit would change from run to run.
      call('knowledge_search', { query: 'honeybee waggle dance tells distance to flowers', topK: 3 }),
      (req) => {
        const result = JSON.parse(req.messages.find((m: { role: string }) => m.role === 'tool').content);
        const top = result.hits[0];
        citedId = top.documentId;
        return { text: `Bees use the waggle dance [${top.documentTitle}](${top.documentId}).` };
      },
    );
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'How do bees tell distance?' });
    expect(res.body.status).toBe('completed');
    expect(citedId).toBe(docIds.get('honeybees.md'));
    expect(res.body.text).toContain(docIds.get('honeybees.md'));
    // The model was offered the builtin with its schema (one knowledge base: no name filter).
    const offered = model.requests[0]!.tools!.find(
      (t: { function: { name: string } }) => t.function.name === 'knowledge_search',
    );
    expect(offered.function.parameters.required).toEqual(['query']);
    expect(offered.function.parameters.properties.knowledgeBaseNames).toBeUndefined();
    const observe = res.body.steps.find((s: { type: string }) => s.type === 'observe');
    expect(observe).toMatchObject({ toolName: 'knowledge_search', status: 'success' });
    expect(observe.result.hits).toHaveLength(3);
    expect(observe.result.hits[0]).toMatchObject({
      documentTitle: 'Honeybees and the Hive',
      knowledgeBase: 'encyclopedia',
    });
  });

  it('knowledgeBaseNames narrows the search; unknown names are a tool error the model sees; linked KBs cannot be deleted', async () => {
    const chatProvider = await createProvider(stack, model);
    const second = await stack.api('POST', '/v1/knowledge-bases', {
      name: 'notes',
      aiProviderId: embeddingProviderId,
      embeddingModel: 'hashed-bow',
      retrievalStrategy: 'full_text',
    });
    const note = await stack.api('POST', `/v1/knowledge-bases/${second.body.id}/documents`, {
      title: 'Beekeeping notes',
      content: 'Our hive waggle dance observations: bees danced for the clover field.',
    });
    await waitForDocument(stack, second.body.id, note.body.id);
    const agentId = await createAgent(stack, {
      aiProviderId: chatProvider,
      knowledgeBaseIds: [kbId, second.body.id],
    });
    model.reset();
    model.script(
      call('knowledge_search', { query: 'waggle dance', knowledgeBaseNames: ['notes'] }, 'c1'),
      call('knowledge_search', { query: 'waggle dance', knowledgeBaseNames: ['nope'] }, 'c2'),
      { text: 'done' },
    );
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'waggle?' });
    expect(res.body.status).toBe('completed');
    const offered = model.requests[0]!.tools!.find(
      (t: { function: { name: string } }) => t.function.name === 'knowledge_search',
    );
    expect(offered.function.parameters.properties.knowledgeBaseNames.items.enum).toEqual(['encyclopedia', 'notes']);
    const observes = res.body.steps.filter((s: { type: string }) => s.type === 'observe');
    expect(observes[0].result.hits.map((h: { knowledgeBase: string }) => h.knowledgeBase)).toEqual(['notes']);
    expect(observes[1]).toMatchObject({ status: 'error' });
    expect(observes[1].result.error).toMatch(/Unknown knowledge base names: nope/);
    expect(observes[1].result.available).toEqual(['encyclopedia', 'notes']);

    const del = await stack.api('DELETE', `/v1/knowledge-bases/${second.body.id}`);
    expectError(del, 409, 'conflict');
    expect(del.body.error.details.agents).toEqual([agentId]);
  });
});
