import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { callAs, createProjectWithKey, expectStatus } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

type Step = { type: string; toolCallId?: string; status?: string; result?: any };
const observeOf = (body: { steps: Step[] }, id: string) =>
  body.steps.find((s) => s.type === 'observe' && s.toolCallId === id)!;
const write = (id: string, path: string, bytes: number, bucketTool = 'storage_write') => ({
  id,
  name: bucketTool,
  arguments: { path, content: 'x'.repeat(bytes) },
});

/**
 * The server's file storage is shared by every project: each keeps at most
 * STORAGE_PROJECT_MAX_BYTES (here 100) and STORAGE_PROJECT_MAX_FILES (here 3) across its buckets.
 * A write beyond either is an error result the model reads, and nothing is written.
 */
describe('storage quota per project', () => {
  let stack: TestStack;
  let model: ModelServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'da-quota-'));
    [stack, model] = await Promise.all([
      startStack({ env: { DATA_DIR: dataDir, STORAGE_PROJECT_MAX_BYTES: '100', STORAGE_PROJECT_MAX_FILES: '3' } }),
      startModelServer(),
    ]);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const file = (projectId: string, bucket: string, path: string) => join(dataDir, 'storage', projectId, bucket, path);

  it('refuses the write that would pass the byte or the file limit; replacing a file counts the difference', async () => {
    const providerId = await createProvider(stack, model);
    const main = await createTool(stack, { type: 'builtin', name: 'storage_write' });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [main] });
    const archive = await createTool(stack, { type: 'builtin', name: 'storage_write', config: { bucket: 'archive' } });
    const archiver = await createAgent(stack, { aiProviderId: providerId, toolIds: [archive] });
    const run = async (agent: string, toolCalls: Array<ReturnType<typeof write>>) => {
      model.script({ text: '', toolCalls }, { text: 'done' });
      const res = await stack.api('POST', `/v1/agents/${agent}/generate`, { prompt: 'write' });
      expect(res.body.status, JSON.stringify(res.body)).toBe('completed');
      return res.body;
    };

    const body = await run(agentId, [
      write('w1', 'a.txt', 40),
      write('w2', 'b.txt', 40),
      write('w3', 'c.txt', 30), // 110 bytes: over
      write('w4', 'a.txt', 10), // a.txt replaced: 50 bytes
      write('w5', 'c.txt', 30), // 80 bytes, 3 files
      write('w6', 'd.txt', 1), // a fourth file: over
    ]);
    for (const id of ['w1', 'w2', 'w4', 'w5']) expect(observeOf(body, id).status, id).toBe('success');
    expect(observeOf(body, 'w3')).toMatchObject({
      status: 'error',
      result: { error: expect.stringMatching(/^Storage quota: .* to 110 bytes, the most it may keep is 100 bytes/) },
    });
    expect(observeOf(body, 'w6')).toMatchObject({
      status: 'error',
      result: {
        error: expect.stringMatching(/^Storage quota: the project already keeps 3 files, the most it may keep is 3/),
      },
    });
    expect(existsSync(file(stack.projectId, 'default', 'd.txt'))).toBe(false);
    expect(readFileSync(file(stack.projectId, 'default', 'c.txt'), 'utf8')).toBe('x'.repeat(30));

    // Every bucket of the project counts.
    const archived = await run(archiver, [write('a1', 'old.txt', 1)]);
    expect(observeOf(archived, 'a1')).toMatchObject({ status: 'error', result: { error: /3 files/ } });
    expect(existsSync(file(stack.projectId, 'archive', 'old.txt'))).toBe(false);

    // Another project has its own quota.
    const other = await createProjectWithKey(stack);
    const otherProvider = await callAs(stack, other.key, 'POST', '/v1/ai-providers', {
      name: 'scripted',
      kind: 'openai_compatible',
      baseUrl: model.url,
      apiKey: 'sk-other',
      defaultModel: 'scripted-model',
    });
    expectStatus(otherProvider, 201);
    const otherTool = await callAs(stack, other.key, 'POST', '/v1/tools', { type: 'builtin', name: 'storage_write' });
    const otherAgent = await callAs(stack, other.key, 'POST', '/v1/agents', {
      name: 'other writer',
      aiProviderId: otherProvider.body.id,
      toolIds: [otherTool.body.id],
      allowClarification: false,
    });
    model.script({ text: '', toolCalls: [write('o1', 'a.txt', 90)] }, { text: 'done' });
    const res = await callAs(stack, other.key, 'POST', `/v1/agents/${otherAgent.body.id}/generate`, { prompt: 'w' });
    expect(observeOf(res.body, 'o1')).toMatchObject({ status: 'success' });
    expect(existsSync(file(other.projectId, 'default', 'a.txt'))).toBe(true);
  });
});
