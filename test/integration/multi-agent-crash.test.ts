import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';

/** The api and the worker run as separate OS processes, so the worker can be SIGKILLed mid-child. */
describe('multi-agent durability: kill -9 of the worker while a child waits', () => {
  let stack: TestStack;
  let model: ModelServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack({ mode: 'processes' }), startModelServer()]);
    providerId = await createProvider(stack, model);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  });

  it('parent and child both resume after the worker is killed while the child waits for a client tool', async () => {
    const form = await createTool(stack, { type: 'client', name: 'fill_form', parameters: obj() });
    const child = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'Child [[script:crash-child]]',
      toolIds: [form],
    });
    const ask = await createTool(stack, { type: 'agent', name: 'ask_form_agent', agentId: child });
    const parent = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'Parent [[script:crash-parent]]',
      toolIds: [ask],
    });
    model.scriptFor('crash-parent', call('ask_form_agent', { prompt: 'fill it' }, 'c_agent'), (req) => ({
      text: `parent: ${String(req.messages.at(-1)?.content)}`,
    }));
    model.scriptFor('crash-child', call('fill_form', {}, 'c_form'), (req) => ({
      text: `child: ${String(req.messages.at(-1)?.content)}`,
    }));
    const started = await stack.api('POST', `/v1/agents/${parent}/generate`, { prompt: 'go', async: true });
    expect(started.status).toBe(202);
    const parentId = started.body.id as string;
    let paused: any = null;
    for (let i = 0; i < 600 && !paused; i++) {
      const g = (await stack.api('GET', `/v1/generations/${parentId}`)).body;
      if (g.requiredAction?.type === 'child_requires_action') paused = g;
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(paused).not.toBeNull();
    const childId = paused.requiredAction.childGenerationId as string;

    await stack.stopWorker(); // SIGKILL while the child waits and the parent waits on it
    await stack.startWorker();

    const submitted = await stack.api('POST', `/v1/agents/${child}/generate/${childId}/tool-outputs`, {
      toolOutputs: [{ toolCallId: 'c_form', output: 'filled' }],
    });
    expect(submitted.body).toMatchObject({ status: 'completed', text: 'child: filled' });
    await stack.temporal.workflow.getHandle(parentId).result();
    const done = await stack.api('GET', `/v1/generations/${parentId}`);
    expect(done.body).toMatchObject({ status: 'completed', text: 'parent: child: filled', requiredAction: null });
    // One child for the one call, despite the crash.
    expect(await stack.db.generation.count({ where: { parentGenerationId: parentId } })).toBe(1);
  });

  it('a worker killed between preparing a child generation and starting its workflow: exactly one child, the parent completes', async () => {
    const child = await createAgent(stack, { aiProviderId: providerId, instructions: 'Child [[script:prep-child]]' });
    const ask = await createTool(stack, { type: 'agent', name: 'ask_prepared', agentId: child });
    const parent = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'Parent [[script:prep-parent]]',
      toolIds: [ask],
    });
    model.scriptFor('prep-parent', call('ask_prepared', { prompt: 'sum it' }, 'c_prep'), (req) => ({
      text: `parent: ${String(req.messages.at(-1)?.content)}`,
    }));
    model.scriptFor('prep-child', { text: 'child: 42' });

    // This worker dies right after prepareChildGeneration has stored the child, before Temporal
    // hears of it: the workflow has not started the child's workflow yet.
    await stack.stopWorker();
    await stack.startWorker({ WORKER_TEST_KILL_AFTER_ACTIVITY: 'prepareChildGeneration' });
    const started = await stack.api('POST', `/v1/agents/${parent}/generate`, { prompt: 'go', async: true });
    expect(started.status).toBe(202);
    const parentId = started.body.id as string;
    await stack.workerExited();

    const prepared = await stack.db.generation.findMany({ where: { parentGenerationId: parentId } });
    expect(prepared).toHaveLength(1);
    expect(prepared[0]).toMatchObject({ agentId: child, status: 'queued', parentToolCallId: 'c_prep' });
    await expect(stack.temporal.workflow.getHandle(prepared[0]!.id).describe()).rejects.toThrow(/not found/i);

    // The retried preparation finds the stored child and starts that one.
    await stack.startWorker();
    await stack.temporal.workflow.getHandle(parentId).result();
    const done = await stack.api('GET', `/v1/generations/${parentId}`);
    expect(done.body).toMatchObject({ status: 'completed', text: 'parent: child: 42' });
    const children = await stack.db.generation.findMany({ where: { parentGenerationId: parentId } });
    expect(children.map((c) => c.id)).toEqual([prepared[0]!.id]);
    expect(children[0]!.status).toBe('completed');
    expect(await stack.db.generation.count({ where: { agentId: child } })).toBe(1);
  }, 180_000);
});
