import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calls, createAgent, createProvider, createTool, obj, toolMessages } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { callAs, mintKey } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/** POST /v1/generations/{id}/approvals: one decision for every approval a pause waits for (seed 000's run-level approve). */
describe('deciding every pending approval of a generation at once', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    providerId = await createProvider(stack, model);
    tools.route('/write', (req, res) => json(res, 200, { written: req.body }));
    tools.route('/read', (req, res) => json(res, 200, { rows: [1], query: req.body }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());

  const writes = () => tools.requests.filter((r) => r.path === '/write').map((r) => (r.body as { sql: string }).sql);
  async function agentWithGates(hooks: Array<Record<string, unknown>>): Promise<string> {
    const tool = (name: string, path: string) =>
      createTool(stack, {
        type: 'http',
        name,
        parameters: obj({ sql: { type: 'string' } }),
        execute: { url: `${tools.url}${path}` },
      });
    const agentId = await createAgent(stack, {
      aiProviderId: providerId,
      toolIds: [await tool('database_write', '/write'), await tool('database_read', '/read')],
    });
    for (const h of hooks) expect((await stack.api('POST', `/v1/agents/${agentId}/hooks`, h)).status).toBe(201);
    return agentId;
  }
  const gate = (matcher: string, config: Record<string, unknown> = {}) => ({
    event: 'PreToolUse',
    type: 'approval',
    matcher,
    config,
  });
  const decideAll = (generationId: string, body: Record<string, unknown>, key = stack.apiKey) =>
    callAs(stack, key, 'POST', `/v1/generations/${generationId}/approvals`, body);

  it('approves every pending call: each runs once, each approval records who decided', async () => {
    const agentId = await agentWithGates([gate('database_write')]);
    model.script(calls(['database_write', { sql: 'A' }, 'c1'], ['database_write', { sql: 'B' }, 'c2']), {
      text: 'Both written.',
    });
    const before = writes().length;
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'write twice' });
    expect(paused.body.requiredAction.approvals).toHaveLength(2);

    const done = await decideAll(paused.body.id, { approved: true, reason: 'batch ok' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', text: 'Both written.' });
    expect(writes().slice(before).sort()).toEqual(['A', 'B']);
    for (const { approvalId } of paused.body.requiredAction.approvals) {
      const approval = await stack.api('GET', `/v1/approvals/${approvalId}`);
      expect(approval.body).toMatchObject({ status: 'approved', reason: 'batch ok' });
      expect(approval.body.decidedBy).not.toBeNull();
    }
    // Nothing is pending any more: a second batch decision is a 409 and changes nothing.
    const again = await decideAll(paused.body.id, { approved: false });
    expect(again.status).toBe(409);
    expect(writes().length).toBe(before + 2);
  });

  it('denies every pending call: none runs, the model sees each denial', async () => {
    const agentId = await agentWithGates([gate('database_write')]);
    model.script(calls(['database_write', { sql: 'X' }, 'd1'], ['database_write', { sql: 'Y' }, 'd2']), {
      text: 'Understood.',
    });
    const before = writes().length;
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'write twice' });
    const done = await decideAll(paused.body.id, { approved: false, reason: 'not today' });
    expect(done.body).toMatchObject({ status: 'completed', text: 'Understood.' });
    expect(writes().length).toBe(before);
    const results = toolMessages(model.requests[1]!.messages);
    for (const id of ['d1', 'd2']) expect(results[id]).toMatch(/denied/);
  });

  it('a 403 for one approval decides none of them; bad input is a 400 that decides nothing', async () => {
    const everything = [{ effect: 'Allow', action: ['*'], resource: ['*'] }];
    const approver = await mintKey(stack, everything);
    const agentId = await agentWithGates([gate('database_read'), gate('database_write', { approvers: [approver.id] })]);
    model.script(calls(['database_read', { sql: 'R' }, 'e1'], ['database_write', { sql: 'W' }, 'e2']), {
      text: 'Done.',
    });
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'read then write' });
    const ids = paused.body.requiredAction.approvals.map((a: { approvalId: string }) => a.approvalId);
    expect(ids).toHaveLength(2);
    const status = async () =>
      Promise.all(ids.map(async (id: string) => (await stack.api('GET', `/v1/approvals/${id}`)).body.status));

    // The stack's key may decide the read but is not an approver of the write.
    expect((await decideAll(paused.body.id, { approved: true })).status).toBe(403);
    expect(await status()).toEqual(['pending', 'pending']);
    expect((await decideAll(paused.body.id, { approved: 'yes' })).status).toBe(400);
    expect((await decideAll(paused.body.id, { approved: true, arguments: { sql: 'Z' } })).status).toBe(400);
    expect(await status()).toEqual(['pending', 'pending']);

    const done = await decideAll(paused.body.id, { approved: true }, approver.key);
    expect(done.body).toMatchObject({ status: 'completed', text: 'Done.' });
    expect(await status()).toEqual(['approved', 'approved']);
  });
});
