import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import type { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { guardedProviderFetch } from '../../domain/provider-client.js';
import { httpRequest } from '../../infra/net/http-request.js';
import { readCapped } from '../../infra/net/read-capped.js';
import { requestFollowingRedirects } from '../../infra/net/redirects.js';
import { bodyLimits } from '../../infra/net/body-limits.js';
import { SsrfBlockedError, createGuardedAgent, outboundRules } from '../../infra/net/ssrf.js';

// The outbound requests of tools, hooks and model calls use undici's `request` instead of `fetch`;
// these are the parts of fetch's behaviour they must keep.

const servers: Server[] = [];
const agents: Agent[] = [];

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function loopbackAgent(allow = ['127.0.0.1']): Agent {
  const agent = createGuardedAgent(outboundRules(allow), { connectTimeoutMs: 1_000 });
  agents.push(agent);
  return agent;
}

afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.destroy()));
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
});

const limits = bodyLimits.tool;

const text = async (body: AsyncIterable<Uint8Array>) => (await readCapped(body, 1 << 20)).text;

describe('httpRequest', () => {
  it.each([
    ['gzip', (b: Buffer) => gzipSync(b)],
    ['deflate', (b: Buffer) => deflateSync(b)],
    ['br', (b: Buffer) => brotliCompressSync(b)],
  ])('decodes a %s body, as fetch did, and asks for compressed bodies as fetch does', async (encoding, encode) => {
    let asked: string | undefined;
    const url = await serve((req, res) => {
      asked = req.headers['accept-encoding'];
      res.writeHead(200, { 'content-encoding': encoding, 'content-type': 'application/json' });
      res.end(encode(Buffer.from('{"ok":true}')));
    });
    const res = await httpRequest(url, {
      method: 'POST',
      headers: {},
      body: '{}',
      dispatcher: loopbackAgent(),
      limits,
    });
    expect(res.status).toBe(200);
    expect(await text(res.body)).toBe('{"ok":true}');
    expect(asked).toBe('gzip, deflate, br');
    // The decoded body's length is not the one the server sent: the header goes with the encoding.
    expect(res.header('content-encoding')).toBeNull();
  });

  it('decodes as leniently as fetch: raw deflate, an empty gzip body, a gzip body cut before its trailer', async () => {
    const full = gzipSync(Buffer.from('cut short'));
    const bodies: Record<string, [string, Buffer]> = {
      '/raw': ['deflate', deflateRawSync(Buffer.from('raw deflate'))],
      '/empty': ['gzip', Buffer.alloc(0)],
      '/cut': ['gzip', full.subarray(0, full.length - 8)],
    };
    const url = await serve((req, res) => {
      const [encoding, body] = bodies[req.url!]!;
      res.writeHead(200, { 'content-encoding': encoding });
      res.end(body);
    });
    const read = async (path: string) =>
      text((await httpRequest(url + path, { method: 'GET', headers: {}, dispatcher: loopbackAgent(), limits })).body);
    expect(await read('/raw')).toBe('raw deflate');
    expect(await read('/empty')).toBe('');
    expect(await read('/cut')).toBe('cut short');
  });

  it("sends fetch's default accept and a user-agent unless given, and one header per name whatever its case", async () => {
    let seen: IncomingMessage['rawHeaders'] = [];
    const url = await serve((req, res) => {
      seen = req.rawHeaders;
      res.end('ok');
    });
    const names = () => seen.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
    const value = (name: string) => seen[seen.findIndex((n, i) => i % 2 === 0 && n.toLowerCase() === name) + 1];
    await (await httpRequest(url, { method: 'GET', headers: {}, dispatcher: loopbackAgent(), limits })).discard();
    expect(value('accept')).toBe('*/*');
    expect(value('user-agent')).toBe('durable-agents');
    await (
      await httpRequest(url, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', 'User-Agent': 'mine', 'content-type': 'application/json' },
        body: '{}',
        dispatcher: loopbackAgent(),
        limits,
      })
    ).discard();
    expect(names().filter((n) => n === 'content-type')).toHaveLength(1);
    expect(value('content-type')).toBe('application/json');
    expect(value('user-agent')).toBe('mine');
  });

  it('drops a large compressed body unread at once (a redirect, a refused hook)', async () => {
    const big = gzipSync(Buffer.from(Array.from({ length: 200_000 }, (_, i) => i.toString(36)).join(',')));
    const url = await serve((_req, res) => {
      res.writeHead(500, { 'content-encoding': 'gzip' });
      res.end(big);
    });
    // Reading the raw body through a decoder nobody reads would wait for this signal (or undici's
    // 300 s body timeout): the test's own timeout fails it long before.
    const signal = AbortSignal.timeout(60_000);
    const res = await httpRequest(url, { method: 'GET', headers: {}, dispatcher: loopbackAgent(), limits, signal });
    await res.discard();
    expect(signal.aborted).toBe(false);
  });

  it('decodes an error body too (a tool error result shows what the server said)', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(503, { 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.from('busy, retry later')));
    });
    const res = await httpRequest(url, { method: 'GET', headers: {}, dispatcher: loopbackAgent(), limits });
    expect(res.ok).toBe(false);
    expect(await text(res.body)).toBe('busy, retry later');
  });

  it('joins a repeated header for header() and keeps every value in headerPairs()', async () => {
    const url = await serve((_req, res) => {
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      res.end('x');
    });
    const res = await httpRequest(url, { method: 'GET', headers: {}, dispatcher: loopbackAgent(), limits });
    expect(res.header('Set-Cookie')).toBe('a=1, b=2');
    expect(res.headerPairs().filter(([n]) => n === 'set-cookie')).toEqual([
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2'],
    ]);
    await res.discard();
  });

  it.each([
    ['plain', (res: ServerResponse) => res.write('part')],
    [
      'gzip, through the decoder',
      (res: ServerResponse) => {
        res.writeHead(200, { 'content-encoding': 'gzip' });
        res.write(gzipSync(Buffer.from('never finished')).subarray(0, 12));
      },
    ],
  ])('rejects with the signal’s TimeoutError while a %s body is still arriving', async (_label, begin) => {
    const url = await serve((_req, res) => {
      begin(res);
      setTimeout(() => res.end(), 5_000).unref();
    });
    const res = await httpRequest(url, {
      method: 'GET',
      headers: {},
      dispatcher: loopbackAgent(),
      limits,
      signal: AbortSignal.timeout(200),
    });
    await expect(text(res.body)).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('passes a body in an unknown coding on as sent, headers included', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'snappy' });
      res.end('raw bytes');
    });
    const res = await httpRequest(url, { method: 'GET', headers: {}, dispatcher: loopbackAgent(), limits });
    expect(res.header('content-encoding')).toBe('snappy');
    expect(await text(res.body)).toBe('raw bytes');
  });

  it('surfaces the SSRF guard’s refusal, and the server sees no connection', async () => {
    let connections = 0;
    const url = await serve((_req, res) => res.end('never'));
    servers[0]!.on('connection', () => connections++);
    await expect(
      httpRequest(url, { method: 'GET', headers: {}, dispatcher: loopbackAgent([]), limits }),
    ).rejects.toBeInstanceOf(SsrfBlockedError);
    expect(connections).toBe(0);
  });
});

describe('requestFollowingRedirects', () => {
  it('turns a POST answered 302 into a bodyless GET and drops secrets on the cross-origin hop', async () => {
    const seen: Array<{ method?: string; secret?: string | string[]; length?: string }> = [];
    const other = await serve((req, res) => {
      seen.push({ method: req.method, secret: req.headers['x-secret'], length: req.headers['content-length'] });
      res.end('arrived');
    });
    const first = await serve((_req, res) => {
      res.writeHead(302, { location: `${other.replace('127.0.0.1', 'localhost')}/next` });
      res.end();
    });
    const res = await requestFollowingRedirects(`${first}/start`, {
      method: 'POST',
      headers: { 'x-secret': 's3cret', 'content-type': 'application/json' },
      body: '{"a":1}',
      dispatcher: loopbackAgent(['127.0.0.1', 'localhost']),
      limits,
      secretHeaders: ['X-Secret'],
    });
    expect(await text(res.body)).toBe('arrived');
    expect(seen).toEqual([{ method: 'GET', secret: undefined, length: undefined }]);
  });
});

describe('guardedProviderFetch', () => {
  it('gives the openai client a Response whose body streams and whose headers and status are the server’s', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'x-request-id': 'req_1', 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.from('{"error":{"message":"slow down"}}')));
    });
    const fetchFn = guardedProviderFetch(loopbackAgent());
    const res = await fetchFn(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: new Headers({ authorization: 'Bearer k', 'content-type': 'application/json' }),
      body: '{}',
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('x-request-id')).toBe('req_1');
    expect(await res.json()).toEqual({ error: { message: 'slow down' } });
  });

  it('follows a provider redirect, the key staying with the provider’s origin', async () => {
    const seen: Array<{
      path?: string;
      authorization?: string;
      apiKey?: string | string[];
      other?: string | string[];
    }> = [];
    const record = (req: IncomingMessage) =>
      seen.push({
        path: req.url,
        authorization: req.headers.authorization,
        apiKey: req.headers['api-key'],
        other: req.headers['x-org'],
      });
    const elsewhere = await serve((req, res) => {
      record(req);
      res.end('{"from":"elsewhere"}');
    });
    const provider = await serve((req, res) => {
      record(req);
      const to = req.url === '/v1/a' ? '/v1/b' : `${elsewhere.replace('127.0.0.1', 'localhost')}/v1/c`;
      res.writeHead(307, { location: to });
      res.end();
    });
    const res = await guardedProviderFetch(loopbackAgent(['127.0.0.1', 'localhost']))(`${provider}/v1/a`, {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'api-key': 'k2', 'x-org': 'o' },
      body: '{}',
    });
    expect(await res.json()).toEqual({ from: 'elsewhere' });
    expect(seen).toEqual([
      { path: '/v1/a', authorization: 'Bearer k', apiKey: 'k2', other: 'o' },
      { path: '/v1/b', authorization: 'Bearer k', apiKey: 'k2', other: 'o' },
      { path: '/v1/c', authorization: undefined, apiKey: undefined, other: 'o' },
    ]);
  });

  it('answers a 204 with an empty body (a Response refuses a body for it)', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const res = await guardedProviderFetch(loopbackAgent())(`${url}/x`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });
});
