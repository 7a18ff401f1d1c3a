import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calls, createAgent, createProvider, createTool, obj, toolMessages } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { callAs, mintKey } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

describe('human in the loop: approvals, hooks, guardrails, clarification', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let hooks: ToolServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, tools, hooks] = await Promise.all([
      startStack(),
      startModelServer(),
      startToolServer(),
      startToolServer(),
    ]);
    providerId = await createProvider(stack, model);
    tools.route('/write', (req, res) => json(res, 200, { written: req.body }));
    tools.route('/read', (req, res) => json(res, 200, { rows: [1, 2, 3], query: req.body }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
    await hooks?.close();
  });
  beforeEach(() => model.reset());

  async function agentWith(
    hookBodies: Array<Record<string, unknown>>,
    extra: Record<string, unknown> = {},
  ): Promise<{ agentId: string; writeId: string; readId: string }> {
    const writeId = await createTool(stack, {
      type: 'http',
      name: 'database_write',
      parameters: obj({ sql: { type: 'string' } }),
      execute: { url: `${tools.url}/write` },
    });
    const readId = await createTool(stack, {
      type: 'http',
      name: 'database_read',
      parameters: obj({ sql: { type: 'string' } }),
      execute: { url: `${tools.url}/read` },
      readOnly: true,
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [writeId, readId], ...extra });
    for (const h of hookBodies) {
      const res = await stack.api('POST', `/v1/agents/${agentId}/hooks`, h);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    return { agentId, writeId, readId };
  }
  const generate = (agentId: string, body: Record<string, unknown>) =>
    stack.api('POST', `/v1/agents/${agentId}/generate`, body);
  const decide = (generationId: string, approvalId: string, body: Record<string, unknown>) =>
    stack.api('POST', `/v1/generations/${generationId}/approvals/${approvalId}`, body);
  const writesTo = () => tools.requests.filter((r) => r.path === '/write');

  it('approve: the gated call waits for a human, then runs; the decision is recorded with who and why', async () => {
    const { agentId } = await agentWith([
      { event: 'PreToolUse', type: 'approval', matcher: 'database_write', config: {} },
    ]);
    model.script(calls(['database_write', { sql: 'UPDATE t SET a=1 WHERE id=1' }, 'cw']), { text: 'Updated.' });
    const before = writesTo().length;
    const paused = await generate(agentId, { prompt: 'update row 1' });
    expect(paused.body).toMatchObject({
      status: 'requires_action',
      requiredAction: {
        type: 'approve_tool_calls',
        approvals: [
          { toolCallId: 'cw', toolName: 'database_write', arguments: { sql: 'UPDATE t SET a=1 WHERE id=1' } },
        ],
      },
    });
    expect(writesTo().length).toBe(before);
    const approval = paused.body.requiredAction.approvals[0];
    expect(approval.approvalId).toMatch(/^appr_/);
    expect(Date.parse(approval.expiresAt) - Date.now()).toBeGreaterThan(250_000); // agent default 300 s

    const inbox = await stack.api('GET', '/v1/approvals?status=pending');
    expect(inbox.body.data.find((a: { id: string }) => a.id === approval.approvalId)).toMatchObject({
      agentId,
      generationId: paused.body.id,
      toolName: 'database_write',
      status: 'pending',
    });

    const done = await decide(paused.body.id, approval.approvalId, { approved: true, reason: 'looks safe' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', text: 'Updated.' });
    expect(writesTo().length).toBe(before + 1);
    const decided = done.body.steps.find(
      (s: { type: string; status?: string }) => s.type === 'approval' && s.status === 'approved',
    );
    expect(decided).toMatchObject({ approvalId: approval.approvalId, reason: 'looks safe' });
    expect(decided.decidedBy).toMatch(/^key_/);
    const stored = await stack.api('GET', `/v1/approvals/${approval.approvalId}`);
    expect(stored.body).toMatchObject({ status: 'approved', reason: 'looks safe', decidedBy: decided.decidedBy });
    // A second decision is a conflict; an unknown approval is 404.
    expect((await decide(paused.body.id, approval.approvalId, { approved: false })).status).toBe(409);
    expect((await decide(paused.body.id, 'appr_doesnotexist0000', { approved: true })).status).toBe(404);
  });

  it('cancel while waiting for a decision: the approval is closed as cancelled and leaves the inbox', async () => {
    const { agentId } = await agentWith([
      { event: 'PreToolUse', type: 'approval', matcher: 'database_write', config: {} },
    ]);
    model.script(calls(['database_write', { sql: 'DELETE FROM t WHERE id = 9' }, 'cc']));
    const before = writesTo().length;
    const paused = await generate(agentId, { prompt: 'delete row 9' });
    const { approvalId } = paused.body.requiredAction.approvals[0];
    const cancelled = await stack.api('POST', `/v1/generations/${paused.body.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    const stored = await stack.api('GET', `/v1/approvals/${approvalId}`);
    expect(stored.body).toMatchObject({ status: 'cancelled', reason: 'The generation was cancelled' });
    const inbox = await stack.api('GET', '/v1/approvals?status=pending');
    expect(inbox.body.data.map((a: { id: string }) => a.id)).not.toContain(approvalId);
    expect((await decide(paused.body.id, approvalId, { approved: true })).status).toBe(409);
    expect(writesTo().length).toBe(before);
  });

  it('approve with edited arguments: the tool runs with the edit', async () => {
    const { agentId } = await agentWith([
      { event: 'PreToolUse', type: 'approval', matcher: 'database_write', config: {} },
    ]);
    model.script(calls(['database_write', { sql: 'DELETE FROM t' }, 'ce']), { text: 'Done with the safer query.' });
    const paused = await generate(agentId, { prompt: 'clean up' });
    const { approvalId } = paused.body.requiredAction.approvals[0];
    const done = await decide(paused.body.id, approvalId, {
      approved: true,
      arguments: { sql: 'DELETE FROM t WHERE old = true' },
    });
    expect(done.body.status).toBe('completed');
    expect(writesTo().at(-1)!.body).toEqual({ sql: 'DELETE FROM t WHERE old = true' });
    expect(
      done.body.steps.find((s: { type: string; status?: string }) => s.type === 'approval' && s.status === 'approved')
        .editedArguments,
    ).toEqual({ sql: 'DELETE FROM t WHERE old = true' });
  });

  it('deny: the model gets the denial as the tool result and continues', async () => {
    const { agentId } = await agentWith([
      { event: 'PreToolUse', type: 'approval', matcher: 'database_write', config: {} },
    ]);
    model.script(calls(['database_write', { sql: 'DROP TABLE t' }, 'cd']), { text: 'I will not drop it then.' });
    const before = writesTo().length;
    const paused = await generate(agentId, { prompt: 'drop t' });
    const done = await decide(paused.body.id, paused.body.requiredAction.approvals[0].approvalId, {
      approved: false,
      reason: 'never drop tables',
    });
    expect(done.body).toMatchObject({ status: 'completed', text: 'I will not drop it then.' });
    expect(writesTo().length).toBe(before);
    expect(JSON.parse(toolMessages(model.requests[1]!.messages).cd!)).toEqual({
      error: 'A human reviewer denied this tool call',
      reason: 'never drop tables',
    });
    expect(
      done.body.steps.find((s: { type: string; toolCallId?: string }) => s.type === 'observe' && s.toolCallId === 'cd')
        .status,
    ).toBe('denied');
  });

  it('timeout: no decision before expiry blocks the call with a timeout result; a late decision is 409', async () => {
    const { agentId } = await agentWith([
      { event: 'PreToolUse', type: 'approval', matcher: 'database_write', config: { timeoutSeconds: 2 } },
    ]);
    model.script(calls(['database_write', { sql: 'UPDATE x' }, 'ct']), { text: 'Nobody approved in time.' });
    const before = writesTo().length;
    const paused = await generate(agentId, { prompt: 'update x' });
    expect(paused.body.status).toBe('requires_action');
    const { approvalId } = paused.body.requiredAction.approvals[0];
    await stack.temporal.workflow.getHandle(paused.body.id).result();
    const done = await stack.api('GET', `/v1/generations/${paused.body.id}`);
    expect(done.body).toMatchObject({ status: 'completed', text: 'Nobody approved in time.' });
    expect(writesTo().length).toBe(before);
    expect(
      done.body.steps.find((s: { type: string; toolCallId?: string }) => s.type === 'observe' && s.toolCallId === 'ct')
        .status,
    ).toBe('timeout');
    expect((await stack.api('GET', `/v1/approvals/${approvalId}`)).body.status).toBe('expired');
    expect((await decide(paused.body.id, approvalId, { approved: true })).status).toBe(409);
  });

  it('two approvals in one step decided in opposite order; the ungated call of the step waits with them', async () => {
    const { agentId } = await agentWith([
      { event: 'PreToolUse', type: 'approval', matcher: 'database_write', config: {} },
    ]);
    model.script(
      calls(
        ['database_write', { sql: 'A' }, 'c1'],
        ['database_read', { sql: 'R' }, 'c2'],
        ['database_write', { sql: 'B' }, 'c3'],
      ),
      { text: 'Both handled.' },
    );
    const readsBefore = tools.requests.filter((r) => r.path === '/read').length;
    const paused = await generate(agentId, { prompt: 'two writes and a read' });
    const approvals = paused.body.requiredAction.approvals as Array<{ approvalId: string; toolCallId: string }>;
    expect(approvals.map((a) => a.toolCallId)).toEqual(['c1', 'c3']);
    expect(tools.requests.filter((r) => r.path === '/read').length).toBe(readsBefore); // the read waits too

    const first = await decide(paused.body.id, approvals[1]!.approvalId, { approved: false, reason: 'not B' });
    expect(first.body).toMatchObject({
      status: 'requires_action',
      requiredAction: { approvals: [{ toolCallId: 'c1' }] },
    });
    const view = await stack.api('GET', `/v1/generations/${paused.body.id}`);
    expect(view.body.requiredAction.approvals.map((a: { toolCallId: string }) => a.toolCallId)).toEqual(['c1']);
    const second = await decide(paused.body.id, approvals[0]!.approvalId, { approved: true });
    expect(second.body).toMatchObject({ status: 'completed', text: 'Both handled.' });
    const results = toolMessages(model.requests[1]!.messages);
    expect(Object.keys(results)).toEqual(['c1', 'c2', 'c3']);
    expect(JSON.parse(results.c1!)).toEqual({ written: { sql: 'A' } });
    expect(JSON.parse(results.c2!)).toMatchObject({ rows: [1, 2, 3] });
    expect(JSON.parse(results.c3!)).toMatchObject({ error: 'A human reviewer denied this tool call' });
  });

  it('fails closed when a decision does not match the pending call exactly', async () => {
    const { agentId } = await agentWith([
      { event: 'PreToolUse', type: 'approval', matcher: 'database_write', config: { timeoutSeconds: 3 } },
    ]);
    model.script(calls(['database_write', { sql: 'PAY 100' }, 'cm']), { text: 'not paid' });
    const before = writesTo().length;
    const paused = await generate(agentId, { prompt: 'pay' });
    const { approvalId } = paused.body.requiredAction.approvals[0];
    // Someone tampers with the stored request: the decision no longer matches the call.
    await stack.db.approval.update({ where: { id: approvalId }, data: { argumentsHash: '0000000000000000' } });
    const res = await decide(paused.body.id, approvalId, { approved: true });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/does not match/);
    await stack.temporal.workflow.getHandle(paused.body.id).result();
    expect(writesTo().length).toBe(before);
  });

  it('approvers: only the listed API key ids may decide (403 otherwise), as the generation started', async () => {
    const everything = [{ effect: 'Allow', action: ['*'], resource: ['*'] }];
    const [approver, other] = [await mintKey(stack, everything), await mintKey(stack, everything)];
    const { agentId } = await agentWith([
      { event: 'PreToolUse', type: 'approval', matcher: 'database_write', config: { approvers: [approver.id] } },
    ]);
    const hookId = (await stack.api('GET', `/v1/agents/${agentId}/hooks`)).body.data[0].id;
    model.script(calls(['database_write', { sql: 'DROP TABLE t' }, 'ca']), { text: 'Dropped.' });
    const before = writesTo().length;
    const paused = await generate(agentId, { prompt: 'drop it' });
    const { approvalId } = paused.body.requiredAction.approvals[0];
    const path = `/v1/generations/${paused.body.id}/approvals/${approvalId}`;

    const refused = await callAs(stack, other.key, 'POST', path, { approved: true });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'forbidden', details: { hookId } });
    // The stack's own (admin) key is not listed either.
    expect((await decide(paused.body.id, approvalId, { approved: true })).status).toBe(403);
    // Editing the live hook does not change who may decide this generation's approvals.
    const edited = await stack.api('PATCH', `/v1/agents/${agentId}/hooks/${hookId}`, {
      config: { approvers: [other.id] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await callAs(stack, other.key, 'POST', path, { approved: true })).status).toBe(403);
    expect(writesTo().length).toBe(before);
    expect((await stack.api('GET', `/v1/approvals/${approvalId}`)).body.status).toBe('pending');

    const done = await callAs(stack, approver.key, 'POST', path, { approved: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', text: 'Dropped.' });
    expect((await stack.api('GET', `/v1/approvals/${approvalId}`)).body.decidedBy).toBe(approver.id);
    expect(writesTo().length).toBe(before + 1);

    // approvers are API key ids: a name (which anyone may give a key) is refused when the hook is written.
    const byName = await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      config: { approvers: ['test key'] },
    });
    expect(byName.status).toBe(400);
  });

  it('requesterMayNotApprove: the API key that started the generation, or a key it minted, may not decide its approvals', async () => {
    const requester = await mintKey(stack, [{ effect: 'Allow', action: ['*'], resource: ['*'] }]);
    const { agentId } = await agentWith([
      { event: 'PreToolUse', type: 'approval', matcher: 'database_write', config: { requesterMayNotApprove: true } },
    ]);
    model.script(calls(['database_write', { sql: 'GRANT ALL' }, 'cr']), { text: 'Granted.' });
    const before = writesTo().length;
    const paused = await callAs(stack, requester.key, 'POST', `/v1/agents/${agentId}/generate`, { prompt: 'grant' });
    expect(paused.body.status).toBe('requires_action');
    const row = await stack.db.generation.findUniqueOrThrow({ where: { id: paused.body.id } });
    expect(row.createdByKeyId).toBe(requester.id);
    const { approvalId } = paused.body.requiredAction.approvals[0];
    const path = `/v1/generations/${paused.body.id}/approvals/${approvalId}`;

    const self = await callAs(stack, requester.key, 'POST', path, { approved: true });
    expect(self.status, JSON.stringify(self.body)).toBe(403);
    expect(self.body.error.code).toBe('forbidden');
    // A key the requester mints counts as the requester, and so does one minted by that key.
    const minted = await mintKey(stack, [{ effect: 'Allow', action: ['*'], resource: ['*'] }], requester.key);
    const mintedByMinted = await mintKey(stack, [{ effect: 'Allow', action: ['*'], resource: ['*'] }], minted.key);
    for (const key of [minted.key, mintedByMinted.key]) {
      const second = await callAs(stack, key, 'POST', path, { approved: true });
      expect(second.status, JSON.stringify(second.body)).toBe(403);
      expect(second.body.error.message).toMatch(/or a key minted by it/);
    }
    expect(writesTo().length).toBe(before);
    expect((await stack.api('GET', `/v1/approvals/${approvalId}`)).body.status).toBe('pending');

    const done = await decide(paused.body.id, approvalId, { approved: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', text: 'Granted.' });
    expect(writesTo().length).toBe(before + 1);
  });

  it('rule hooks deny matching calls before they run (first matching deny wins)', async () => {
    const { agentId } = await agentWith([
      {
        event: 'PreToolUse',
        type: 'rule',
        matcher: 'database_write',
        config: {
          decision: 'deny',
          reason: 'no drops',
          conditions: [{ path: 'sql', operator: 'MATCHES', value: '^\\s*DROP\\b' }],
        },
      },
      {
        event: 'PreToolUse',
        type: 'rule',
        config: {
          decision: 'deny',
          reason: 'prod is off limits',
          conditions: [{ path: 'sql', operator: 'CONTAINS', value: 'prod.' }],
        },
      },
    ]);
    model.script(
      calls(
        ['database_write', { sql: 'DROP TABLE a' }, 'r1'],
        ['database_read', { sql: 'select * from prod.users' }, 'r2'],
        ['database_read', { sql: 'select 1' }, 'r3'],
      ),
      { text: 'ok' },
    );
    const before = writesTo().length;
    const res = await generate(agentId, { prompt: 'rules' });
    expect(res.body.status).toBe('completed');
    const results = toolMessages(model.requests[1]!.messages);
    expect(JSON.parse(results.r1!)).toMatchObject({ reason: 'no drops' });
    expect(JSON.parse(results.r2!)).toMatchObject({ reason: 'prod is off limits' });
    expect(JSON.parse(results.r3!)).toMatchObject({ rows: [1, 2, 3] });
    expect(writesTo().length).toBe(before);
  });

  it('http hooks: PreToolUse modifies arguments, PostToolUse replaces the result, PreResponse rewrites the text; requests are signed', async () => {
    const secret = 'hook-signing-secret-0123456789';
    hooks.route('/pre', (req, res) =>
      json(res, 200, { decision: 'modify', arguments: { sql: `${req.body.arguments.sql} LIMIT 10` } }),
    );
    hooks.route('/post', (req, res) =>
      json(res, 200, { decision: 'modify', result: { redacted: true, count: req.body.result.rows.length } }),
    );
    hooks.route('/response', (req, res) => json(res, 200, { decision: 'modify', text: `${req.body.text} (reviewed)` }));
    const { agentId } = await agentWith([
      { event: 'PreToolUse', type: 'http', matcher: 'database_read', config: { url: `${hooks.url}/pre`, secret } },
      { event: 'PostToolUse', type: 'http', matcher: 'database_read', config: { url: `${hooks.url}/post` } },
      { event: 'PreResponse', type: 'http', config: { url: `${hooks.url}/response` } },
    ]);
    model.script(calls(['database_read', { sql: 'select *' }, 'h1']), { text: 'Three rows.' });
    const res = await generate(agentId, { prompt: 'read' });
    expect(res.body).toMatchObject({ status: 'completed', text: 'Three rows. (reviewed)' });
    expect(tools.requests.filter((r) => r.path === '/read').at(-1)!.body).toEqual({ sql: 'select * LIMIT 10' });
    expect(JSON.parse(toolMessages(model.requests[1]!.messages).h1!)).toEqual({ redacted: true, count: 3 });

    // Standard Webhooks signature, verified independently.
    const pre = hooks.requests.filter((r) => r.path === '/pre').at(-1)!;
    const id = pre.headers['webhook-id'] as string;
    const ts = pre.headers['webhook-timestamp'] as string;
    const expected = `v1,${createHmac('sha256', secret)
      .update(`${id}.${ts}.${JSON.stringify(pre.body)}`)
      .digest('base64')}`;
    expect(pre.headers['webhook-signature']).toBe(expected);
    expect(pre.body).toMatchObject({
      event: 'PreToolUse',
      generationId: res.body.id,
      toolName: 'database_read',
      toolCallId: 'h1',
      arguments: { sql: 'select *' },
    });
    const hookEntries = res.body.steps
      .filter((s: { type: string }) => s.type === 'hook')
      .map((s: { event: string; decision: string }) => `${s.event}:${s.decision}`);
    expect(hookEntries).toEqual(['PreToolUse:modify', 'PostToolUse:modify', 'PreResponse:modify']);
  });

  it('http hooks deny: PreToolUse blocks the call, PreResponse replaces the answer, OnRunStart blocks the run', async () => {
    hooks.route('/deny', (_req, res) => json(res, 200, { decision: 'deny', reason: 'not today' }));
    const denyCall = await agentWith([{ event: 'PreToolUse', type: 'http', config: { url: `${hooks.url}/deny` } }]);
    model.script(calls(['database_write', { sql: 'x' }, 'd1']), { text: 'blocked it seems' });
    const before = writesTo().length;
    const r1 = await generate(denyCall.agentId, { prompt: 'write' });
    expect(r1.body.status).toBe('completed');
    expect(writesTo().length).toBe(before);
    expect(JSON.parse(toolMessages(model.requests[1]!.messages).d1!)).toMatchObject({ reason: 'not today' });

    model.reset();
    const denyResponse = await agentWith([
      { event: 'PreResponse', type: 'http', config: { url: `${hooks.url}/deny` } },
    ]);
    model.script({ text: 'something risky' });
    const r2 = await generate(denyResponse.agentId, { prompt: 'say it' });
    expect(r2.body).toMatchObject({ status: 'completed', stopReason: 'hook_blocked' });
    expect(r2.body.text).toMatch(/withheld by a policy hook: not today/);

    model.reset();
    const denyStart = await agentWith([{ event: 'OnRunStart', type: 'http', config: { url: `${hooks.url}/deny` } }]);
    const r3 = await generate(denyStart.agentId, { prompt: 'start' });
    expect(r3.body).toMatchObject({
      status: 'failed',
      stopReason: 'hook_blocked',
      error: { code: 'blocked_by_hook', message: 'not today' },
    });
    expect(model.requests).toHaveLength(0);
  });

  it('http hooks fail open (500, timeout, connection refused) and the failure is in the trace; OnRunComplete is told', async () => {
    hooks.route('/fail', (_req, res) => json(res, 500, { oops: true }));
    hooks.route('/slow', () => {
      /* never answers */
    });
    hooks.route('/complete', (_req, res) => json(res, 200, {}));
    const { agentId } = await agentWith([
      { event: 'PreToolUse', type: 'http', config: { url: `${hooks.url}/fail` } },
      { event: 'PreToolUse', type: 'http', config: { url: `${hooks.url}/slow`, timeoutSeconds: 1 } },
      { event: 'PreToolUse', type: 'http', config: { url: 'http://127.0.0.1:9/refused' } },
      { event: 'OnRunComplete', type: 'http', config: { url: `${hooks.url}/complete` } },
    ]);
    model.script(calls(['database_read', { sql: 'q' }, 'f1']), { text: 'fine anyway' });
    const res = await generate(agentId, { prompt: 'read' });
    expect(res.body).toMatchObject({ status: 'completed', text: 'fine anyway' });
    expect(JSON.parse(toolMessages(model.requests[1]!.messages).f1!)).toMatchObject({ rows: [1, 2, 3] });
    const errors = res.body.steps
      .filter((s: { type: string }) => s.type === 'hook')
      .map((s: { error?: string }) => s.error);
    expect(errors).toEqual([
      expect.stringMatching(/HTTP 500/),
      expect.stringMatching(/timed out after 1s/),
      expect.stringMatching(/unreachable/),
    ]);
    await stack.temporal.workflow.getHandle(res.body.id).result();
    const complete = hooks.requests.filter((r) => r.path === '/complete').at(-1)!;
    expect(complete.body).toMatchObject({
      event: 'OnRunComplete',
      generationId: res.body.id,
      status: 'completed',
      text: 'fine anyway',
    });
  });

  it('guardrails: blockPatterns replace the answer; requireToolFor makes the model call a tool first', async () => {
    const blocked = await agentWith([], {
      guardrails: { blockPatterns: ['\\b\\d{4}-\\d{4}-\\d{4}-\\d{4}\\b'], requireToolFor: [] },
    });
    model.script({ text: 'The card is 4111-1111-1111-1111.' });
    const r1 = await generate(blocked.agentId, { prompt: 'card?' });
    expect(r1.body).toMatchObject({ status: 'completed', stopReason: 'guardrail_blocked' });
    expect(r1.body.text).not.toContain('4111');

    model.reset();
    const required = await agentWith([], { guardrails: { blockPatterns: [], requireToolFor: ['\\bhow many\\b'] } });
    model.script(calls(['database_read', { sql: 'count' }]), { text: 'Three.' });
    const r2 = await generate(required.agentId, { prompt: 'How many rows are there?' });
    expect(r2.body).toMatchObject({ status: 'completed', text: 'Three.' });
    expect(model.requests[0]!.toolChoice).toBe('required');
    expect(model.requests[1]!.toolChoice).toBe('auto');
  });

  it('agent_clarify pauses for an answer and resumes with it as the tool result', async () => {
    const { agentId } = await agentWith([], { allowClarification: true });
    model.script(calls(['agent_clarify', { question: 'Which table?', reason: 'two match' }, 'q1']), {
      text: 'Using orders.',
    });
    const paused = await generate(agentId, { prompt: 'read the table' });
    expect(model.requests[0]!.tools!.map((t: { function: { name: string } }) => t.function.name)).toContain(
      'agent_clarify',
    );
    expect(paused.body).toMatchObject({
      status: 'requires_action',
      requiredAction: {
        type: 'answer_clarification',
        clarification: { question: 'Which table?', reason: 'two match', toolCallId: 'q1' },
      },
    });
    const bad = await stack.api('POST', `/v1/generations/${paused.body.id}/clarification`, { answer: '' });
    expect(bad.status).toBe(400);
    const done = await stack.api('POST', `/v1/generations/${paused.body.id}/clarification`, { answer: 'orders' });
    expect(done.body).toMatchObject({ status: 'completed', text: 'Using orders.' });
    expect(toolMessages(model.requests[1]!.messages).q1).toBe('orders');
    expect(
      (await stack.api('POST', `/v1/generations/${paused.body.id}/clarification`, { answer: 'again' })).status,
    ).toBe(409);
  });

  it('an answer naming its question is refused for a later question (a late retry), taken for its own', async () => {
    const { agentId } = await agentWith([], { allowClarification: true });
    model.script(
      calls(['agent_clarify', { question: 'Which table?' }, 'q1']),
      calls(['agent_clarify', { question: 'Which column?' }, 'q2']),
      { text: 'Summing orders.total.' },
    );
    const first = await generate(agentId, { prompt: 'sum it' });
    const id = first.body.id as string;
    const answer = (body: Record<string, unknown>) => stack.api('POST', `/v1/generations/${id}/clarification`, body);
    const second = await answer({ answer: 'orders', toolCallId: 'q1' });
    expect(second.body).toMatchObject({
      status: 'requires_action',
      requiredAction: { type: 'answer_clarification', clarification: { toolCallId: 'q2' } },
    });
    const late = await answer({ answer: 'orders', toolCallId: 'q1' });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'conflict' });
    expect(late.body.error.message).toMatch(/q2.*not q1/);
    expect((await stack.api('GET', `/v1/generations/${id}`)).body).toMatchObject({
      status: 'requires_action',
      requiredAction: { clarification: { toolCallId: 'q2' } },
    });
    const done = await answer({ answer: 'total', toolCallId: 'q2' });
    expect(done.body).toMatchObject({ status: 'completed', text: 'Summing orders.total.' });
    expect(toolMessages(model.requests[2]!.messages)).toMatchObject({ q1: 'orders', q2: 'total' });
  });
});
