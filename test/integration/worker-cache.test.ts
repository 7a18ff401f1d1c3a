import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';

/**
 * WORKER_CACHED_WORKFLOWS bounds the runs a worker keeps in memory (docs/performance.md): paused
 * generations beyond it leave the cache, and are rebuilt from their history when answered. The
 * runs execute on workflow threads without the SDK's stack-trace promise hook (docs/adr/0034).
 */
describe("the worker's workflow runs, with more paused generations than its cache holds", () => {
  let stack: TestStack;
  let model: ModelServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack({ env: { WORKER_CACHED_WORKFLOWS: '2' } }), startModelServer()]);
    providerId = await createProvider(stack, model);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  });

  it('keeps at most WORKER_CACHED_WORKFLOWS runs, and every paused generation still resumes', async () => {
    expect(stack.env.WORKER_CACHED_WORKFLOWS).toBe(2);
    const ask = await createTool(stack, { type: 'client', name: 'ask_user', parameters: obj() });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [ask] });
    const count = 5;
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      model.scriptFor(`g${i}`, call('ask_user', {}, `call_${i}`), { text: `answer ${i}` });
      const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: `[[script:g${i}]] question` });
      expect(paused.body).toMatchObject({ status: 'requires_action' });
      ids.push(paused.body.id);
      expect(stack.cachedWorkflows()).toBeLessThanOrEqual(2);
    }
    // Resumed oldest first: those runs left the cache long ago and are rebuilt from history.
    for (const [i, id] of ids.entries()) {
      const done = await stack.api('POST', `/v1/agents/${agentId}/generate/${id}/tool-outputs`, {
        toolOutputs: [{ toolCallId: `call_${i}`, output: `output ${i}` }],
      });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ status: 'completed', text: `answer ${i}` });
      expect(stack.cachedWorkflows()).toBeLessThanOrEqual(2);
    }
  });

  it('run on threads without the stack-trace promise hook: the query says so, and runs still pause and resume', async () => {
    const ask = await createTool(stack, { type: 'client', name: 'ask_operator', parameters: obj() });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [ask] });
    model.scriptFor('hookless', call('ask_operator', {}, 'call_h'), { text: 'resumed without the hook' });
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: '[[script:hookless]] go' });
    expect(paused.body).toMatchObject({ status: 'requires_action' });
    const handle = stack.temporal.workflow.getHandle(paused.body.id);
    // With the SDK's hook installed this query answers a (here empty) stack; without it, the
    // SDK's own refusal. A worker started with the SDK's thread would fail this assertion.
    await expect(handle.query('__stack_trace')).rejects.toThrow(/stack traces are not enabled/i);
    const done = await stack.api('POST', `/v1/agents/${agentId}/generate/${paused.body.id}/tool-outputs`, {
      toolOutputs: [{ toolCallId: 'call_h', output: 'ok' }],
    });
    expect(done.body).toMatchObject({ status: 'completed', text: 'resumed without the hook' });
  });
});
