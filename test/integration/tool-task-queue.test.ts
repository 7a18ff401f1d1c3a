import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, calls, createAgent, createProvider, createTool, obj, observeOf } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import type { ServiceProcess } from '../support/processes.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * TEMPORAL_TOOL_TASK_QUEUE (docs/operations.md): tool calls are regular activities on their own
 * task queue, served by tool workers (`worker.ts --tools`), so tools scale or are isolated apart
 * from the workers that run workflow tasks. API, workflow worker and tool workers are processes.
 */
describe('tools on their own task queue', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;
  let toolWorker: ServiceProcess | undefined;
  const toolQueue = `tools-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([
      startStack({ mode: 'processes', env: { TEMPORAL_TOOL_TASK_QUEUE: toolQueue } }),
      startModelServer(),
      startToolServer(),
    ]);
    providerId = await createProvider(stack, model);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());

  async function settled(generationId: string, seconds = 60) {
    for (let i = 0; i < seconds * 10; i += 1) {
      const g = await stack.api('GET', `/v1/generations/${generationId}`);
      if (g.body.status !== 'running' && g.body.status !== 'queued') return g.body;
      await sleep(100);
    }
    throw new Error(`generation ${generationId} did not settle`);
  }

  it('tool calls wait for a tool worker: the workflow worker runs none of them', async () => {
    tools.route('/lookup', (req, res) => json(res, 200, { found: req.body }));
    const lookup = await createTool(stack, {
      type: 'http',
      name: 'lookup',
      parameters: obj({ q: { type: 'string' } }),
      execute: { url: `${tools.url}/lookup` },
    });
    const sandbox = await createTool(stack, { type: 'builtin', name: 'code_execute' });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [lookup, sandbox] });
    model.script(calls(['lookup', { q: 'a' }, 'c1']), call('code_execute', { code: '6 * 7' }, 'c2'), {
      text: 'done',
    });
    const started = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'go', async: true });
    expect(started.status).toBe(202);

    // The model has asked for the http tool (an http tool would otherwise run inside the model call).
    for (let i = 0; i < 300 && model.requests.length === 0; i += 1) await sleep(100);
    await sleep(3000);
    expect(tools.requests.filter((r) => r.path === '/lookup')).toHaveLength(0);
    expect((await stack.api('GET', `/v1/generations/${started.body.id}`)).body.status).toBe('running');

    toolWorker = await stack.startToolWorker();
    const done = await settled(started.body.id);
    expect(done).toMatchObject({ status: 'completed', text: 'done' });
    expect(observeOf(done, 'c1')).toMatchObject({ status: 'success', result: { found: { q: 'a' } } });
    expect(observeOf(done, 'c2')).toMatchObject({ status: 'success', result: { result: 42 } });
    expect(tools.requests.filter((r) => r.path === '/lookup')).toHaveLength(1);
  });

  it('a tool worker killed mid-call: the next tool worker runs the call again with the same idempotency key', async () => {
    let calls = 0;
    tools.route('/slow', (req, res) => {
      calls += 1;
      if (calls === 1) return; // never answers: the tool worker dies while waiting
      json(res, 200, { ok: true, body: req.body });
    });
    const slow = await createTool(stack, {
      type: 'http',
      name: 'slow',
      parameters: obj({ n: { type: 'number' } }),
      execute: { url: `${tools.url}/slow` },
      timeoutSeconds: 60,
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [slow] });
    model.script(call('slow', { n: 1 }, 's1'), { text: 'survived' });
    const started = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'go', async: true });
    while (calls === 0) await sleep(50);

    await toolWorker!.kill('SIGKILL');
    toolWorker = await stack.startToolWorker();
    const done = await settled(started.body.id, 90);
    expect(done).toMatchObject({ status: 'completed', text: 'survived' });
    expect(observeOf(done, 's1')).toMatchObject({ status: 'success', result: { ok: true } });
    const sent = tools.requests.filter((r) => r.path === '/slow');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.headers['idempotency-key']).toBe(`${started.body.id}:s1`);
    expect(sent[1]!.headers['idempotency-key']).toBe(sent[0]!.headers['idempotency-key']);
  });
});
