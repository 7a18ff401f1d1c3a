import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAgent, createProvider, createTool, toolMessages, runBuiltinCall } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

describe('builtin tools in real generations', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    providerId = await createProvider(stack, model);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());

  const run = (builtin: Record<string, unknown>, args: unknown, agent: Record<string, unknown> = {}) =>
    runBuiltinCall(stack, model, providerId, builtin, args, agent);

  it('sends each builtin its real argument schema and description', async () => {
    const ids = await Promise.all(
      ['http_request', 'database_query', 'code_execute'].map((name) => createTool(stack, { type: 'builtin', name })),
    );
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: ids });
    model.script({ text: 'hi' });
    await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'hello' });
    const offered = Object.fromEntries(model.requests[0]!.tools!.map((t: any) => [t.function.name, t.function]));
    expect(offered.http_request.parameters).toMatchObject({
      properties: { url: { type: 'string' }, method: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] } },
      required: ['url'],
    });
    expect(offered.database_query.parameters).toMatchObject({ required: ['sql'] });
    expect(offered.code_execute.parameters).toMatchObject({ required: ['code'] });
    expect(offered.code_execute.description).toMatch(/sandbox/);

    const doc = await stack.api('GET', '/v1/openapi.json');
    const builtin = doc.body.components.schemas.BuiltinTool;
    expect(builtin['x-builtins'].database_write).toMatchObject({
      parameters: { required: ['sql'] },
      requiresApprovalByDefault: true,
      secretConfigKeys: ['databaseUrl'],
    });
    expect(builtin['x-builtins'].http_request.config.properties.allowedHosts).toBeDefined();
  });

  it('GET /v1/builtin-tools lists every attachable builtin with its schemas, as the model is offered them', async () => {
    const res = await stack.api('GET', '/v1/builtin-tools');
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.data.map((b: { name: string }) => [b.name, b]));
    expect(Object.keys(byName)).toEqual(expect.arrayContaining(['http_request', 'web_search', 'memory_save']));
    expect(byName.agent_clarify).toBeUndefined(); // offered by the loop, not attached
    expect(byName.database_write).toMatchObject({
      parameters: { required: ['sql'] },
      secretConfigKeys: ['databaseUrl'],
      requiresApprovalByDefault: true,
    });
    expect(byName.http_request.requiresApprovalByDefault).toBe(false);
    expect(byName.http_request.config.properties.allowedHosts).toBeDefined();
    // The same argument schema a generation sends the model.
    const toolId = await createTool(stack, { type: 'builtin', name: 'web_scrape' });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    model.script({ text: 'hi' });
    await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'hello' });
    const offered = model.requests.at(-1)!.tools!.find((t: any) => t.function.name === 'web_scrape');
    expect(offered!.function.parameters).toEqual(byName.web_scrape.parameters);
  });

  describe('http_request', () => {
    it('calls the URL with method, headers and body, and caps the response body', async () => {
      tools.route('/echo', (req, res) => json(res, 201, { got: req.body, auth: req.headers['x-token'] }));
      tools.route('/big', (_req, res) => json(res, 200, { data: 'x'.repeat(50_000) }));
      const { res, observe } = await run(
        { name: 'http_request' },
        { url: `${tools.url}/echo`, method: 'POST', headers: { 'x-token': 't1' }, body: { a: 1 } },
      );
      expect(res.body.status).toBe('completed');
      expect(observe).toMatchObject({ status: 'success', result: { status: 201 } });
      expect(JSON.parse(observe!.result.body)).toEqual({ got: { a: 1 }, auth: 't1' });

      model.reset();
      const big = await run({ name: 'http_request' }, { url: `${tools.url}/big` });
      expect(big.observe!.result.status).toBe(200);
      expect(big.observe!.result.body.length).toBeLessThan(10_200);
      expect(big.observe!.result.body).toMatch(/truncated/);
    });

    it('refuses hosts outside config.allowedHosts and bad arguments with an error result', async () => {
      const before = tools.connections;
      const { observe } = await run(
        { name: 'http_request', config: { allowedHosts: ['api.example.com'] } },
        { url: `${tools.url}/echo` },
      );
      expect(observe).toMatchObject({ status: 'error', result: { error: expect.stringMatching(/allowedHosts/) } });
      model.reset();
      const bad = await run({ name: 'http_request' }, { url: 'ftp://x', method: 'GET' });
      expect(bad.observe).toMatchObject({ status: 'error' });
      expect(tools.connections).toBe(before);
    });
  });

  describe('web_scrape', () => {
    it('returns the readable article as markdown, or the links, with no external service', async () => {
      tools.route('/article', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          '<html><head><title>Durable news</title></head><body><nav><a href="/home">Home</a></nav>' +
            '<article><h1>Durable agents ship</h1><p>Workflows survive <strong>crashes</strong> of the worker, the API and the server. ' +
            'Every generation is a workflow, and every side effect is an activity recorded once.</p>' +
            '<p>Read the <a href="/docs">docs</a> for more about pauses, approvals and streaming of tokens.</p></article>' +
            '<footer>cookie banner</footer></body></html>',
        );
      });
      const md = await run({ name: 'web_scrape' }, { url: `${tools.url}/article` });
      expect(md.observe).toMatchObject({ status: 'success', result: { format: 'markdown', title: 'Durable news' } });
      expect(md.observe!.result.content).toMatch(/\*\*crashes\*\*/);
      expect(md.observe!.result.content).toMatch(/\[docs\]\(/);
      model.reset();
      const links = await run({ name: 'web_scrape' }, { url: `${tools.url}/article`, format: 'links' });
      expect(links.observe!.result.content).toEqual(expect.arrayContaining([`${tools.url}/home`, `${tools.url}/docs`]));
    });
  });

  describe('code_execute', () => {
    it('runs JavaScript and returns its output and last value', async () => {
      const { observe } = await run(
        { name: 'code_execute' },
        { code: 'const xs = [1,2,3]; console.log("sum", xs.reduce((a,b)=>a+b)); ({ n: xs.length })' },
      );
      expect(observe).toMatchObject({ status: 'success', result: { output: 'sum 6\n', result: { n: 3 } } });
    });

    it('has no require, process, fetch or environment', async () => {
      const { observe } = await run(
        { name: 'code_execute' },
        { code: '[typeof require, typeof process, typeof fetch, typeof globalThis.Deno, typeof XMLHttpRequest]' },
      );
      expect(observe!.result.result).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
    });

    it('stops an infinite loop at the time limit and a memory bomb at the memory limit', async () => {
      const loop = await run({ name: 'code_execute', config: { timeoutMs: 500 } }, { code: 'while (true) {}' });
      expect(loop.res.body.status).toBe('completed');
      expect(loop.observe).toMatchObject({ status: 'timeout', result: { error: expect.stringMatching(/time limit/) } });
      model.reset();
      const bomb = await run(
        { name: 'code_execute', config: { memoryLimitMb: 16, timeoutMs: 20_000 } },
        { code: 'const a = []; for (;;) a.push({ x: [1, 2, 3] })' },
      );
      expect(bomb.observe).toMatchObject({ status: 'error', result: { error: expect.stringMatching(/memory/) } });
    });

    it('caps the output', async () => {
      const { observe } = await run(
        { name: 'code_execute' },
        { code: 'for (let i = 0; i < 100000; i++) console.log("line " + i)' },
      );
      expect(observe!.result.output.length).toBeLessThanOrEqual(20_000);
      expect(observe!.result.outputTruncated).toBe(true);
    });

    it('delegates other languages to the sandbox from settings, and says so when none is configured', async () => {
      const none = await run({ name: 'code_execute' }, { code: 'print(1)', language: 'python' });
      expect(none.observe).toMatchObject({
        status: 'error',
        result: { error: expect.stringMatching(/Code sandbox is not configured/) },
      });
      tools.route('/sandbox', (req, res) =>
        json(res, 200, { stdout: '1\n', language: req.body.language, auth: req.headers.authorization }),
      );
      expect((await stack.api('PUT', '/v1/settings/CODE_SANDBOX_URL', { value: `${tools.url}/sandbox` })).status).toBe(
        200,
      );
      expect((await stack.api('PUT', '/v1/settings/CODE_SANDBOX_API_KEY', { value: 'sbx-key' })).status).toBe(200);
      model.reset();
      const ran = await run({ name: 'code_execute' }, { code: 'print(1)', language: 'python' });
      expect(ran.observe).toMatchObject({
        status: 'success',
        result: { stdout: '1\n', language: 'python', auth: 'Bearer sbx-key' },
      });
      await stack.api('DELETE', '/v1/settings/CODE_SANDBOX_URL');
    });
  });

  describe('settings', () => {
    it('stores secret values encrypted and never returns them; refuses unknown keys and bad values', async () => {
      const put = await stack.api('PUT', '/v1/settings/CODE_SANDBOX_API_KEY', { value: 'very-secret' });
      expect(put.body).toMatchObject({ key: 'CODE_SANDBOX_API_KEY', secret: true, value: null, hasValue: true });
      const row = await stack.db.projectSetting.findFirstOrThrow({ where: { key: 'CODE_SANDBOX_API_KEY' } });
      expect(row.value).toBeNull();
      expect(row.valueEncrypted).not.toContain('very-secret');
      const list = await stack.api('GET', '/v1/settings');
      expect(JSON.stringify(list.body)).not.toContain('very-secret');
      const plain = await stack.api('PUT', '/v1/settings/CODE_SANDBOX_URL', { value: 'https://sandbox.example.com' });
      expect(plain.body).toMatchObject({ value: 'https://sandbox.example.com', secret: false });
      expect((await stack.api('PUT', '/v1/settings/CODE_SANDBOX_URL', { value: 'not a url' })).status).toBe(422);
      expect((await stack.api('PUT', '/v1/settings/NOPE', { value: 'x' })).status).toBe(400);
      expect((await stack.api('PUT', '/v1/settings/CODE_SANDBOX_URL', { value: 'x', extra: 1 })).status).toBe(400);
      expect((await stack.api('DELETE', '/v1/settings/CODE_SANDBOX_URL')).status).toBe(204);
      expect((await stack.api('GET', '/v1/settings/CODE_SANDBOX_URL')).body).toMatchObject({
        hasValue: false,
        value: null,
      });
    });
  });
});

describe('SSRF guard on http_request and web_scrape', () => {
  let guarded: TestStack;
  let model: ModelServer;
  let internal: ToolServer;
  let redirector: Server;
  let redirectorUrl: string;
  let providerId: string;

  beforeAll(async () => {
    [guarded, model, internal] = await Promise.all([
      startStack({ env: { SSRF_ALLOWLIST: '127.0.0.2' } }),
      startModelServer({ host: '127.0.0.2' }),
      startToolServer(),
    ]);
    internal.route('/secret', (_req, res) => json(res, 200, { secret: 'internal' }));
    // An allowed host that redirects to the internal one.
    redirector = createServer((req, res) => {
      res.writeHead(302, { location: `${internal.url}/secret` });
      res.end();
    });
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.2', () => r()));
    const addr = redirector.address();
    redirectorUrl = `http://127.0.0.2:${typeof addr === 'object' && addr ? addr.port : 0}`;
    providerId = await createProvider(guarded, model);
  });
  afterAll(async () => {
    await guarded?.close();
    await model?.close();
    await internal?.close();
    redirector?.closeAllConnections();
    await new Promise<void>((r) => (redirector ? redirector.close(() => r()) : r()));
  });

  it('refuses loopback, private, metadata, IPv6-mapped, DNS-to-loopback and redirects to them: zero connections', async () => {
    const port = new URL(internal.url).port;
    const urls = [
      `http://127.0.0.1:${port}/secret`,
      `http://localhost:${port}/secret`,
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::ffff:127.0.0.1]:${port}/secret`,
      'http://[::ffff:169.254.169.254]/',
      'http://[fd00::1]/',
      `${redirectorUrl}/go`,
    ];
    const toolIds = await Promise.all(
      ['http_request', 'web_scrape'].map((name) => createTool(guarded, { type: 'builtin', name })),
    );
    const agentId = await createAgent(guarded, { aiProviderId: providerId, toolIds });
    const before = internal.connections;
    model.script(
      {
        text: '',
        toolCalls: urls.flatMap((url, i) => [
          { id: `u${i}`, name: 'http_request', arguments: { url } },
          { id: `s${i}`, name: 'web_scrape', arguments: { url } },
        ]),
      },
      { text: 'done' },
    );
    const res = await guarded.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'fetch' });
    expect(res.body.status).toBe('completed');
    const results = toolMessages(model.requests[1]!.messages);
    for (const [i] of urls.entries()) {
      expect(JSON.parse(results[`u${i}`]!).error).toMatch(/Blocked request/);
      expect(JSON.parse(results[`s${i}`]!).error).toMatch(/Blocked request/);
    }
    expect(internal.connections).toBe(before);
    expect(internal.requests).toHaveLength(0);
  });
});
