import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/**
 * A fork is an ordinary generation once stored (docs/fork.md, "Durability"): a worker kill -9 in
 * its first live step replays nothing of the origin, and the interrupted at-least-once call is
 * retried with the fork's own Idempotency-Key.
 */
describe('fork: a worker kill -9 while the fork runs', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([
      startStack({ mode: 'processes' }),
      startModelServer(),
      startToolServer(),
    ]);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });

  it('the fork completes without calling the replayed step again', async () => {
    let hang = false;
    tools.route('/lookup', (_req, res) => json(res, 200, { found: 'blue-42' }));
    tools.route('/notify', (_req, res) => {
      // The fork's first attempt never answers: its worker is killed meanwhile.
      if (!hang) json(res, 200, { sent: true });
    });
    const lookup = await createTool(stack, {
      type: 'http',
      name: 'lookup',
      parameters: obj(),
      execute: { url: `${tools.url}/lookup` },
      readOnly: true,
    });
    const notify = await createTool(stack, {
      type: 'http',
      name: 'notify',
      parameters: obj(),
      execute: { url: `${tools.url}/notify` },
      timeoutSeconds: 60,
    });
    const agentId = await createAgent(stack, {
      aiProviderId: await createProvider(stack, model),
      toolIds: [lookup, notify],
    });
    model.script(call('lookup', {}, 'c1'), call('notify', {}, 'c2'), { text: 'Sent.' });
    const origin = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'Notify them.' });
    expect(origin.body).toMatchObject({ status: 'completed', iterationCount: 3 });

    hang = true;
    model.script(call('notify', {}, 'c2'), { text: 'Sent again.' });
    const requestsBefore = model.requests.length;
    const ledger = tools.requests.length;
    const first = tools.nextRequest('/notify');
    const forked = await stack.api('POST', `/v1/generations/${origin.body.id}/fork`, { fromStep: 1 });
    expect(forked.status, JSON.stringify(forked.body)).toBe(202);
    await first;
    await stack.stopWorker();
    hang = false;
    await stack.startWorker();
    await stack.temporal.workflow.getHandle(forked.body.id).result();

    const done = await stack.api('GET', `/v1/generations/${forked.body.id}`);
    expect(done.body).toMatchObject({ status: 'completed', text: 'Sent again.', iterationCount: 3 });
    // Step 1 (the lookup) was replayed: never called; the interrupted notify was retried with the fork's key.
    const seen = tools.requests.slice(ledger);
    expect(seen.map((r) => r.path)).toEqual(['/notify', '/notify']);
    expect(seen.map((r) => r.headers['idempotency-key'])).toEqual([`${forked.body.id}:c2`, `${forked.body.id}:c2`]);
    // The model was asked for steps 2 and 3 only (step 2's recorded reply is read back after the restart).
    expect(model.requests.length - requestsBefore).toBe(2);
  });
});
