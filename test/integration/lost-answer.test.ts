import { Prisma } from '../../generated/prisma/client.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';
import { searchAttributeKeys } from '../../workflows/search-attributes.js';

/**
 * The write that leaves a pause runs as a local activity for a caller that waits (docs/adr/0021).
 * If the worker died right after it and Temporal then lost the not-yet-accepted update, the
 * database would show the answer (`running`, the approval decided) while the workflow still waits.
 * Here the database is put in that state by hand: the client's retry must reach the workflow and
 * resume it, and an answer to a generation that really is running must still be refused.
 */
describe('an answer written before its update was accepted, then lost', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    providerId = await createProvider(stack, model);
    tools.route('/lookup', (req, res) => json(res, 200, { found: req.body.id }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });

  /**
   * What the database would show after the lost update: the generation running, nothing required.
   * An update reaches a workflow only in a task after the one that opened its pause, so by then
   * Temporal has recorded the pause (its search attributes); the database shows the pause a moment
   * earlier (the write that opens it runs inside that task), so wait for Temporal first.
   */
  const looksAnswered = async (id: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { typedSearchAttributes } = await stack.temporal.workflow.getHandle(id).describe();
      if (typedSearchAttributes.get(searchAttributeKeys.generationStatus) === 'requires_action') break;
      if (Date.now() > deadline) throw new Error(`the pause of ${id} is not recorded in Temporal after 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await stack.db.generation.update({ where: { id }, data: { status: 'running', requiredAction: Prisma.DbNull } });
  };

  it('tool outputs: the retry of an answer the database already shows resumes the waiting workflow', async () => {
    const ask = await createTool(stack, { type: 'client', name: 'ask_user', parameters: obj({}) });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [ask] });
    model.scriptFor('lost', call('ask_user', {}, 'call_lost'), { text: 'Resumed after the retry.' });
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'Ask [[script:lost]]' });
    expect(paused.body.status).toBe('requires_action');
    await looksAnswered(paused.body.id);

    const retried = await stack.api('POST', `/v1/agents/${agentId}/generate/${paused.body.id}/tool-outputs`, {
      toolOutputs: [{ toolCallId: 'call_lost', output: 'yes' }],
    });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'completed', text: 'Resumed after the retry.' });
    expect(model.requests.filter((q) => q.tag === 'lost')).toHaveLength(2);

    // Finished: refused from the database, as before.
    const late = await stack.api('POST', `/v1/agents/${agentId}/generate/${paused.body.id}/tool-outputs`, {
      toolOutputs: [{ toolCallId: 'call_lost', output: 'again' }],
    });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('generation_not_waiting');
  });

  it('approvals: the retry of a decision the database already shows resumes the waiting workflow', async () => {
    const lookup = await createTool(stack, {
      type: 'http',
      name: 'lookup',
      parameters: obj({ id: { type: 'number' } }),
      execute: { url: `${tools.url}/lookup` },
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [lookup] });
    await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      matcher: 'lookup',
      config: {},
    });
    model.scriptFor('lost-approval', call('lookup', { id: 41 }, 'call_la'), { text: 'Looked it up.' });
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'Look up [[script:lost-approval]]',
    });
    expect(paused.body.status).toBe('requires_action');
    const approvalId = paused.body.requiredAction.approvals[0].approvalId as string;
    await looksAnswered(paused.body.id);
    await stack.db.approval.update({ where: { id: approvalId }, data: { status: 'approved', decidedAt: new Date() } });

    const retried = await stack.api('POST', `/v1/generations/${paused.body.id}/approvals/${approvalId}`, {
      approved: true,
    });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'completed', text: 'Looked it up.' });
    expect(tools.requests.filter((q) => q.body?.id === 41)).toHaveLength(1);

    const late = await stack.api('POST', `/v1/generations/${paused.body.id}/approvals/${approvalId}`, {
      approved: false,
    });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(`Approval ${approvalId} is already approved`);
  });

  it('a generation that really is running refuses tool outputs and a second decision', async () => {
    const ask = await createTool(stack, { type: 'client', name: 'ask_twice', parameters: obj({}) });
    const lookup = await createTool(stack, {
      type: 'http',
      name: 'lookup_held',
      parameters: obj({ id: { type: 'number' } }),
      execute: { url: `${tools.url}/lookup` },
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [ask, lookup] });
    await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      matcher: 'lookup_held',
      config: {},
    });
    let arrived!: () => void;
    const modelAsked = new Promise<void>((r) => (arrived = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    model.scriptFor('held', call('lookup_held', { id: 42 }, 'call_held'), async () => {
      arrived();
      await released;
      return { text: 'Held, then done.' };
    });
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'Hold [[script:held]]' });
    const approvalId = paused.body.requiredAction.approvals[0].approvalId as string;
    const deciding = stack.api('POST', `/v1/generations/${paused.body.id}/approvals/${approvalId}`, {
      approved: true,
      async: true,
    });
    await modelAsked;
    expect((await deciding).status).toBe(202);
    expect((await stack.db.generation.findUniqueOrThrow({ where: { id: paused.body.id } })).status).toBe('running');

    // The database says `running`, and so do the workflow's search attributes: refused at once.
    const outputs = await stack.api('POST', `/v1/agents/${agentId}/generate/${paused.body.id}/tool-outputs`, {
      toolOutputs: [{ toolCallId: 'call_held', output: 'not asked for' }],
    });
    expect(outputs.status).toBe(409);
    expect(outputs.body.error).toEqual({
      code: 'generation_not_waiting',
      message: 'The generation is running, not waiting for tool outputs',
    });
    const again = await stack.api('POST', `/v1/generations/${paused.body.id}/approvals/${approvalId}`, {
      approved: false,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(`Approval ${approvalId} is already approved`);

    release();
    await stack.temporal.workflow.getHandle(paused.body.id).result();
    const done = await stack.api('GET', `/v1/generations/${paused.body.id}`);
    expect(done.body).toMatchObject({ status: 'completed', text: 'Held, then done.' });
    expect(tools.requests.filter((q) => q.body?.id === 42)).toHaveLength(1);
  });
});
