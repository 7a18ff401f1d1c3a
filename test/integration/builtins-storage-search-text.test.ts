import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signDownload } from '../../infra/storage/download-url.js';
import { call, createAgent, createProvider, createTool, toolMessages } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';

type Step = { type: string; toolCallId?: string; status?: string; result?: any; usage?: any; model?: string };
const observeOf = (body: { steps: Step[] }, id: string) =>
  body.steps.find((s) => s.type === 'observe' && s.toolCallId === id)!;

/** A local server answering like the Brave Search web search API; records each request. */
async function startFakeBrave(host = '127.0.0.1') {
  const seen: Array<{ url: URL; headers: IncomingMessage['headers'] }> = [];
  let connections = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push({ url, headers: req.headers });
    if (url.pathname !== '/res/v1/web/search') {
      res.writeHead(404).end();
      return;
    }
    if (req.headers['x-subscription-token'] !== 'brave-key') {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'ErrorResponse', error: { code: 'SUBSCRIPTION_TOKEN_INVALID', status: 401 } }));
      return;
    }
    const q = url.searchParams.get('q') ?? '';
    const count = Number(url.searchParams.get('count') ?? 20);
    const results = Array.from({ length: 20 }, (_, i) => ({
      title: `Result ${i} about <strong>${q}</strong>`,
      url: `https://example.com/${i}`,
      description: `The <strong>${q}</strong> page number ${i} &amp; more`,
      is_source_local: false,
    }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        type: 'search',
        query: { original: q },
        web: { type: 'search', results: results.slice(0, count) },
      }),
    );
  });
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, host, () => r()));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://${host}:${port}/res/v1/web/search`,
    seen,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe('storage, web_search and text builtins in real generations', () => {
  let stack: TestStack;
  let model: ModelServer;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  let providerId: string;
  let dataDir: string;
  let bucketDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'da-storage-'));
    [stack, model, brave] = await Promise.all([
      startStack({ env: { DATA_DIR: dataDir } }),
      startModelServer(),
      startFakeBrave(),
    ]);
    providerId = await createProvider(stack, model);
    bucketDir = join(dataDir, 'storage', stack.projectId, 'default');
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await brave?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => model.reset());

  async function agentWith(...builtins: Array<Record<string, unknown>>) {
    const ids = await Promise.all(builtins.map((b) => createTool(stack, { type: 'builtin', ...b })));
    return createAgent(stack, { aiProviderId: providerId, toolIds: ids });
  }

  async function runCalls(agentId: string, toolCalls: Array<{ id: string; name: string; arguments: unknown }>) {
    model.script({ text: '', toolCalls }, { text: 'done' });
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'go' });
    expect(res.body.status).toBe('completed');
    return res.body;
  }

  it('offers each new builtin its argument schema, and documents them in x-builtins', async () => {
    const names = ['storage_read', 'storage_write', 'storage_list', 'web_search', 'summarize', 'generate_text'];
    const agentId = await agentWith(...names.map((name) => ({ name })));
    model.script({ text: 'hi' });
    await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'hello' });
    const offered = Object.fromEntries(model.requests[0]!.tools!.map((t: any) => [t.function.name, t.function]));
    expect(offered.storage_read.parameters).toMatchObject({
      required: ['path'],
      properties: { mode: { enum: ['auto', 'url'] } },
    });
    expect(offered.storage_write.parameters).toMatchObject({ required: ['path', 'content'] });
    expect(offered.storage_list.parameters.properties).toMatchObject({ prefix: {}, limit: {}, offset: {} });
    expect(offered.web_search.parameters).toMatchObject({ required: ['query'] });
    expect(offered.summarize.parameters).toMatchObject({ required: ['text'] });
    expect(offered.generate_text.parameters).toMatchObject({ required: ['prompt'] });
    expect(offered.web_search.description).toMatch(/Search the web/);

    const doc = await stack.api('GET', '/v1/openapi.json');
    const catalog = doc.body.components.schemas.BuiltinTool['x-builtins'];
    for (const n of names)
      expect(catalog[n]).toMatchObject({ description: expect.any(String), limits: expect.any(String) });
    expect(catalog.storage_write.config.properties.maxWriteBytes).toBeDefined();
    expect(doc.body.paths['/v1/storage/download'].get.operationId).toBe('downloadStoredFile');
  });

  describe('storage', () => {
    it('writes text, reads it back, lists with prefix/limit/offset; the file is under DATA_DIR for this project', async () => {
      const agentId = await agentWith({ name: 'storage_write' }, { name: 'storage_read' }, { name: 'storage_list' });
      const body = await runCalls(agentId, [
        { id: 'w1', name: 'storage_write', arguments: { path: 'notes/a.md', content: 'héllo ✓' } },
        { id: 'w2', name: 'storage_write', arguments: { path: 'notes/b.md', content: 'b' } },
        { id: 'w3', name: 'storage_write', arguments: { path: 'notes/c.md', content: 'c' } },
        { id: 'w4', name: 'storage_write', arguments: { path: 'other.txt', content: 'o' } },
        { id: 'w5', name: 'storage_write', arguments: { path: 'notes/a.md', content: 'no', overwrite: false } },
        { id: 'w6', name: 'storage_write', arguments: { path: 'notes/b.md', content: 'b', overwrite: false } },
        { id: 'r1', name: 'storage_read', arguments: { path: 'notes/a.md' } },
        { id: 'r2', name: 'storage_read', arguments: { path: 'notes/missing.md' } },
        { id: 'l1', name: 'storage_list', arguments: { prefix: 'notes/', limit: 2, offset: 1 } },
        { id: 'l2', name: 'storage_list', arguments: {} },
      ]);
      expect(observeOf(body, 'w1')).toMatchObject({ status: 'success', result: { path: 'notes/a.md', size: 10 } });
      expect(observeOf(body, 'w5')).toMatchObject({
        status: 'error',
        result: { error: expect.stringMatching(/already exists/) },
      });
      // The same content again without overwrite (what a retry after a crash does) is not an error.
      expect(observeOf(body, 'w6')).toMatchObject({ status: 'success', result: { unchanged: true } });
      expect(observeOf(body, 'r1')).toMatchObject({ status: 'success', result: { content: 'héllo ✓', size: 10 } });
      expect(observeOf(body, 'r2')).toMatchObject({
        status: 'error',
        result: { error: 'No file at notes/missing.md' },
      });
      expect(observeOf(body, 'l1').result).toMatchObject({
        total: 3,
        hasMore: false,
        files: [
          { path: 'notes/b.md', size: 1 },
          { path: 'notes/c.md', size: 1 },
        ],
      });
      expect(observeOf(body, 'l2').result.files.map((f: { path: string }) => f.path)).toEqual([
        'notes/a.md',
        'notes/b.md',
        'notes/c.md',
        'other.txt',
      ]);
      expect(readFileSync(join(bucketDir, 'notes', 'a.md'), 'utf8')).toBe('héllo ✓');
    });

    it('caps text writes at maxWriteBytes and refuses incomplete, stray or unknown backend config', async () => {
      const agentId = await agentWith({ name: 'storage_write', config: { maxWriteBytes: 10 } });
      const body = await runCalls(agentId, [
        { id: 'big', name: 'storage_write', arguments: { path: 'big.txt', content: 'x'.repeat(11) } },
        { id: 'bin', name: 'storage_write', arguments: { path: 'bin.txt', content: { bytes: [1, 2] } } },
      ]);
      expect(observeOf(body, 'big')).toMatchObject({
        status: 'error',
        result: { error: expect.stringMatching(/at most 10 bytes/) },
      });
      expect(observeOf(body, 'bin')).toMatchObject({
        status: 'error',
        result: { error: expect.stringMatching(/only text/) },
      });
      expect(existsSync(join(bucketDir, 'big.txt'))).toBe(false);

      // S3 settings come with backend "s3" and its required fields; none is ever accepted and ignored.
      const refused = async (config: Record<string, unknown>) => {
        const res = await stack.api('POST', '/v1/tools', { type: 'builtin', name: 'storage_read', config });
        expect(res.status).toBe(400);
        return res.body.error.details.map((d: { path: string }) => d.path);
      };
      expect(
        await refused({ backend: 's3', endpoint: 'http://127.0.0.1:9000', accessKeyId: 'a', secretAccessKey: 'b' }),
      ).toEqual(['body.config.s3Bucket']);
      expect(await refused({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true })).toEqual(
        expect.arrayContaining(['body.config.endpoint', 'body.config.forcePathStyle']),
      );
      expect(await refused({ backend: 'ftp' })).toEqual(['body.config.backend']);
      expect(await refused({ backend: 's3', endpoint: 'file:///etc', s3Bucket: 'bucket-1', accessKeyId: 'a' })).toEqual(
        ['body.config.endpoint'],
      );
      expect(
        await refused({
          backend: 's3',
          endpoint: 'http://h',
          s3Bucket: 'bucket-1',
          accessKeyId: 'a',
          keyPrefix: 'a/../b',
        }),
      ).toEqual(['body.config.keyPrefix']);
      expect(await refused({ sessionToken: 'x' })).toEqual(['body.config.sessionToken']);
    });

    it('refuses traversal, absolute, encoded and backslash paths (NUL: unit test) and never follows symlinks', async () => {
      const outside = join(dataDir, 'outside.txt');
      writeFileSync(outside, 'outside secret');
      const otherProject = join(dataDir, 'storage', 'prj_other', 'default');
      mkdirSync(otherProject, { recursive: true });
      writeFileSync(join(otherProject, 'theirs.txt'), 'other project secret');
      mkdirSync(bucketDir, { recursive: true });
      symlinkSync(outside, join(bucketDir, 'link.txt'));
      symlinkSync(dataDir, join(bucketDir, 'linkdir'));
      const agentId = await agentWith({ name: 'storage_read' }, { name: 'storage_write' });
      const bad = [
        '../outside.txt',
        '../../prj_other/default/theirs.txt',
        'notes/../../outside.txt',
        '/etc/passwd',
        join(dataDir, 'outside.txt'),
        '%2e%2e/%2e%2e/prj_other/default/theirs.txt',
        '..%2f..%2foutside.txt',
        'a\\..\\..\\outside.txt',
        './notes/a.md',
        'link.txt',
        'linkdir/outside.txt',
      ];
      const body = await runCalls(agentId, [
        ...bad.map((path, i) => ({ id: `r${i}`, name: 'storage_read', arguments: { path } })),
        ...bad.map((path, i) => ({ id: `w${i}`, name: 'storage_write', arguments: { path, content: 'pwned' } })),
      ]);
      for (const i of bad.keys()) {
        for (const id of [`r${i}`, `w${i}`]) {
          const o = observeOf(body, id);
          expect(o.status, `${id} ${bad[i]}`).toBe('error');
          expect(JSON.stringify(o.result)).not.toMatch(/outside secret|other project secret/);
        }
      }
      expect(observeOf(body, 'r9').result.error).toMatch(/symbolic link/);
      expect(observeOf(body, 'w10').result.error).toMatch(/not a folder/);
      expect(readFileSync(outside, 'utf8')).toBe('outside secret');
      expect(readFileSync(join(otherProject, 'theirs.txt'), 'utf8')).toBe('other project secret');
      expect(existsSync(join(dataDir, 'etc'))).toBe(false);
    });

    it('returns a signed, expiring URL for binary files that the API serves without an API key; tampering is refused', async () => {
      const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x01]);
      mkdirSync(join(bucketDir, 'img'), { recursive: true });
      writeFileSync(join(bucketDir, 'img', 'logo.png'), bytes);
      const agentId = await agentWith({ name: 'storage_read', config: { urlTtlSeconds: 120 } });
      const body = await runCalls(agentId, [
        { id: 'b1', name: 'storage_read', arguments: { path: 'img/logo.png' } },
        { id: 't1', name: 'storage_read', arguments: { path: 'notes/b.md', mode: 'url' } },
      ]);
      const read = observeOf(body, 'b1');
      expect(read).toMatchObject({ status: 'success', result: { binary: true, size: 8, path: 'img/logo.png' } });
      const expiresAt = Date.parse(read.result.expiresAt);
      expect(expiresAt - Date.now()).toBeGreaterThan(60_000);
      expect(expiresAt - Date.now()).toBeLessThanOrEqual(120_000);
      const url = new URL(read.result.url, stack.url);
      expect(url.pathname).toBe('/v1/storage/download');

      const got = await fetch(url); // no API key
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
      expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="?logo\.png"?$/);
      const text = await fetch(new URL(observeOf(body, 't1').result.url, stack.url));
      expect(await text.text()).toBe('b');

      const variant = (change: Record<string, string>) => {
        const u = new URL(url);
        for (const [k, v] of Object.entries(change)) u.searchParams.set(k, v);
        return fetch(u);
      };
      const sig = url.searchParams.get('signature')!;
      const refused = await Promise.all([
        variant({ signature: sig.slice(0, -2) + (sig.endsWith('AA') ? 'BB' : 'AA') }),
        variant({ path: 'notes/a.md' }),
        variant({ project: 'prj_other' }),
        variant({ expires: String(Number(url.searchParams.get('expires')) + 3600) }),
        variant({ bucket: 'other' }),
      ]);
      for (const r of refused) {
        expect(r.status).toBe(403);
        expect(((await r.json()) as any).error.code).toBe('forbidden');
      }
      // Signed with the server secret but expired: 403.
      const past = Math.floor(Date.now() / 1000) - 10;
      const ticket = { project: stack.projectId, bucket: 'default', path: 'img/logo.png', expires: past };
      const expired = await variant({ expires: String(past), signature: signDownload(stack.runtime.secrets, ticket) });
      expect(expired.status).toBe(403);
      expect(((await expired.json()) as any).error.message).toMatch(/expired/);
      // A valid signature for another project names that project's file only: absent here → 404.
      const future = Math.floor(Date.now() / 1000) + 60;
      const other = { project: 'prj_other', bucket: 'default', path: 'img/logo.png', expires: future };
      const otherRes = await variant({
        project: 'prj_other',
        expires: String(future),
        signature: signDownload(stack.runtime.secrets, other),
      });
      expect(otherRes.status).toBe(404);
      // Bad query → 400, never a 500.
      expect((await fetch(new URL('/v1/storage/download?path=x', stack.url))).status).toBe(400);
    });
  });

  describe('web_search', () => {
    it('answers with a clear error until WEB_SEARCH_API_KEY is set, then calls the search API', async () => {
      const agentId = await agentWith({ name: 'web_search', config: { maxResults: 3 } });
      const before = brave.seen.length;
      const none = await runCalls(agentId, [{ id: 's0', name: 'web_search', arguments: { query: 'durable agents' } }]);
      expect(observeOf(none, 's0')).toMatchObject({
        status: 'error',
        result: { error: expect.stringMatching(/not configured.*WEB_SEARCH_API_KEY/) },
      });
      expect(brave.seen.length).toBe(before);

      const put = await stack.api('PUT', '/v1/settings/WEB_SEARCH_API_KEY', { value: 'brave-key' });
      expect(put.body).toMatchObject({ secret: true, value: null, hasValue: true });
      const row = await stack.db.projectSetting.findFirstOrThrow({ where: { key: 'WEB_SEARCH_API_KEY' } });
      expect(row.valueEncrypted).not.toContain('brave-key');
      expect((await stack.api('PUT', '/v1/settings/WEB_SEARCH_URL', { value: brave.url })).status).toBe(200);

      model.reset();
      const body = await runCalls(agentId, [
        { id: 's1', name: 'web_search', arguments: { query: 'durable agents', count: 10 } },
        { id: 's2', name: 'web_search', arguments: { query: '' } },
      ]);
      const found = observeOf(body, 's1');
      expect(found).toMatchObject({ status: 'success', result: { query: 'durable agents' } });
      expect(found.result.results).toEqual(
        [0, 1, 2].map((i) => ({
          title: `Result ${i} about durable agents`,
          url: `https://example.com/${i}`,
          description: `The durable agents page number ${i} & more`,
        })),
      );
      expect(observeOf(body, 's2')).toMatchObject({ status: 'error' });
      const request = brave.seen.at(-1)!;
      expect(request.url.searchParams.get('q')).toBe('durable agents');
      expect(request.url.searchParams.get('count')).toBe('3');
      expect(request.headers['x-subscription-token']).toBe('brave-key');

      // A rejected key comes back as an error result, not a failed generation.
      await stack.api('PUT', '/v1/settings/WEB_SEARCH_API_KEY', { value: 'wrong-key' });
      model.reset();
      const rejected = await runCalls(agentId, [{ id: 's3', name: 'web_search', arguments: { query: 'x' } }]);
      expect(observeOf(rejected, 's3')).toMatchObject({
        status: 'error',
        result: { error: expect.stringMatching(/HTTP 401/) },
      });
      await stack.api('DELETE', '/v1/settings/WEB_SEARCH_URL');
      await stack.api('DELETE', '/v1/settings/WEB_SEARCH_API_KEY');
    });
  });

  describe('summarize and generate_text', () => {
    it('summarize makes a nested model call: its own trace entry with usage, counted in the generation usage', async () => {
      const agentId = await agentWith({ name: 'summarize', config: { model: 'summary-model' } });
      const text = 'Durable agents run each generation as a Temporal workflow. '.repeat(20);
      model.script(
        {
          ...call('summarize', { text, instructions: 'focus on durability', maxWords: 20 }, 'm1'),
          usage: { promptTokens: 100, completionTokens: 10 },
        },
        { text: 'Generations are workflows that survive crashes.', usage: { promptTokens: 40, completionTokens: 8 } },
        { text: 'done', usage: { promptTokens: 150, completionTokens: 3 } },
      );
      const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'summarise' });
      expect(res.body.status).toBe('completed');
      const nested = model.requests[1]!;
      expect(nested.stream).toBe(false);
      expect(nested.model).toBe('summary-model');
      expect(nested.tools).toBeUndefined();
      expect(nested.messages[0]).toMatchObject({
        role: 'system',
        content: expect.stringMatching(/focus on durability[\s\S]*at most 20 words/),
      });
      expect(nested.messages[1]).toMatchObject({ role: 'user', content: text });
      expect(model.requests[0]!.model).toBe('scripted-model');

      expect(observeOf(res.body, 'm1')).toMatchObject({
        status: 'success',
        result: { text: 'Generations are workflows that survive crashes.', model: 'summary-model' },
      });
      const entry = res.body.steps.find((s: Step) => s.type === 'model_call');
      expect(entry).toMatchObject({
        toolCallId: 'm1',
        toolName: 'summarize',
        model: 'summary-model',
        status: 'success',
        usage: { promptTokens: 40, completionTokens: 8 },
      });
      // The nested call sits right before the result it produced.
      const types = res.body.steps.map((s: Step) => s.type);
      expect(types.indexOf('model_call')).toBe(types.indexOf('observe') - 1);
      expect(res.body.usage).toEqual({ promptTokens: 290, completionTokens: 21, totalTokens: 311 });
      const trace = await stack.api('GET', `/v1/traces/${res.body.traceId}`);
      expect(trace.status).toBe(200);
      expect(trace.body.root.steps.filter((s: Step) => s.type === 'model_call')).toHaveLength(1);
      expect(trace.body.root.usage).toEqual(res.body.usage);
    });

    it('generate_text sends the prompt, system and maxTokens; a provider error is an error result, not a failure', async () => {
      const agentId = await agentWith({ name: 'generate_text', config: { maxTokens: 64 } });
      model.script(
        call('generate_text', { prompt: 'Write a haiku about queues', system: 'You are a poet.' }, 'g1'),
        { text: 'Tasks wait in line' },
        call('generate_text', { prompt: 'again' }, 'g2'),
        { fault: 'status', status: 400 },
        { text: 'done' },
      );
      const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'poem' });
      expect(res.body.status).toBe('completed');
      const nested = model.requests[1]!;
      expect(nested.body.max_tokens).toBe(64);
      expect(nested.messages).toEqual([
        { role: 'system', content: 'You are a poet.' },
        { role: 'user', content: 'Write a haiku about queues' },
      ]);
      expect(observeOf(res.body, 'g1')).toMatchObject({ status: 'success', result: { text: 'Tasks wait in line' } });
      expect(observeOf(res.body, 'g2')).toMatchObject({
        status: 'error',
        result: { error: expect.stringMatching(/answered 400/) },
      });
      const entries = res.body.steps.filter((s: Step) => s.type === 'model_call');
      expect(entries.map((e: Step) => e.status)).toEqual(['success', 'error']);
      const results = toolMessages(model.requests.at(-1)!.messages);
      expect(JSON.parse(results.g2!).error).toMatch(/answered 400/);
    });
  });
});

describe('web_search through the SSRF guard', () => {
  let guarded: TestStack;
  let model: ModelServer;
  let internal: Awaited<ReturnType<typeof startFakeBrave>>;
  let allowed: Awaited<ReturnType<typeof startFakeBrave>>;
  let providerId: string;

  beforeAll(async () => {
    [guarded, model, internal, allowed] = await Promise.all([
      startStack({ env: { SSRF_ALLOWLIST: '127.0.0.2' } }),
      startModelServer({ host: '127.0.0.2' }),
      startFakeBrave('127.0.0.1'),
      startFakeBrave('127.0.0.2'),
    ]);
    providerId = await createProvider(guarded, model);
  });
  afterAll(async () => {
    await guarded?.close();
    await model?.close();
    await internal?.close();
    await allowed?.close();
  });

  it('refuses a search URL on a blocked address (zero connections) and calls an allow-listed one', async () => {
    const toolId = await createTool(guarded, { type: 'builtin', name: 'web_search' });
    const agentId = await createAgent(guarded, { aiProviderId: providerId, toolIds: [toolId] });
    await guarded.api('PUT', '/v1/settings/WEB_SEARCH_API_KEY', { value: 'brave-key' });
    for (const [url, id] of [
      [internal.url, 'blocked'],
      [internal.url.replace('127.0.0.1', 'localhost'), 'blocked2'],
      [allowed.url, 'ok'],
    ] as const) {
      expect((await guarded.api('PUT', '/v1/settings/WEB_SEARCH_URL', { value: url })).status).toBe(200);
      model.reset();
      model.script(call('web_search', { query: 'q', count: 2 }, id), { text: 'done' });
      const res = await guarded.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'search' });
      expect(res.body.status).toBe('completed');
      const result = observeOf(res.body, id);
      if (id === 'ok')
        expect(result).toMatchObject({
          status: 'success',
          result: { results: [{ url: 'https://example.com/0' }, {}] },
        });
      else
        expect(result).toMatchObject({ status: 'error', result: { error: expect.stringMatching(/Blocked request/) } });
    }
    expect(internal.connections).toBe(0);
    expect(allowed.seen).toHaveLength(1);
  });
});
