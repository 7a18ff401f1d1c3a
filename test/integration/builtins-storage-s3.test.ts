import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signDownload } from '../../infra/storage/download-url.js';
import { createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { callAs, createProjectWithKey, expectStatus } from '../support/resources.js';
import { startS3Server, type S3Server } from '../support/s3-server.js';
import { startStack, type ApiResponse, type TestStack } from '../support/stack.js';

type Step = { type: string; toolCallId?: string; status?: string; result?: any };
type ToolCall = { id: string; name: string; arguments: unknown };
const observeOf = (body: { steps: Step[] }, id: string) =>
  body.steps.find((s) => s.type === 'observe' && s.toolCallId === id)!;

const S3_BUCKET = 'agent-files';
const SECRET = 's3-secret-access-key-value';

/**
 * The storage builtins on their S3 backend, against a real S3-compatible server (moto's server
 * mode) on 127.0.0.1 (allow-listed for the test stack, like the model servers).
 */
describe('storage builtins on an S3-compatible backend', () => {
  let stack: TestStack;
  let model: ModelServer;
  let s3: S3Server;
  let dataDir: string;
  let providerId: string;
  let s3Config: Record<string, unknown>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'da-storage-s3-'));
    [stack, model, s3] = await Promise.all([
      startStack({ env: { DATA_DIR: dataDir } }),
      startModelServer(),
      startS3Server(),
    ]);
    await s3.createBucket(S3_BUCKET);
    providerId = await createProvider(stack, model);
    s3Config = {
      backend: 's3',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      s3Bucket: S3_BUCKET,
      accessKeyId: 'agent-key',
      secretAccessKey: SECRET,
      forcePathStyle: true,
      keyPrefix: 'tenants',
    };
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await s3?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => model.reset());

  type Caller = (method: string, path: string, body?: unknown) => Promise<ApiResponse>;
  const asAdmin: Caller = (method, path, body) => stack.api(method, path, body);

  async function storageAgent(call: Caller, provider: string, extra: Record<string, Record<string, unknown>> = {}) {
    const ids: Record<string, string> = {};
    for (const name of ['storage_write', 'storage_read', 'storage_list']) {
      const res = await call('POST', '/v1/tools', {
        type: 'builtin',
        name,
        config: { ...s3Config, ...extra[name] },
      });
      expectStatus(res, 201);
      ids[name] = res.body.id;
    }
    const agent = await call('POST', '/v1/agents', {
      name: `s3 agent ${Math.random().toString(36).slice(2)}`,
      allowClarification: false,
      aiProviderId: provider,
      toolIds: Object.values(ids),
    });
    expectStatus(agent, 201);
    return { agentId: agent.body.id as string, tools: ids };
  }

  async function runCalls(call: Caller, agentId: string, toolCalls: ToolCall[]) {
    model.reset();
    model.script({ text: '', toolCalls }, { text: 'done' });
    const res = await call('POST', `/v1/agents/${agentId}/generate`, { prompt: 'go' });
    expect(res.body.status, JSON.stringify(res.body)).toBe('completed');
    return res.body;
  }

  const objectText = async (Key: string) => {
    const got = await s3.admin.send(new GetObjectCommand({ Bucket: S3_BUCKET, Key }));
    return got.Body!.transformToString();
  };
  const keysUnder = async (Prefix: string) =>
    ((await s3.admin.send(new ListObjectsV2Command({ Bucket: S3_BUCKET, Prefix }))).Contents ?? []).map((o) => o.Key);

  it('keeps the secret access key encrypted and never returns it', async () => {
    const { tools } = await storageAgent(asAdmin, providerId);
    for (const id of Object.values(tools)) {
      const shown = await stack.api('GET', `/v1/tools/${id}`);
      expectStatus(shown, 200);
      expect(shown.body.config).toMatchObject({ backend: 's3', secretAccessKey: '[secret]', s3Bucket: S3_BUCKET });
      expect(JSON.stringify(shown.body)).not.toContain(SECRET);
      const row = await stack.db.agentTool.findUniqueOrThrow({ where: { id } });
      expect(JSON.stringify(row.config)).not.toContain(SECRET);
    }
    const list = await stack.api('GET', '/v1/tools?limit=100');
    expect(JSON.stringify(list.body)).not.toContain(SECRET);
    const doc = await stack.api('GET', '/v1/openapi.json');
    const catalog = doc.body.components.schemas.BuiltinTool['x-builtins'];
    expect(catalog.storage_read.secretConfigKeys).toEqual(['secretAccessKey']);
    expect(catalog.storage_write.config.properties.backend.enum).toEqual(['filesystem', 's3']);
  });

  it('writes, reads and lists in the S3 bucket under <keyPrefix>/<project>/<bucket>/, nothing on disk', async () => {
    const { agentId, tools } = await storageAgent(asAdmin, providerId);
    // A PATCH without config keeps the encrypted secret (the generation below still signs its requests).
    expectStatus(await stack.api('PATCH', `/v1/tools/${tools.storage_write}`, { description: 'S3 writer' }), 200);
    const body = await runCalls(asAdmin, agentId, [
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
      { id: 'l3', name: 'storage_list', arguments: { limit: 1 } },
    ]);
    expect(observeOf(body, 'w1')).toMatchObject({ status: 'success', result: { path: 'notes/a.md', size: 10 } });
    expect(observeOf(body, 'w5')).toMatchObject({
      status: 'error',
      result: { error: expect.stringMatching(/already exists/) },
    });
    expect(observeOf(body, 'w6')).toMatchObject({ status: 'success', result: { unchanged: true } });
    expect(observeOf(body, 'r1')).toMatchObject({ status: 'success', result: { content: 'héllo ✓', size: 10 } });
    expect(observeOf(body, 'r2')).toMatchObject({ status: 'error', result: { error: 'No file at notes/missing.md' } });
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
    expect(observeOf(body, 'l3').result).toMatchObject({ total: 4, hasMore: true, files: [{ path: 'notes/a.md' }] });

    const base = `tenants/${stack.projectId}/default/`;
    expect(await objectText(`${base}notes/a.md`)).toBe('héllo ✓');
    expect((await keysUnder(base)).sort()).toEqual(
      ['notes/a.md', 'notes/b.md', 'notes/c.md', 'other.txt'].map((p) => base + p),
    );
    expect(existsSync(join(dataDir, 'storage'))).toBe(false);
  });

  it('the bucket config field names a folder of the project in the S3 bucket', async () => {
    const inBucket = { bucket: 'reports' };
    const { agentId } = await storageAgent(asAdmin, providerId, {
      storage_write: inBucket,
      storage_list: inBucket,
      storage_read: inBucket,
    });
    const body = await runCalls(asAdmin, agentId, [
      { id: 'w', name: 'storage_write', arguments: { path: 'q1.md', content: 'quarter' } },
      { id: 'l', name: 'storage_list', arguments: {} },
    ]);
    expect(observeOf(body, 'l').result).toMatchObject({ bucket: 'reports', total: 1, files: [{ path: 'q1.md' }] });
    expect(await objectText(`tenants/${stack.projectId}/reports/q1.md`)).toBe('quarter');
  });

  it('returns a signed URL for binary objects that the API streams from S3; tampering is refused', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x01]);
    const key = `tenants/${stack.projectId}/default/img/logo.png`;
    await s3.admin.send(new PutObjectCommand({ Bucket: S3_BUCKET, Key: key, Body: bytes }));
    const { agentId, tools } = await storageAgent(asAdmin, providerId, { storage_read: { urlTtlSeconds: 120 } });
    const body = await runCalls(asAdmin, agentId, [
      { id: 'b1', name: 'storage_read', arguments: { path: 'img/logo.png' } },
      { id: 'w1', name: 'storage_write', arguments: { path: 'doc.txt', content: 'text by url' } },
      { id: 't1', name: 'storage_read', arguments: { path: 'doc.txt', mode: 'url' } },
    ]);
    const read = observeOf(body, 'b1');
    expect(read).toMatchObject({ status: 'success', result: { binary: true, size: 8, path: 'img/logo.png' } });
    const expiresAt = Date.parse(read.result.expiresAt);
    expect(expiresAt - Date.now()).toBeGreaterThan(60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(120_000);
    const url = new URL(read.result.url, stack.url);
    expect(url.pathname).toBe('/v1/storage/download');
    expect(url.searchParams.get('tool')).toBe(tools.storage_read);

    const got = await fetch(url); // no API key
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="?logo\.png"?$/);
    expect(got.headers.get('content-length')).toBe('8');
    expect(await (await fetch(new URL(observeOf(body, 't1').result.url, stack.url))).text()).toBe('text by url');

    const variant = (change: Record<string, string | null>) => {
      const u = new URL(url);
      for (const [k, v] of Object.entries(change)) {
        if (v === null) u.searchParams.delete(k);
        else u.searchParams.set(k, v);
      }
      return fetch(u);
    };
    const refused = await Promise.all([
      variant({ tool: tools.storage_write! }),
      variant({ tool: null }),
      variant({ path: 'doc.txt' }),
      variant({ project: 'prj_other' }),
    ]);
    for (const r of refused) expect(r.status).toBe(403);

    // A valid signature naming a tool of another project (or a filesystem tool) finds no S3 backend: 404.
    const future = Math.floor(Date.now() / 1000) + 60;
    const signed = async (ticket: { project: string; tool: string }) => {
      const t = { ...ticket, bucket: 'default', path: 'img/logo.png', expires: future };
      return variant({
        project: t.project,
        tool: t.tool,
        expires: String(future),
        signature: signDownload(stack.runtime.secrets, t),
      });
    };
    expect((await signed({ project: 'prj_other', tool: tools.storage_read! })).status).toBe(404);
    const fsTool = await createTool(stack, { type: 'builtin', name: 'storage_read' });
    expect((await signed({ project: stack.projectId, tool: fsTool })).status).toBe(404);
    // The tool deleted: its URLs stop working.
    const doomed = await createTool(stack, { type: 'builtin', name: 'storage_read', config: s3Config });
    expect((await signed({ project: stack.projectId, tool: doomed })).status).toBe(200);
    expectStatus(await stack.api('DELETE', `/v1/tools/${doomed}`), 204);
    expect((await signed({ project: stack.projectId, tool: doomed })).status).toBe(404);
  });

  it('refuses traversal and malformed paths and caps writes at maxWriteBytes; nothing reaches S3', async () => {
    const { agentId } = await storageAgent(asAdmin, providerId, { storage_write: { maxWriteBytes: 10 } });
    const bad = [
      '../outside.txt',
      '../../prj_other/default/theirs.txt',
      'notes/../../other/x.txt',
      '/etc/passwd',
      '%2e%2e/%2e%2e/prj_other/default/theirs.txt',
      'a\\..\\..\\x.txt',
      './notes/a.md',
      'a//b.txt',
    ];
    const body = await runCalls(asAdmin, agentId, [
      ...bad.map((path, i) => ({ id: `r${i}`, name: 'storage_read', arguments: { path } })),
      ...bad.map((path, i) => ({ id: `w${i}`, name: 'storage_write', arguments: { path, content: 'pwned' } })),
      { id: 'big', name: 'storage_write', arguments: { path: 'big.txt', content: 'x'.repeat(11) } },
      { id: 'fits', name: 'storage_write', arguments: { path: 'fits.txt', content: 'x'.repeat(10) } },
    ]);
    for (const i of bad.keys()) {
      for (const id of [`r${i}`, `w${i}`]) {
        const o = observeOf(body, id);
        expect(o.status, `${id} ${bad[i]}`).toBe('error');
        expect(o.result.error, `${id} ${bad[i]}`).toMatch(/^Refused: /);
      }
    }
    expect(observeOf(body, 'big')).toMatchObject({
      status: 'error',
      result: { error: expect.stringMatching(/at most 10 bytes/) },
    });
    expect(observeOf(body, 'fits')).toMatchObject({ status: 'success', result: { size: 10 } });
    const keys = await keysUnder('');
    expect(keys.filter((k) => k?.includes('pwned') || k?.includes('..') || k?.includes('etc/passwd'))).toEqual([]);
    expect(keys).not.toContain(`tenants/${stack.projectId}/default/big.txt`);
    expect(keys).toContain(`tenants/${stack.projectId}/default/fits.txt`);
  });

  it('keeps two projects apart in the same S3 bucket with the same credentials', async () => {
    const other = await createProjectWithKey(stack);
    const asOther: Caller = (method, path, body) => callAs(stack, other.key, method, path, body);
    const otherProvider = await asOther('POST', '/v1/ai-providers', {
      name: 'scripted',
      kind: 'openai_compatible',
      baseUrl: model.url,
      apiKey: 'sk-other',
      defaultModel: 'scripted-model',
    });
    expectStatus(otherProvider, 201);
    const mine = await storageAgent(asAdmin, providerId);
    const theirs = await storageAgent(asOther, otherProvider.body.id);

    await runCalls(asAdmin, mine.agentId, [
      { id: 'w', name: 'storage_write', arguments: { path: 'shared-name.txt', content: 'mine' } },
    ]);
    const body = await runCalls(asOther, theirs.agentId, [
      { id: 'r0', name: 'storage_read', arguments: { path: 'shared-name.txt' } },
      { id: 'w', name: 'storage_write', arguments: { path: 'shared-name.txt', content: 'theirs', overwrite: false } },
      { id: 'r1', name: 'storage_read', arguments: { path: 'shared-name.txt' } },
      { id: 'x', name: 'storage_read', arguments: { path: `../../${stack.projectId}/default/shared-name.txt` } },
      { id: 'l', name: 'storage_list', arguments: {} },
    ]);
    // Their project does not see mine: no file at first, then their own write (overwrite false succeeds).
    expect(observeOf(body, 'r0')).toMatchObject({ status: 'error', result: { error: 'No file at shared-name.txt' } });
    expect(observeOf(body, 'w')).toMatchObject({ status: 'success' });
    expect(observeOf(body, 'r1')).toMatchObject({ status: 'success', result: { content: 'theirs' } });
    expect(observeOf(body, 'x')).toMatchObject({ status: 'error' });
    expect(observeOf(body, 'l').result.files).toEqual([expect.objectContaining({ path: 'shared-name.txt' })]);

    expect(await objectText(`tenants/${stack.projectId}/default/shared-name.txt`)).toBe('mine');
    expect(await objectText(`tenants/${other.projectId}/default/shared-name.txt`)).toBe('theirs');
  });

  it('answers an error result for a missing S3 bucket and for an endpoint the SSRF guard blocks', async () => {
    const missing = await createTool(stack, {
      type: 'builtin',
      name: 'storage_list',
      config: { ...s3Config, s3Bucket: 'no-such-bucket' },
    });
    const blocked = await createTool(stack, {
      type: 'builtin',
      name: 'storage_read',
      config: { ...s3Config, endpoint: 'http://169.254.169.254' },
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [missing, blocked] });
    const body = await runCalls(asAdmin, agentId, [
      { id: 'm', name: 'storage_list', arguments: {} },
      { id: 'b', name: 'storage_read', arguments: { path: 'a.txt' } },
    ]);
    expect(observeOf(body, 'm')).toMatchObject({
      status: 'error',
      result: { error: expect.stringMatching(/S3 service answered 404 NoSuchBucket/) },
    });
    expect(observeOf(body, 'b')).toMatchObject({
      status: 'error',
      result: { error: expect.stringMatching(/Blocked request to 169\.254\.169\.254/) },
    });
  });
});
