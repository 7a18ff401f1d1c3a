import { createServer } from 'node:http';
import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createGuardedAgent, outboundRules, SsrfBlockedError } from '../../infra/net/ssrf.js';
import { queryString } from '../../infra/net/sdk-request-handler.js';
import { S3Store } from '../../infra/storage/s3-store.js';
import { storageBackendFor } from '../../infra/storage/select.js';

/** The requests the S3 backend sends, seen through a mock dispatcher (no network). */
type Seen = { origin: string; method: string; path: string; headers: Record<string, string> };

const LIST_XML = (keys: string[]) =>
  '<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
  `<Name>files</Name><KeyCount>${keys.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>` +
  keys
    .map(
      (k) => `<Contents><Key>${k}</Key><LastModified>2026-01-02T03:04:05.000Z</LastModified><Size>3</Size></Contents>`,
    )
    .join('') +
  '</ListBucketResult>';

function mockS3(origin: string, reply: (seen: Seen) => { statusCode: number; data: string }) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const seen: Seen[] = [];
  agent
    .get(origin)
    .intercept({ path: () => true, method: () => true })
    .reply((opts) => {
      const raw = opts.headers as unknown;
      const headers: Record<string, string> = {};
      const pairs: Array<[string, unknown]> = Array.isArray(raw)
        ? Array.from({ length: raw.length / 2 }, (_, i) => [raw[2 * i], raw[2 * i + 1]])
        : Object.entries((raw as Record<string, unknown>) ?? {});
      for (const [k, v] of pairs) headers[String(k).toLowerCase()] = String(v);
      const s = { origin, method: opts.method, path: opts.path, headers };
      seen.push(s);
      const r = reply(s);
      return {
        statusCode: r.statusCode,
        data: r.data,
        responseOptions: { headers: { 'content-type': 'application/xml' } },
      };
    })
    .persist();
  return { agent, seen };
}

const settings = {
  endpoint: 'http://s3.test:9000',
  region: 'eu-central-1',
  bucket: 'files',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'not-sent-anywhere',
  forcePathStyle: false,
  keyPrefix: 'pre/fix',
};

describe('S3 backend requests', () => {
  const agents: MockAgent[] = [];
  afterEach(async () => {
    await Promise.all(agents.splice(0).map((a) => a.close()));
  });

  it('virtual-hosted by default: the bucket in the host, keys under keyPrefix/project/bucket, signed for the region', async () => {
    const { agent, seen } = mockS3('http://files.s3.test:9000', () => ({
      statusCode: 200,
      data: LIST_XML([
        'pre/fix/prj_a/default/notes/b.md',
        'pre/fix/prj_a/default/notes/a.md',
        'pre/fix/prj_a/default/notes/x//y',
      ]),
    }));
    agents.push(agent);
    const files = await new S3Store(settings, agent).list('prj_a', 'default', 'notes/');
    // Sorted by path; a key the tools could not name ("x//y") is not listed.
    expect(files).toEqual([
      { path: 'notes/a.md', size: 3, modifiedAt: '2026-01-02T03:04:05.000Z' },
      { path: 'notes/b.md', size: 3, modifiedAt: '2026-01-02T03:04:05.000Z' },
    ]);
    expect(seen).toHaveLength(1);
    const url = new URL(seen[0]!.path, seen[0]!.origin);
    expect(url.searchParams.get('list-type')).toBe('2');
    expect(url.searchParams.get('prefix')).toBe('pre/fix/prj_a/default/notes/');
    expect(seen[0]!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/s3\/aws4_request, /,
    );
    expect(JSON.stringify(seen)).not.toContain('not-sent-anywhere');
  });

  it('forcePathStyle puts the bucket in the path; the region defaults to us-east-1', async () => {
    const { agent, seen } = mockS3('http://s3.test:9000', () => ({ statusCode: 200, data: '' }));
    agents.push(agent);
    const store = storageBackendFor(
      {
        backend: 's3',
        endpoint: settings.endpoint,
        s3Bucket: 'files',
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'x',
        forcePathStyle: true,
      },
      { dispatcher: agent },
    );
    if (typeof store === 'string') throw new Error(store);
    expect(await store.write('prj_a', 'default', 'a b/ü.txt', Buffer.from('hi'), true)).toBe(true);
    expect(seen[0]!.method).toBe('PUT');
    expect(new URL(seen[0]!.path, seen[0]!.origin).pathname).toBe('/files/prj_a/default/a%20b/%C3%BC.txt');
    expect(seen[0]!.headers.authorization).toMatch(/\/us-east-1\/s3\/aws4_request, /);
    expect(seen[0]!.headers['if-none-match']).toBeUndefined();
  });

  it('a write without overwrite is a conditional put; 412 (the object exists) is false', async () => {
    const { agent, seen } = mockS3('http://files.s3.test:9000', () => ({
      statusCode: 412,
      data: '<Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>',
    }));
    agents.push(agent);
    expect(await new S3Store(settings, agent).write('prj_a', 'default', 'a.txt', Buffer.from('x'), false)).toBe(false);
    expect(seen[0]!.headers['if-none-match']).toBe('*');
  });

  it('refuses bad paths, projects and buckets before any request', async () => {
    const { agent, seen } = mockS3('http://files.s3.test:9000', () => ({ statusCode: 200, data: '' }));
    agents.push(agent);
    const store = new S3Store(settings, agent);
    await expect(store.read('prj_a', 'default', '../x', 10)).rejects.toThrow(/"\." or "\.\."/);
    await expect(store.read('prj_a/..', 'default', 'x', 10)).rejects.toThrow(/invalid project/);
    await expect(store.list('prj_a', 'Default', '')).rejects.toThrow(/invalid bucket/);
    expect(() => new S3Store({ ...settings, keyPrefix: '../up' }, agent)).toThrow(/keyPrefix/);
    expect(seen).toEqual([]);
  });

  it('writes the query as the SDK signs it (sorted, RFC 3986 escaping, bare keys)', () => {
    expect(queryString({ prefix: "a b/(x)!*'", 'list-type': '2', uploads: null, tag: ['1', '2'] })).toBe(
      'list-type=2&prefix=a%20b%2F%28x%29%21%2A%27&tag=1&tag=2&uploads',
    );
  });
});

describe('S3 backend behind the SSRF guard', () => {
  it('connects to a loopback endpoint only when it is allow-listed', async () => {
    let connections = 0;
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' }).end(LIST_XML(['prj_a/default/seen.txt']));
    });
    server.on('connection', () => connections++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as { port: number }).port;
    const endpoint = `http://127.0.0.1:${port}`;
    try {
      const blocked = new S3Store(
        { ...settings, endpoint, forcePathStyle: true },
        createGuardedAgent(outboundRules([])),
      );
      await expect(blocked.list('prj_a', 'default', '')).rejects.toBeInstanceOf(SsrfBlockedError);
      expect(connections).toBe(0);
      const { keyPrefix: _, ...unprefixed } = settings;
      const allowed = new S3Store(
        { ...unprefixed, endpoint, forcePathStyle: true },
        createGuardedAgent(outboundRules(['127.0.0.1'])),
      );
      expect((await allowed.list('prj_a', 'default', '')).map((f) => f.path)).toEqual(['seen.txt']);
      expect(connections).toBeGreaterThan(0);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
