import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, createAgent, createProvider, createTool, obj, toolMessages } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/**
 * Approval deadlines across a kill -9 of the worker and a restart of the API (docs/approvals.md):
 * both deadlines are Temporal timers and both outcomes are claimed in PostgreSQL, so a worker that
 * was dead when the first deadline passed escalates on restart, and the second deadline denies.
 */
describe('approval deadlines: kill -9 of the worker across the deadlines', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([
      startStack({ mode: 'processes' }),
      startModelServer(),
      startToolServer(),
    ]);
    tools.route('/write', (req, res) => json(res, 200, { written: req.body }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });

  async function approvalWhen(approvalId: string, done: (a: Record<string, unknown>) => boolean) {
    for (let i = 0; i < 600; i++) {
      const a = (await stack.api('GET', `/v1/approvals/${approvalId}`)).body;
      if (done(a)) return a;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`approval ${approvalId} never reached the expected state`);
  }

  it('a worker dead at the first deadline escalates on restart; the second deadline denies; the tool never runs', async () => {
    const writeId = await createTool(stack, {
      type: 'http',
      name: 'database_write',
      parameters: obj({ sql: { type: 'string' } }),
      execute: { url: `${tools.url}/write` },
    });
    const agentId = await createAgent(stack, {
      aiProviderId: await createProvider(stack, model),
      toolIds: [writeId],
    });
    const hook = await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      matcher: 'database_write',
      config: {
        expiresAfter: 'PT3S',
        onExpiry: 'escalate',
        escalation: {
          approvers: ['key_oncall000001'],
          expiresAfter: 'PT4S',
          onExpiry: 'deny',
          expiryReason: 'On call was asleep',
        },
      },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    model.script(calls(['database_write', { sql: 'DELETE FROM t' }, 'cd']), { text: 'Nothing was deleted.' });
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'delete' });
    expect(paused.body.status).toBe('requires_action');
    const generationId = paused.body.id as string;
    const { approvalId } = paused.body.requiredAction.approvals[0];

    // Dead through the first deadline, and the API restarted meanwhile.
    await stack.stopWorker();
    await new Promise((r) => setTimeout(r, 4_000));
    expect((await stack.db.approval.findUniqueOrThrow({ where: { id: approvalId } })).escalatedAt).toBeNull();
    await stack.restartApi();
    await stack.startWorker();

    const escalated = await approvalWhen(approvalId, (a) => a.escalatedAt !== null);
    expect(escalated).toMatchObject({ status: 'pending', decidedBy: null });
    const denied = await approvalWhen(approvalId, (a) => a.status !== 'pending');
    expect(denied).toMatchObject({ status: 'expired', decidedBy: 'system:escalation', reason: 'On call was asleep' });

    await stack.temporal.workflow.getHandle(generationId).result();
    const done = (await stack.api('GET', `/v1/generations/${generationId}`)).body;
    expect(done).toMatchObject({ status: 'completed', text: 'Nothing was deleted.' });
    expect(JSON.parse(toolMessages(model.requests.at(-1)!.messages).cd!)).toEqual({
      error: 'The tool call was not approved before the approval expired',
      reason: 'On call was asleep',
    });
    expect(tools.requests.filter((r) => r.path === '/write')).toHaveLength(0);
    // The trace shows who moved it and who ended it, in that order.
    const entries = (done.steps as Array<{ type: string; status?: string; approvalId?: string }>).filter(
      (s) => s.type === 'approval' && s.approvalId === approvalId,
    );
    expect(entries.map((e) => e.status)).toEqual(['pending', 'escalated', 'expired']);
    expect(entries[1]).toMatchObject({ decidedBy: 'system:escalation', expiresAt: denied.expiresAt });
    // One escalation claim and one expiry claim: each deadline decided once.
    const claims = await stack.db.pauseAnswer.findMany({ where: { generationId } });
    expect(claims.map((c) => c.kind).sort()).toEqual(['escalation', 'expiry']);
  });
});
