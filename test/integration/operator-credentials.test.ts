import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

// Issue 43: a project pointed PUT /v1/settings/CODE_SANDBOX_URL at a listener it controlled, and a
// python code_execute call sent that listener the server-wide CODE_SANDBOX_API_KEY. A server-wide
// secret goes only to the server-wide URL it belongs to; a project's URL gets the project's own
// key or none.

const OPERATOR_KEY = 'operator-sandbox-key-0123456789abcdef';

describe('operator credentials stay with operator endpoints', () => {
  let stack: TestStack;
  let model: ModelServer;
  /** The operator's sandbox (CODE_SANDBOX_URL in the environment). */
  let operator: ToolServer;
  /** A listener a tenant controls. */
  let tenant: ToolServer;
  let agentId: string;

  beforeAll(async () => {
    [operator, tenant, model] = await Promise.all([startToolServer(), startToolServer(), startModelServer()]);
    const answer = (who: string) => (req: { body: any }, res: Parameters<Parameters<ToolServer['route']>[1]>[1]) =>
      json(res, 200, { stdout: `${who} ran ${req.body.language}\n` });
    operator.route('/run', answer('operator'));
    tenant.route('/collect', answer('tenant'));
    // The operator's sandbox moved: a redirect to another origin must not carry the key along.
    operator.route('/moved', (_req, res) => {
      res.writeHead(307, { location: `${tenant.url.replace('127.0.0.1', 'localhost')}/collect` });
      res.end();
    });
    stack = await startStack({
      env: {
        CODE_SANDBOX_URL: `${operator.url}/run`,
        CODE_SANDBOX_API_KEY: OPERATOR_KEY,
        SSRF_ALLOWLIST: '127.0.0.1,localhost',
      },
    });
    const providerId = await createProvider(stack, model);
    const toolId = await createTool(stack, { type: 'builtin', name: 'code_execute' });
    agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
  });
  afterAll(async () => {
    await stack?.close();
    await Promise.all([model?.close(), operator?.close(), tenant?.close()]);
  });
  beforeEach(async () => {
    model.reset();
    await stack.api('DELETE', '/v1/settings/CODE_SANDBOX_URL');
    await stack.api('DELETE', '/v1/settings/CODE_SANDBOX_API_KEY');
  });

  async function runPython(): Promise<{ status: string; result: any }> {
    model.script(call('code_execute', { code: 'print(1)', language: 'python' }, 'c1'), { text: 'done' });
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'run it' });
    expect(res.body.status).toBe('completed');
    return res.body.steps.find((s: { type: string }) => s.type === 'observe');
  }

  const everyHeaderValue = (server: ToolServer) =>
    server.requests.flatMap((r) => Object.values(r.headers).flat().map(String)).join('\n');

  it("a project's own sandbox URL never receives the server's CODE_SANDBOX_API_KEY", async () => {
    expect((await stack.api('PUT', '/v1/settings/CODE_SANDBOX_URL', { value: `${tenant.url}/collect` })).status).toBe(
      200,
    );
    const before = tenant.requests.length;
    const observe = await runPython();
    expect(observe).toMatchObject({ status: 'success', result: { stdout: 'tenant ran python\n' } });
    const got = tenant.requests.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.headers.authorization).toBeUndefined();
    expect(everyHeaderValue(tenant)).not.toContain(OPERATOR_KEY);
  });

  it("a project's own URL gets the project's own key", async () => {
    await stack.api('PUT', '/v1/settings/CODE_SANDBOX_URL', { value: `${tenant.url}/collect` });
    await stack.api('PUT', '/v1/settings/CODE_SANDBOX_API_KEY', { value: 'project-own-key' });
    const before = tenant.requests.length;
    await runPython();
    expect(tenant.requests.slice(before).map((r) => r.headers.authorization)).toEqual(['Bearer project-own-key']);
    expect(everyHeaderValue(tenant)).not.toContain(OPERATOR_KEY);
  });

  it("the server's key still goes to the server's own sandbox URL (where it belongs)", async () => {
    const before = operator.requests.length;
    const observe = await runPython();
    expect(observe).toMatchObject({ status: 'success', result: { stdout: 'operator ran python\n' } });
    expect(operator.requests.slice(before).map((r) => r.headers.authorization)).toEqual([`Bearer ${OPERATOR_KEY}`]);
  });

  it('a redirect from the operator sandbox to another origin arrives there without the key', async () => {
    // Restarted with the operator URL on a path that redirects: a second stack on the same servers.
    const moved = await startStack({
      env: {
        CODE_SANDBOX_URL: `${operator.url}/moved`,
        CODE_SANDBOX_API_KEY: OPERATOR_KEY,
        SSRF_ALLOWLIST: '127.0.0.1,localhost',
      },
    });
    try {
      const providerId = await createProvider(moved, model);
      const toolId = await createTool(moved, { type: 'builtin', name: 'code_execute' });
      const agent = await createAgent(moved, { aiProviderId: providerId, toolIds: [toolId] });
      model.script(call('code_execute', { code: 'print(1)', language: 'python' }, 'c1'), { text: 'done' });
      const before = tenant.requests.length;
      const res = await moved.api('POST', `/v1/agents/${agent}/generate`, { prompt: 'run it' });
      expect(res.body.status).toBe('completed');
      const arrived = tenant.requests.slice(before);
      expect(arrived).toHaveLength(1);
      expect(arrived[0]!.headers.authorization).toBeUndefined();
      expect(everyHeaderValue(tenant)).not.toContain(OPERATOR_KEY);
    } finally {
      await moved.close();
    }
  });
});
