import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/**
 * Opt-in (`npm run test:long`, ~11 min): a generation waits 10 real minutes for an approval, with
 * its worker killed and restarted during the wait, and resumes when the decision arrives. The dev
 * server has no time skipping, so this waits for real; it is not part of `npm test`.
 */
const WAIT_MS = Number(process.env.LONG_WAIT_MS ?? 10 * 60_000);

describe('approval after a long wait', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack({ mode: 'processes' }), startModelServer(), startToolServer()]);
    tools.route('/pay', (req, res) => json(res, 200, { paid: req.body.amount }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });

  it(`resumes after ${Math.round(WAIT_MS / 60_000)} minutes of waiting`, async () => {
    const providerId = await createProvider(stack, model);
    const toolId = await createTool(stack, { type: 'http', name: 'pay', parameters: { type: 'object', properties: { amount: { type: 'number' } } }, execute: { url: `${tools.url}/pay` } });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId], approvalTimeoutSeconds: 3600 });
    await stack.api('POST', `/v1/agents/${agentId}/hooks`, { event: 'PreToolUse', type: 'approval', matcher: 'pay', config: {} });
    model.script({ text: '', toolCalls: [{ name: 'pay', arguments: { amount: 99 } }] }, { text: 'Paid 99.' });
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'pay 99' });
    expect(paused.body.status).toBe('requires_action');

    await new Promise((r) => setTimeout(r, WAIT_MS / 2));
    await stack.stopWorker();
    await stack.startWorker();
    await new Promise((r) => setTimeout(r, WAIT_MS / 2));

    const done = await stack.api('POST', `/v1/generations/${paused.body.id}/approvals/${paused.body.requiredAction.approvals[0].approvalId}`, { approved: true });
    expect(done.body).toMatchObject({ status: 'completed', text: 'Paid 99.' });
  }, WAIT_MS + 180_000);
});
