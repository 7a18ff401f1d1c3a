import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, observeOf } from '../support/fixtures.js';
import { startEmbeddingServer, type EmbeddingServer } from '../support/embedding-server.js';
import { createEmbeddingProvider, waitForDocument } from '../support/knowledge.js';
import { startModelServer, type ModelServer, type ScriptedReply } from '../support/model-server.js';
import { callAs, createProjectWithKey, expectStatus } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

type Call = { id: string; name: string; arguments: Record<string, unknown> };
/** One model step calling several tools at once (reads run side by side; no call depends on another). */
const step = (...toolCalls: Call[]): ScriptedReply => ({ text: '', toolCalls });
const c = (id: string, name: string, args: Record<string, unknown>): Call => ({ id, name, arguments: args });

/**
 * Platform actions on a knowledge base's documents, the project's stored files and its sessions,
 * run by agents through platform tools (the worker's side), each under caller ∩ boundary policy.
 */
describe('platform actions on documents, files and sessions (agents)', () => {
  let stack: TestStack;
  let model: ModelServer;
  let embeddings: EmbeddingServer;
  let dataDir: string;
  let providerId: string;
  let kbId: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'da-platform-data-'));
    [stack, model, embeddings] = await Promise.all([
      startStack({ env: { DATA_DIR: dataDir } }),
      startModelServer(),
      startEmbeddingServer(),
    ]);
    providerId = await createProvider(stack, model);
    const kb = await stack.api('POST', '/v1/knowledge-bases', {
      name: 'handbook',
      aiProviderId: await createEmbeddingProvider(stack, embeddings),
      embeddingModel: 'hashed-bow',
      chunkSize: 200,
      chunkOverlap: 20,
    });
    kbId = kb.body.id;
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await embeddings?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => model.reset());

  /** An agent with one platform tool `p` of these actions, run once on the script. */
  async function run(actions: string[], script: ScriptedReply[], extra: Record<string, unknown> = {}) {
    const toolId = await createTool(stack, { type: 'platform', name: 'p', actions });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId], ...extra });
    model.script(...script, { text: 'done' });
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'go' });
    expect(res.body.status, JSON.stringify(res.body)).toBe('completed');
    return res.body;
  }

  it("seed 001's example tool is accepted; create-document starts ingestion like POST …/documents, delete-document removes it", async () => {
    const seed = await stack.api('POST', '/v1/tools', {
      type: 'soat',
      name: 'docs',
      actions: ['search-documents', 'get-document'],
    });
    expectStatus(seed, 201);
    expect(seed.body).toMatchObject({ type: 'platform', actions: ['search-documents', 'get-document'] });

    const content = 'Parcels to Norway leave the warehouse every Tuesday and arrive within five days.';
    const created = await run(
      ['create-document', 'delete-document', 'search-documents'],
      [
        call(
          'p_create_document',
          { knowledgeBaseId: kbId, title: 'Shipping', content, contentType: 'text/markdown' },
          'c1',
        ),
      ],
    );
    const doc = observeOf(created, 'c1');
    expect(doc).toMatchObject({
      status: 'success',
      result: {
        knowledgeBaseId: kbId,
        title: 'Shipping',
        contentType: 'text/markdown',
        status: 'pending',
        created: true,
      },
    });
    // The worker started the ingestion workflow: the document becomes searchable.
    expect((await waitForDocument(stack, kbId, doc.result.id)).status).toBe('ready');

    const again = await run(
      ['create-document', 'delete-document', 'search-documents'],
      [
        call('p_create_document', { knowledgeBaseId: kbId, title: 'Copy', content }, 'c1'),
        call(
          'p_search_documents',
          { knowledgeBaseId: kbId, query: 'parcels Norway Tuesday', strategy: 'full_text' },
          'c2',
        ),
        call('p_delete_document', { knowledgeBaseId: kbId, documentId: doc.result.id }, 'c3'),
        call('p_delete_document', { knowledgeBaseId: kbId, documentId: doc.result.id }, 'c4'),
      ],
    );
    // The same content is the same document (as the REST endpoint's 200).
    expect(observeOf(again, 'c1').result).toMatchObject({ id: doc.result.id, created: false });
    expect(observeOf(again, 'c2').result.hits[0]).toMatchObject({ documentId: doc.result.id });
    expect(observeOf(again, 'c3')).toMatchObject({ status: 'success', result: { id: doc.result.id, deleted: true } });
    expect(observeOf(again, 'c4')).toMatchObject({ status: 'error', result: { error: 'Document not found' } });
    expectStatus(await stack.api('GET', `/v1/knowledge-bases/${kbId}/documents/${doc.result.id}`), 404);
  });

  it("document actions: the REST body schema, a boundary Deny, and another project's knowledge base", async () => {
    const other = await createProjectWithKey(stack);
    const otherKb = await callAs(stack, other.key, 'POST', '/v1/knowledge-bases', {
      name: 'theirs',
      aiProviderId: await createEmbeddingProvider(stack, embeddings, other.key),
      embeddingModel: 'hashed-bow',
    });
    expectStatus(otherKb, 201);
    const before = await stack.db.kbDocument.count();
    const body = await run(
      ['create-document', 'delete-document'],
      [
        call('p_create_document', { knowledgeBaseId: kbId, title: 'x', content: 'y' }, 'c1'),
        call('p_create_document', { knowledgeBaseId: otherKb.body.id, title: 'x', content: 'z' }, 'c2'),
      ],
      {
        boundaryPolicy: {
          statements: [
            { effect: 'Allow', action: ['*'], resource: ['*'] },
            { effect: 'Deny', action: ['knowledgeBases:CreateDocument'], resource: [`*:knowledge-bases/${kbId}/*`] },
          ],
        },
      },
    );
    expect(observeOf(body, 'c1')).toMatchObject({
      status: 'denied',
      result: { error: expect.stringMatching(/boundary policy/) },
    });
    expect(observeOf(body, 'c2')).toMatchObject({ status: 'error', result: { error: 'Knowledge base not found' } });
    const invalid = await run(
      ['create-document'],
      [call('p_create_document', { knowledgeBaseId: kbId, title: 'x', content: 'y', contentType: 'text/html' }, 'c1')],
    );
    expect(observeOf(invalid, 'c1')).toMatchObject({
      status: 'error',
      result: { error: expect.stringMatching(/^Invalid arguments: contentType/) },
    });
    expect(await stack.db.kbDocument.count()).toBe(before);
  });

  it('file actions: create, list, search by name, read, delete in the bucket the storage builtins use', async () => {
    const actions = ['create-file', 'list-files', 'search-files', 'get-file', 'delete-file'];
    const body = await run(actions, [
      step(
        c('w1', 'p_create_file', { path: 'notes/Q3-Report.md', content: '# Q3\nrevenue up' }),
        c('w2', 'p_create_file', { path: 'notes/todo.txt', content: 'ship it' }),
        c('w3', 'p_create_file', { path: 'readme.txt', content: 'hello' }),
      ),
      step(
        c('w4', 'p_create_file', { path: 'readme.txt', content: 'replaced?' }),
        c('w5', 'p_create_file', { path: 'notes/todo.txt', content: 'ship it now', overwrite: true }),
        c('w6', 'p_create_file', { path: '../escape.txt', content: 'x' }),
      ),
      step(
        c('r1', 'p_list_files', { prefix: 'notes/' }),
        c('r2', 'p_list_files', { limit: 1 }),
        c('r3', 'p_search_files', { query: 'report' }),
        c('r4', 'p_get_file', { path: 'notes/todo.txt' }),
        c('r5', 'p_get_file', { path: 'missing.txt' }),
      ),
      step(c('d1', 'p_delete_file', { path: 'readme.txt' }), c('d2', 'p_delete_file', { path: 'nothing.txt' })),
    ]);
    const file = (path: string) => join(dataDir, 'storage', stack.projectId, 'default', path);
    for (const id of ['w1', 'w2', 'w3', 'w5']) expect(observeOf(body, id).status, id).toBe('success');
    expect(observeOf(body, 'w4')).toMatchObject({
      status: 'error',
      result: { error: expect.stringMatching(/already exists/) },
    });
    expect(observeOf(body, 'w6')).toMatchObject({
      status: 'error',
      result: { error: expect.stringMatching(/^Refused: /) },
    });
    expect(existsSync(join(dataDir, 'storage', stack.projectId, 'escape.txt'))).toBe(false);
    expect(readFileSync(file('notes/todo.txt'), 'utf8')).toBe('ship it now');

    const paths = (id: string) => observeOf(body, id).result.files.map((f: { path: string }) => f.path);
    expect(paths('r1')).toEqual(['notes/Q3-Report.md', 'notes/todo.txt']);
    expect(observeOf(body, 'r2').result).toMatchObject({
      files: [{ path: 'notes/Q3-Report.md' }],
      total: 3,
      hasMore: true,
    });
    expect(paths('r3')).toEqual(['notes/Q3-Report.md']);
    expect(observeOf(body, 'r4').result).toMatchObject({ path: 'notes/todo.txt', content: 'ship it now', size: 11 });
    expect(observeOf(body, 'r5')).toMatchObject({ status: 'error', result: { error: 'File not found' } });
    expect(observeOf(body, 'd1')).toMatchObject({ status: 'success', result: { path: 'readme.txt', deleted: true } });
    expect(existsSync(file('readme.txt'))).toBe(false);
    expect(observeOf(body, 'd2')).toMatchObject({ status: 'error', result: { error: 'File not found' } });
  });

  it('file actions: binary files answer a download URL; a boundary Deny on one folder refuses deleting there', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    mkdirSync(join(dataDir, 'storage', stack.projectId, 'default', 'keep'), { recursive: true });
    writeFileSync(join(dataDir, 'storage', stack.projectId, 'default', 'keep', 'blob.bin'), bytes);
    const body = await run(
      ['get-file', 'delete-file'],
      [step(c('g1', 'p_get_file', { path: 'keep/blob.bin' }), c('d1', 'p_delete_file', { path: 'keep/blob.bin' }))],
      {
        boundaryPolicy: {
          statements: [
            { effect: 'Allow', action: ['files:*'], resource: ['*'] },
            { effect: 'Deny', action: ['files:DeleteFile'], resource: ['*:files/keep/*'] },
          ],
        },
      },
    );
    const got = observeOf(body, 'g1').result;
    expect(got).toMatchObject({
      path: 'keep/blob.bin',
      size: 5,
      binary: true,
      url: expect.stringContaining('/v1/storage/download?'),
    });
    const download = await fetch(new URL(got.url, stack.url));
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    expect(observeOf(body, 'd1')).toMatchObject({
      status: 'denied',
      result: { error: expect.stringMatching(/files:DeleteFile/) },
    });
    expect(existsSync(join(dataDir, 'storage', stack.projectId, 'default', 'keep', 'blob.bin'))).toBe(true);
  });

  it('session actions mirror /v1/sessions; a boundary Deny on the conversational agent withholds its sessions', async () => {
    const chat = await createAgent(stack, {
      aiProviderId: providerId,
      conversational: true,
      instructions: 'C [[script:pa-chat]]',
    });
    model.scriptFor('pa-chat', { text: 'Hi Ada.' });
    const first = await stack.api('POST', `/v1/agents/${chat}/generate`, {
      prompt: 'I am Ada',
      sessionKey: 'ticket-7',
    });
    expect(first.body.status).toBe('completed');
    const sessionId = first.body.sessionId as string;

    const actions = ['list-sessions', 'get-session', 'list-session-messages', 'delete-session'];
    const reads = await run(actions, [
      step(
        c('l1', 'p_list_sessions', { agentId: chat }),
        c('l2', 'p_list_sessions', { sessionKey: 'ticket-7' }),
        c('l3', 'p_list_sessions', { sessionKey: 'ticket-8' }),
        c('l4', 'p_list_sessions', { limit: 0 }),
        c('g1', 'p_get_session', { sessionId }),
        c('m1', 'p_list_session_messages', { sessionId }),
      ),
    ]);
    const ids = (id: string) => observeOf(reads, id).result.data.map((s: { id: string }) => s.id);
    expect(ids('l1')).toEqual([sessionId]);
    expect(ids('l2')).toEqual([sessionId]);
    expect(ids('l3')).toEqual([]);
    expect(observeOf(reads, 'l4')).toMatchObject({
      status: 'error',
      result: { error: expect.stringMatching(/^Invalid arguments: limit/) },
    });
    expect(observeOf(reads, 'g1').result).toMatchObject({
      id: sessionId,
      agentId: chat,
      sessionKey: 'ticket-7',
      turnCount: 1,
    });
    expect(observeOf(reads, 'g1').result.turns[0]).toMatchObject({ prompt: 'I am Ada', text: 'Hi Ada.' });
    expect(
      observeOf(reads, 'm1').result.data.map((m: { role: string; content: string }) => [m.role, m.content]),
    ).toEqual([
      ['user', 'I am Ada'],
      ['assistant', 'Hi Ada.'],
    ]);

    const withheld = await run(
      actions,
      [
        step(
          c('l1', 'p_list_sessions', {}),
          c('g1', 'p_get_session', { sessionId }),
          c('d1', 'p_delete_session', { sessionId }),
        ),
      ],
      {
        boundaryPolicy: {
          statements: [
            { effect: 'Allow', action: ['*'], resource: ['*'] },
            { effect: 'Deny', action: ['agents:GetAgentGeneration'], resource: [`*:agents/${chat}`] },
          ],
        },
      },
    );
    expect(observeOf(withheld, 'l1').result.data.map((s: { id: string }) => s.id)).not.toContain(sessionId);
    expect(observeOf(withheld, 'g1').status).toBe('denied');
    expect(observeOf(withheld, 'd1').status).toBe('denied');
    expectStatus(await stack.api('GET', `/v1/sessions/${sessionId}`), 200);

    const deleted = await run(actions, [
      call('p_delete_session', { sessionId }, 'd1'),
      call('p_get_session', { sessionId }, 'g1'),
    ]);
    expect(observeOf(deleted, 'd1')).toMatchObject({ status: 'success', result: { id: sessionId, deleted: true } });
    expect(observeOf(deleted, 'g1')).toMatchObject({ status: 'error', result: { error: 'Session not found' } });
    expectStatus(await stack.api('GET', `/v1/sessions/${sessionId}`), 404);
  });
});
