import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calls, createAgent, createProvider, createTool, obj, toolMessages } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { expectError, expectStatus } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/**
 * Requests the worker makes for tenants (http tools, http hooks): secrets never follow a redirect to
 * another origin, hook answers are read through a byte cap; and arguments an approver edits pass the
 * same PreToolUse rules and parameter schema as the model's.
 */
describe('outbound requests and edited arguments', () => {
  let stack: TestStack;
  let model: ModelServer;
  let origin: ToolServer;
  let elsewhere: ToolServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, origin, elsewhere] = await Promise.all([
      startStack(),
      startModelServer(),
      startToolServer(),
      startToolServer(),
    ]);
    providerId = await createProvider(stack, model);
    elsewhere.route('/landing', (req, res) => json(res, 200, { landed: 'elsewhere', got: req.body }));
    origin.route('/landing', (req, res) => json(res, 200, { landed: 'origin', got: req.body }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await origin?.close();
    await elsewhere?.close();
  });
  beforeEach(() => model.reset());

  const redirect = (res: ServerResponse, status: number, location: string) => {
    res.writeHead(status, { location });
    res.end();
  };
  const secretHeaders = {
    'X-Api-Key': { value: 'tool-secret-value-1', secret: true },
    Authorization: { value: 'Bearer tool-secret-value-2', secret: true },
    'X-Plain': 'visible',
  };

  it('an http tool redirected to another origin arrives there without its secret headers; same-origin hops keep them', async () => {
    origin.route('/cross', (_req, res) => redirect(res, 307, `${elsewhere.url}/landing`));
    origin.route('/same', (_req, res) => redirect(res, 308, '/landing'));
    const cross = await createTool(stack, {
      type: 'http',
      name: 'cross_tool',
      parameters: obj({ q: { type: 'string' } }),
      execute: { url: `${origin.url}/cross`, headers: secretHeaders },
    });
    const same = await createTool(stack, {
      type: 'http',
      name: 'same_tool',
      parameters: obj({ q: { type: 'string' } }),
      execute: { url: `${origin.url}/same`, headers: secretHeaders },
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [cross, same] });
    model.script(calls(['cross_tool', { q: 'a' }, 'x1']), calls(['same_tool', { q: 'b' }, 's1']), { text: 'ok' });
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'go' });
    expect(res.body.status, JSON.stringify(res.body)).toBe('completed');

    const atOrigin = origin.requests.find((r) => r.path === '/cross')!;
    expect(atOrigin.headers['x-api-key']).toBe('tool-secret-value-1');
    const landed = elsewhere.requests.find((r) => r.path === '/landing')!;
    expect(landed.body).toEqual({ q: 'a' }); // 307 repeats method and body
    expect(landed.headers['x-api-key']).toBeUndefined();
    expect(landed.headers.authorization).toBeUndefined();
    expect(landed.headers['x-plain']).toBe('visible');
    expect(JSON.parse(toolMessages(model.requests[1]!.messages).x1!)).toMatchObject({ landed: 'elsewhere' });

    const sameLanded = origin.requests.find((r) => r.path === '/landing')!;
    expect(sameLanded.headers['x-api-key']).toBe('tool-secret-value-1');
    expect(sameLanded.headers.authorization).toBe('Bearer tool-secret-value-2');
    expect(JSON.parse(toolMessages(model.requests[2]!.messages).s1!)).toMatchObject({ landed: 'origin' });
    expect(JSON.stringify(elsewhere.requests)).not.toContain('tool-secret-value');
  });

  it('an http hook redirected to another origin sends its secret headers only to its own origin', async () => {
    origin.route('/hook', (_req, res) => redirect(res, 307, `${elsewhere.url}/hook-landing`));
    elsewhere.route('/hook-landing', (_req, res) => json(res, 200, { decision: 'allow' }));
    const tool = await createTool(stack, { type: 'client', name: 'noop', parameters: obj() });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [tool] });
    expectStatus(
      await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
        event: 'OnRunStart',
        type: 'http',
        config: { url: `${origin.url}/hook`, headers: { 'X-Hook-Key': { value: 'hook-secret-value', secret: true } } },
      }),
      201,
    );
    model.script({ text: 'hi' });
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'go' });
    expect(res.body.status).toBe('completed');
    expect(origin.requests.find((r) => r.path === '/hook')!.headers['x-hook-key']).toBe('hook-secret-value');
    const landed = elsewhere.requests.find((r) => r.path === '/hook-landing')!;
    expect(landed.headers['x-hook-key']).toBeUndefined();
    expect(landed.headers['webhook-signature']).toBeUndefined(); // not signed: no secret was configured
  });

  it('a hook answering more than the cap is cut off (reported as a failed hook), not read whole', async () => {
    origin.route('/huge', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // 4 MB of a valid decision padded with whitespace: read whole, it would parse.
      res.end(`{"decision":"deny","reason":"read whole"${' '.repeat(4_000_000)}}`);
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    expectStatus(
      await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
        event: 'OnRunStart',
        type: 'http',
        config: { url: `${origin.url}/huge` },
      }),
      201,
    );
    model.script({ text: 'ran' });
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'go' });
    expect(res.body).toMatchObject({ status: 'completed', text: 'ran' });
    const hookStep = res.body.steps.find((s: { type: string }) => s.type === 'hook');
    expect(hookStep).toMatchObject({ decision: 'allow' });
    expect(hookStep.error).toMatch(/exceeded/);
  });

  describe('approver-edited arguments', () => {
    async function gatedAgent(): Promise<{ agentId: string }> {
      const tool = await createTool(stack, {
        type: 'http',
        name: 'run_sql',
        parameters: {
          type: 'object',
          properties: { sql: { type: 'string', pattern: '^(SELECT|UPDATE) ' } },
          required: ['sql'],
          additionalProperties: false,
        },
        execute: { url: `${origin.url}/landing` },
      });
      const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [tool] });
      for (const hook of [
        {
          event: 'PreToolUse',
          type: 'rule',
          matcher: 'run_sql',
          config: {
            decision: 'deny',
            reason: 'no updates without WHERE',
            conditions: [{ path: 'sql', operator: 'MATCHES', value: '^UPDATE [a-z]+ SET [^W]*$' }],
          },
        },
        { event: 'PreToolUse', type: 'approval', matcher: 'run_sql', config: {} },
      ]) {
        const r = await stack.api('POST', `/v1/agents/${agentId}/hooks`, hook);
        expect(r.status, JSON.stringify(r.body)).toBe(201);
      }
      return { agentId };
    }

    it('are refused (422, nothing decided) when a PreToolUse rule denies them or they break the tool schema', async () => {
      const { agentId } = await gatedAgent();
      model.script(calls(['run_sql', { sql: 'SELECT 1' }, 'e1']), { text: 'done' });
      const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'q' });
      expect(paused.body.status, JSON.stringify(paused.body)).toBe('requires_action');
      const { approvalId } = paused.body.requiredAction.approvals[0];
      const decide = (args: Record<string, unknown>) =>
        stack.api('POST', `/v1/generations/${paused.body.id}/approvals/${approvalId}`, {
          approved: true,
          arguments: args,
        });

      const ruled = await decide({ sql: 'UPDATE t SET a = 1' });
      expectError(ruled, 422);
      expect(ruled.body.error.message).toContain('no updates without WHERE');
      for (const bad of [{ sql: 5 }, { sql: 'DELETE FROM t' }, { query: 'SELECT 1' }, { sql: 'SELECT 1', x: 1 }]) {
        const res = await decide(bad);
        expectError(res, 422);
        expect(res.body.error.details?.[0]?.path ?? '', JSON.stringify(res.body)).toMatch(/^body\.arguments/);
      }
      expect((await stack.api('GET', `/v1/approvals/${approvalId}`)).body.status).toBe('pending');
      const before = origin.requests.filter((r) => r.path === '/landing').length;

      const ok = await decide({ sql: 'UPDATE t SET a = 1 WHERE id = 2' });
      expect(ok.body).toMatchObject({ status: 'completed', text: 'done' });
      const sent = origin.requests.filter((r) => r.path === '/landing');
      expect(sent.length).toBe(before + 1);
      expect(sent.at(-1)!.body).toEqual({ sql: 'UPDATE t SET a = 1 WHERE id = 2' });
    });
  });
});
