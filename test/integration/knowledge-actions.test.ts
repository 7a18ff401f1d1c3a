import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startEmbeddingServer, type EmbeddingServer } from '../support/embedding-server.js';
import { createEmbeddingProvider, waitForDocument } from '../support/knowledge.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { createProjectWithKey, mintKey } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

/** Seed 001's own example: a platform tool with ["search-documents", "get-document"], and the same over /mcp. */
describe('knowledge-base platform actions', () => {
  let stack: TestStack;
  let model: ModelServer;
  let embeddings: EmbeddingServer;
  let providerId: string;
  let kbId: string;
  let docId: string;

  beforeAll(async () => {
    [stack, model, embeddings] = await Promise.all([startStack(), startModelServer(), startEmbeddingServer()]);
    providerId = await createProvider(stack, model);
    const embeddingProvider = await createEmbeddingProvider(stack, embeddings);
    const kb = await stack.api('POST', '/v1/knowledge-bases', {
      name: 'handbook',
      aiProviderId: embeddingProvider,
      embeddingModel: 'hashed-bow',
      chunkSize: 200,
      chunkOverlap: 20,
    });
    kbId = kb.body.id;
    const doc = await stack.api('POST', `/v1/knowledge-bases/${kbId}/documents`, {
      title: 'Refund policy',
      content: 'Refunds are paid within fourteen days of the return reaching the warehouse.',
    });
    docId = doc.body.id;
    expect((await waitForDocument(stack, kbId, docId)).status).toBe('ready');
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await embeddings?.close();
  });
  beforeEach(() => model.reset());

  it('an agent searches documents and reads one through its platform tool', async () => {
    const toolId = await createTool(stack, {
      type: 'platform',
      name: 'kb',
      actions: ['search-documents', 'get-document'],
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    model.script(
      call('kb_search_documents', { knowledgeBaseId: kbId, query: 'when are refunds paid', strategy: 'full_text' }),
      call('kb_get_document', { knowledgeBaseId: kbId, documentId: docId }),
      { text: 'Within fourteen days.' },
    );
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'When are refunds paid?' });
    expect(res.body).toMatchObject({ status: 'completed', text: 'Within fourteen days.' });
    const hits = JSON.parse(String(model.requests[1]!.messages.at(-1)!.content));
    expect(hits.hits[0]).toMatchObject({ documentId: docId, documentTitle: 'Refund policy' });
    const doc = JSON.parse(String(model.requests[2]!.messages.at(-1)!.content));
    expect(doc).toMatchObject({ id: docId, content: expect.stringContaining('fourteen days') });
  });

  it('checked like the REST endpoints: a key without knowledgeBases:GetDocument is denied; another project finds nothing', async () => {
    const searchOnly = await mintKey(stack, [
      { effect: 'Allow', action: ['knowledgeBases:SearchKnowledgeBase'], resource: ['*'] },
    ]);
    const other = await createProjectWithKey(stack);
    const connect = async (key: string) => {
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${stack.url}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${key}` } },
        }),
      );
      return client;
    };
    const limited = await connect(searchOnly.key);
    const names = (await limited.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['search_documents', 'get_document', 'list_documents']));
    const found = await limited.callTool({
      name: 'search_documents',
      arguments: { knowledgeBaseId: kbId, query: 'refunds warehouse', strategy: 'vector' },
    });
    expect(found.isError).toBeFalsy();
    expect(JSON.parse((found.content as Array<{ text: string }>)[0]!.text).hits[0].documentId).toBe(docId);
    const denied = await limited.callTool({
      name: 'get_document',
      arguments: { knowledgeBaseId: kbId, documentId: docId },
    });
    expect(denied.isError).toBe(true);
    await limited.close();

    const stranger = await connect(other.key);
    const nothing = await stranger.callTool({
      name: 'get_document',
      arguments: { knowledgeBaseId: kbId, documentId: docId },
    });
    expect(nothing.isError).toBe(true);
    expect((nothing.content as Array<{ text: string }>)[0]!.text).toMatch(/not found/i);
    await stranger.close();
  });
});
