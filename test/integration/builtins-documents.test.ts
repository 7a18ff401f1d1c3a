import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, observeOf, toolMessages } from '../support/fixtures.js';
import { startEmbeddingServer, type EmbeddingServer } from '../support/embedding-server.js';
import { createEmbeddingProvider } from '../support/knowledge.js';
import { startModelServer, type ModelServer, type ScriptedReply } from '../support/model-server.js';
import { callAs, createProjectWithKey, expectError } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

type Step = { type: string; toolCallId?: string; status?: string; usage?: unknown; calls?: number; model?: string };

/** The nested model's answer: a call of the builtin's forced function. */
const answer = (name: string, args: unknown, usage = { promptTokens: 10, completionTokens: 5 }): ScriptedReply => ({
  text: '',
  toolCalls: [{ name, arguments: args }],
  usage,
});

const LABELS = ['refund policy', 'shipping policy', 'privacy notice'];
const INVOICE = 'Invoice INV-42 from Acme Ltd. Total due: 1250.50 EUR, payable by 2026-12-31.';
const SCHEMA = {
  type: 'object',
  properties: {
    invoiceNumber: { type: 'string', pattern: '^INV-[0-9]+$' },
    total: { type: 'number' },
    currency: { type: 'string', enum: ['EUR', 'USD'] },
  },
  required: ['invoiceNumber', 'total', 'currency'],
  additionalProperties: false,
};

/**
 * classify_document and extract_from_document in real generations: the nested calls go to the
 * scripted model with the generation's provider, documents come from the agent's knowledge bases.
 */
describe('document builtins', () => {
  let stack: TestStack;
  let model: ModelServer;
  let embeddings: EmbeddingServer;
  let providerId: string;
  let agentId: string;
  const docs = { linked: '', unlinked: '', otherProject: '' };

  async function kbWithDocument(key: string, name: string, title: string, content: string) {
    const embeddingProvider = await createEmbeddingProvider(stack, embeddings, key);
    const kb = await callAs(stack, key, 'POST', '/v1/knowledge-bases', {
      name,
      aiProviderId: embeddingProvider,
      embeddingModel: 'hashed-bow',
    });
    const doc = await callAs(stack, key, 'POST', `/v1/knowledge-bases/${kb.body.id}/documents`, { title, content });
    expect(doc.status, JSON.stringify(doc.body)).toBe(201);
    return { kbId: kb.body.id as string, docId: doc.body.id as string };
  }

  beforeAll(async () => {
    [stack, model, embeddings] = await Promise.all([startStack(), startModelServer(), startEmbeddingServer()]);
    providerId = await createProvider(stack, model);
    const linked = await kbWithDocument(
      stack.apiKey,
      'policies',
      'Returns',
      'Refunds are paid within fourteen days of the return reaching the warehouse.',
    );
    const unlinked = await kbWithDocument(stack.apiKey, 'hr', 'Salaries', 'Confidential salary bands.');
    const other = await createProjectWithKey(stack);
    const foreign = await kbWithDocument(other.key, 'theirs', 'Secret plan', 'Another tenant secret.');
    docs.linked = linked.docId;
    docs.unlinked = unlinked.docId;
    docs.otherProject = foreign.docId;
    agentId = await createAgent(stack, {
      aiProviderId: providerId,
      builtins: ['classify_document', 'extract_from_document'],
      knowledgeBaseIds: [linked.kbId],
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await embeddings?.close();
  });
  beforeEach(() => model.reset());

  const generate = (id = agentId) => stack.api('POST', `/v1/agents/${id}/generate`, { prompt: 'go' });
  const modelCalls = (body: { steps: Step[] }) => body.steps.filter((s) => s.type === 'model_call');

  it('classify_document picks a label for a document of a linked knowledge base', async () => {
    model.script(
      call('classify_document', { documentId: docs.linked, labels: LABELS, instructions: 'policies only' }, 'c1'),
      answer('choose_label', { label: 'refund policy', confidence: 0.92, reasoning: 'It is about refunds.' }),
      { text: 'done' },
    );
    const res = await generate();
    expect(res.body.status).toBe('completed');
    expect(observeOf(res.body, 'c1')).toMatchObject({
      status: 'success',
      result: { label: 'refund policy', confidence: 0.92, reasoning: 'It is about refunds.', truncated: false },
    });
    const nested = model.requests[1]!;
    expect(nested.stream).toBe(false);
    expect(nested.toolChoice).toEqual({ type: 'function', function: { name: 'choose_label' } });
    expect(nested.tools![0].function.parameters.properties.label.enum).toEqual(LABELS);
    expect(nested.messages[0].content).toMatch(
      /- refund policy\n- shipping policy\n- privacy notice\nInstructions: policies only/,
    );
    expect(nested.messages[1].content).toBe(
      'Document title: Returns\n\nRefunds are paid within fourteen days of the return reaching the warehouse.',
    );
    expect(modelCalls(res.body)).toMatchObject([
      {
        toolCallId: 'c1',
        toolName: 'classify_document',
        status: 'success',
        usage: { promptTokens: 10, completionTokens: 5 },
      },
    ]);
  });

  it('classify_document from text: a label outside the list is asked once more, then accepted', async () => {
    model.script(
      call('classify_document', { text: 'We ship within two days.', labels: LABELS }, 'c2'),
      answer('choose_label', { label: 'delivery', confidence: 0.7, reasoning: 'shipping' }),
      answer('choose_label', { label: 'shipping policy', confidence: 0.8, reasoning: 'About shipping.' }),
      { text: 'done' },
    );
    const res = await generate();
    expect(observeOf(res.body, 'c2')).toMatchObject({
      status: 'success',
      result: { label: 'shipping policy', confidence: 0.8, reasoning: 'About shipping.' },
    });
    expect(model.requests[1]!.messages[1]).toEqual({ role: 'user', content: 'We ship within two days.' });
    const retry = model.requests[2]!;
    expect(retry.messages.slice(0, 2)).toEqual(model.requests[1]!.messages);
    expect(retry.messages[2].content).toMatch(/not accepted: the label "delivery" is not one of the labels/);
    // Both calls are one trace entry, and both count in the generation's usage.
    expect(modelCalls(res.body)).toMatchObject([
      { toolCallId: 'c2', status: 'success', calls: 2, usage: { promptTokens: 20, completionTokens: 10 } },
    ]);
  });

  it('classify_document: a second label outside the list is a clear error result', async () => {
    model.script(
      call('classify_document', { text: 'Cookies are stored.', labels: LABELS }, 'c3'),
      answer('choose_label', { label: 'cookies', confidence: 0.7, reasoning: '' }),
      answer('choose_label', { label: 'cookies', confidence: 0.7, reasoning: '' }),
      { text: 'done' },
    );
    const res = await generate();
    expect(res.body.status).toBe('completed');
    expect(observeOf(res.body, 'c3')).toMatchObject({
      status: 'error',
      result: { error: expect.stringMatching(/invalid twice: the label "cookies" is not one of the labels/) },
    });
    expect(model.requests).toHaveLength(4);
  });

  it('extract_from_document returns JSON valid against the schema, with the config model and maxTokens', async () => {
    const toolId = await createTool(stack, {
      type: 'builtin',
      name: 'extract_from_document',
      config: { model: 'extract-model', maxTokens: 300 },
    });
    const withTool = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    const data = { invoiceNumber: 'INV-42', total: 1250.5, currency: 'EUR' };
    model.script(
      call('extract_from_document', { text: INVOICE, schema: SCHEMA }, 'e1'),
      answer('record_extraction', data),
      { text: 'done' },
    );
    const res = await generate(withTool);
    expect(observeOf(res.body, 'e1')).toMatchObject({ status: 'success', result: { data, truncated: false } });
    const nested = model.requests[1]!;
    expect(nested.model).toBe('extract-model');
    expect(nested.body.max_tokens).toBe(300);
    expect(nested.tools![0].function).toMatchObject({ name: 'record_extraction', parameters: SCHEMA });
    expect(nested.messages[1]).toEqual({ role: 'user', content: INVOICE });
  });

  it('extract_from_document asks once more with the validation errors, then accepts valid JSON', async () => {
    model.script(
      call('extract_from_document', { text: INVOICE, schema: SCHEMA }, 'e2'),
      answer('record_extraction', { invoiceNumber: '42', total: '1250.50', currency: 'EUR' }),
      answer('record_extraction', { invoiceNumber: 'INV-42', total: 1250.5, currency: 'EUR' }),
      { text: 'done' },
    );
    const res = await generate();
    expect(observeOf(res.body, 'e2')).toMatchObject({
      status: 'success',
      result: { data: { invoiceNumber: 'INV-42', total: 1250.5, currency: 'EUR' } },
    });
    const retry = String(model.requests[2]!.messages[2].content);
    expect(retry).toContain('the JSON does not match the schema');
    expect(retry).toContain('$.invoiceNumber: must match pattern');
    expect(retry).toContain('$.total: must be number');
    expect(retry).toContain('It was: {"invoiceNumber":"42","total":"1250.50","currency":"EUR"}');
    expect(modelCalls(res.body)).toMatchObject([{ toolCallId: 'e2', status: 'success', calls: 2 }]);
  });

  it('extract_from_document: JSON still invalid after the retry is an error result listing the errors', async () => {
    model.script(
      call('extract_from_document', { documentId: docs.linked, schema: SCHEMA }, 'e3'),
      answer('record_extraction', { invoiceNumber: 'INV-1', total: 3, currency: 'GBP' }),
      { text: '{"invoiceNumber": "INV-1", "total": 3}' },
      { text: 'done' },
    );
    const res = await generate();
    expect(res.body.status).toBe('completed');
    const result = observeOf(res.body, 'e3');
    expect(result).toMatchObject({
      status: 'error',
      result: {
        error: "The model's answer was invalid twice: the JSON does not match the schema",
        problems: ["$: must have required property 'currency'"],
      },
    });
    expect(modelCalls(res.body)).toMatchObject([{ status: 'error', calls: 2 }]);
    expect(JSON.parse(toolMessages(model.requests.at(-1)!.messages).e3!).problems).toHaveLength(1);
  });

  it('a bad schema is refused before any model call', async () => {
    model.script(
      call('extract_from_document', { text: INVOICE, schema: { type: 'object', required: ['nope'] } }, 'e4'),
      { text: 'done' },
    );
    const res = await generate();
    expect(observeOf(res.body, 'e4')).toMatchObject({
      status: 'error',
      result: {
        error: 'schema is not a usable JSON Schema',
        problems: [expect.stringMatching(/"nope" is not declared/)],
      },
    });
    expect(model.requests).toHaveLength(2);
  });

  it("another project's document, and one of a knowledge base not linked to the agent, are not readable", async () => {
    model.script(
      call('classify_document', { documentId: docs.otherProject, labels: LABELS }, 'x1'),
      call('extract_from_document', { documentId: docs.unlinked, schema: SCHEMA }, 'x2'),
      { text: 'done' },
    );
    const res = await generate();
    expect(res.body.status).toBe('completed');
    for (const [id, doc] of [
      ['x1', docs.otherProject],
      ['x2', docs.unlinked],
    ] as const)
      expect(observeOf(res.body, id)).toMatchObject({
        status: 'error',
        result: { error: `Document ${doc} not found in the knowledge bases linked to this agent` },
      });
    // No nested call was made: nothing of those documents reached a model.
    expect(model.requests).toHaveLength(3);
    expect(JSON.stringify(model.requests.map((r) => r.messages))).not.toMatch(/tenant secret|salary/);
  });

  it('fetch_drive_file is refused with 422 not_implemented wherever a builtin is named', async () => {
    const agentsBefore = await stack.db.agent.count();
    const toolsBefore = await stack.db.agentTool.count();
    const named = await stack.api('POST', '/v1/agents', {
      name: 'drive',
      aiProviderId: providerId,
      builtins: ['classify_document', 'fetch_drive_file'],
    });
    expectError(named, 422, 'not_implemented');
    expect(named.body.error.message).toMatch(/Google OAuth credentials.*Google Drive API integration/);
    expect(named.body.error.details).toMatchObject({ path: 'body.builtins.1' });
    const patched = await stack.api('PATCH', `/v1/agents/${agentId}`, { builtins: ['fetch_drive_file'] });
    expectError(patched, 422, 'not_implemented');
    expect((await stack.api('GET', `/v1/agents/${agentId}`)).body.builtins).toEqual([
      'classify_document',
      'extract_from_document',
    ]);

    const tool = await stack.api('POST', '/v1/tools', { type: 'builtin', name: 'fetch_drive_file' });
    expectError(tool, 422, 'not_implemented');
    expect(tool.body.error.message).toMatch(/Google OAuth/);
    const renamed = await stack.api(
      'PATCH',
      `/v1/tools/${await createTool(stack, { type: 'builtin', name: 'summarize' })}`,
      {
        name: 'fetch_drive_file',
      },
    );
    expectError(renamed, 422, 'not_implemented');
    expect(await stack.db.agent.count()).toBe(agentsBefore);
    expect(await stack.db.agentTool.count()).toBe(toolsBefore + 1);
    // Not in the catalogue, and "all" does not offer it.
    const catalog = await stack.api('GET', '/v1/builtin-tools');
    const names = catalog.body.data.map((b: { name: string }) => b.name);
    expect(names).toEqual(expect.arrayContaining(['classify_document', 'extract_from_document']));
    expect(names).not.toContain('fetch_drive_file');
  });
});
