import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claimApprovalDecision } from '../../domain/answers/claims.js';
import { calls, createAgent, createProvider, createTool, obj, toolMessages } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { callAs, mintKey } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/** Approval deadlines on the real stack (docs/approvals.md): hook validation and the API's approver checks. */
describe('approval deadlines: expiry decisions, escalation, hook validation', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    providerId = await createProvider(stack, model);
    tools.route('/write', (req, res) => json(res, 200, { written: req.body }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());

  async function agentWithHook(config: Record<string, unknown>): Promise<string> {
    const writeId = await createTool(stack, {
      type: 'http',
      name: 'database_write',
      parameters: obj({ sql: { type: 'string' } }),
      execute: { url: `${tools.url}/write` },
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [writeId] });
    const res = await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      matcher: 'database_write',
      config,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return agentId;
  }

  /** Polls the approval until `done` holds (the deadline passes on the worker's clock). */
  async function approvalWhen(approvalId: string, done: (a: Record<string, unknown>) => boolean) {
    for (let i = 0; i < 300; i++) {
      const a = (await stack.api('GET', `/v1/approvals/${approvalId}`)).body;
      if (done(a)) return a;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`approval ${approvalId} never reached the expected state`);
  }

  it('refuses deadline configs it cannot honour: 422 for rules across fields, 400 for a bad duration', async () => {
    const agentId = await agentWithHook({});
    const write = (config: Record<string, unknown>) =>
      stack.api('POST', `/v1/agents/${agentId}/hooks`, { event: 'PreToolUse', type: 'approval', config });
    const unprocessable = [
      { expiresAfter: 'PT1H', onExpiry: 'approve' },
      {
        expiresAfter: 60,
        onExpiry: 'escalate',
        escalation: { approvers: ['key_abcdefgh12'], expiresAfter: 60, onExpiry: 'approve' },
      },
      { expiresAfter: 60, onExpiry: 'escalate' },
      { expiresAfter: 60, escalation: { approvers: ['key_abcdefgh12'], expiresAfter: 60 } },
      { expiresAfter: 60, timeoutSeconds: 60 },
      { expiresAfter: 'PT10M', remindBefore: 600 },
      { remindBefore: 60 },
      { expiresAfter: 'P400D' },
    ];
    for (const config of unprocessable) {
      const res = await write(config);
      expect(res.status, JSON.stringify(config)).toBe(422);
      expect(res.body.error.code).toBeTypeOf('string');
    }
    expect((await write({ expiresAfter: 'P1M' })).status).toBe(400);
    expect((await write({ onExpiry: 'later' })).status).toBe(400);
    // The same rules with their opt-in: accepted, and shown back as written.
    const ok = await write({ expiresAfter: 'P2D', onExpiry: 'approve', allowAutoApprove: true, remindBefore: 3600 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.config).toMatchObject({ expiresAfter: 'P2D', onExpiry: 'approve', allowAutoApprove: true });
    // PATCH is checked like a create.
    const patched = await stack.api('PATCH', `/v1/agents/${agentId}/hooks/${ok.body.id}`, {
      config: { expiresAfter: 'P2D', onExpiry: 'approve' },
    });
    expect(patched.status).toBe(422);
  });

  it('onExpiry deny: the deadline decides (system:expiry) and the model sees the expiryReason', async () => {
    const agentId = await agentWithHook({ expiresAfter: 'PT1S', onExpiry: 'deny', expiryReason: 'Finance was away' });
    model.script(calls(['database_write', { sql: 'UPDATE t' }, 'cx']), { text: 'Not done.' });
    const before = tools.requests.length;
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'update' });
    expect(paused.body.status).toBe('requires_action');
    await stack.temporal.workflow.getHandle(paused.body.id).result();
    const { approvalId } = paused.body.requiredAction.approvals[0];
    expect((await stack.api('GET', `/v1/approvals/${approvalId}`)).body).toMatchObject({
      status: 'expired',
      decidedBy: 'system:expiry',
      reason: 'Finance was away',
      escalatedAt: null,
    });
    expect(JSON.parse(toolMessages(model.requests[1]!.messages).cx!)).toEqual({
      error: 'The tool call was not approved before the approval expired',
      reason: 'Finance was away',
    });
    expect(tools.requests.length).toBe(before);
    // The trace records who decided too.
    const { steps } = (await stack.api('GET', `/v1/generations/${paused.body.id}`)).body;
    expect(
      steps.find((s: { type: string; status?: string }) => s.type === 'approval' && s.status === 'expired'),
    ).toMatchObject({ approvalId, decidedBy: 'system:expiry', reason: 'Finance was away' });
  });

  it('escalation: the second group decides after the first deadline; the first group is refused', async () => {
    const everything = [{ effect: 'Allow', action: ['*'], resource: ['*'] }];
    const [first, second] = [await mintKey(stack, everything), await mintKey(stack, everything)];
    const agentId = await agentWithHook({
      approvers: [first.id],
      expiresAfter: 'PT6S',
      onExpiry: 'escalate',
      escalation: { approvers: [second.id], expiresAfter: 'P1D', onExpiry: 'deny' },
    });
    model.script(calls(['database_write', { sql: 'DELETE FROM t' }, 'ce']), { text: 'Deleted.' });
    const paused = await callAs(stack, stack.apiKey, 'POST', `/v1/agents/${agentId}/generate`, { prompt: 'delete' });
    expect(paused.body.status).toBe('requires_action');
    const { approvalId } = paused.body.requiredAction.approvals[0];
    const path = `/v1/generations/${paused.body.id}/approvals/${approvalId}`;
    const stale = await stack.db.approval.findUniqueOrThrow({ where: { id: approvalId } });
    expect(stale.escalatedAt).toBeNull();
    // Before the first deadline the second group is not an approver yet.
    const early = await callAs(stack, second.key, 'POST', path, { approved: true });
    expect(early.status, JSON.stringify(early.body)).toBe(403);

    const escalated = await approvalWhen(approvalId, (a) => a.escalatedAt !== null);
    expect(escalated).toMatchObject({ status: 'pending', decidedBy: null });
    expect(Date.parse(escalated.expiresAt as string)).toBeGreaterThan(Date.parse(stale.expiresAt.toISOString()));
    // The first group may no longer decide: the check reads the current group...
    const late = await callAs(stack, first.key, 'POST', path, { approved: true });
    expect(late.status, JSON.stringify(late.body)).toBe(403);
    // ...and a decision that read the approval before the escalation loses its claim.
    const g = await stack.db.generation.findUniqueOrThrow({ where: { id: paused.body.id } });
    await expect(claimApprovalDecision(stack.db, g, stale, { approved: true }, first.id)).rejects.toMatchObject({
      status: 409,
    });

    const done = await callAs(stack, second.key, 'POST', path, { approved: true, reason: 'on call' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', text: 'Deleted.' });
    expect((await stack.api('GET', `/v1/approvals/${approvalId}`)).body).toMatchObject({
      status: 'approved',
      decidedBy: second.id,
      reason: 'on call',
    });
    expect(tools.requests.filter((r) => r.path === '/write')).toHaveLength(1);
  });
});
