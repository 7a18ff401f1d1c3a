import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { ApplicationFailure } from '@temporalio/common';
import type { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createGuardedFetch } from '../../activities/mcp/fetch.js';
import { createProviderClient, mapProviderError } from '../../domain/provider-client.js';
import { createSecretBox } from '../../infra/crypto/secrets.js';
import {
  bodyLimits,
  limitEvents,
  PROVIDER_EVENT_MAX_BYTES,
  ResponseTooLargeError,
  type BodyLimits,
} from '../../infra/net/body-limits.js';
import { httpRequest } from '../../infra/net/http-request.js';
import { readCapped } from '../../infra/net/read-capped.js';
import { DispatcherRequestHandler } from '../../infra/net/sdk-request-handler.js';
import { createGuardedAgent, outboundRules } from '../../infra/net/ssrf.js';

// Every response body is read within limits, counted on the decoder's output as it is produced:
// a bomb or an endless body ends in ResponseTooLargeError and a closed connection, not in memory.

const servers: Server[] = [];
const agents: Agent[] = [];
const MiB = 1024 * 1024;

interface Served {
  url: string;
  /** Resolves when the server's side of the connection closes, with whether the body was finished. */
  closed: Promise<{ finished: boolean }>;
}

/** A server whose every answer streams `body()` forever (or until the client goes away). */
async function serve(
  headers: Record<string, string>,
  body: () => Readable,
): Promise<Served & { requests: IncomingMessage[] }> {
  let onClosed!: (v: { finished: boolean }) => void;
  const closed = new Promise<{ finished: boolean }>((r) => (onClosed = r));
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res: ServerResponse) => {
    requests.push(req);
    res.writeHead(200, headers);
    const source = body();
    source.pipe(res);
    res.on('close', () => {
      source.destroy();
      onClosed({ finished: res.writableFinished });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, closed, requests };
}

/** Zeros, without end. */
function zeros(): Readable {
  const chunk = Buffer.alloc(64 * 1024);
  return new Readable({
    read() {
      this.push(chunk);
    },
  });
}

const gzipBomb = () => zeros().pipe(createGzip());
const brotliBomb = () => zeros().pipe(createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));

function agent(): Agent {
  const a = createGuardedAgent(outboundRules(['127.0.0.1']), { connectTimeoutMs: 1_000 });
  agents.push(a);
  return a;
}

async function drain(body: AsyncIterable<Uint8Array>): Promise<number> {
  let n = 0;
  for await (const chunk of body) n += chunk.byteLength;
  return n;
}

afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.destroy()));
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
});

describe('httpRequest body limits', () => {
  it.each([
    ['gzip', gzipBomb],
    ['br', brotliBomb],
  ])(
    'refuses an endless %s bomb by its expansion soon after the floor, and drops the connection',
    async (coding, bomb) => {
      const served = await serve({ 'content-encoding': coding }, bomb);
      const res = await httpRequest(served.url, {
        method: 'GET',
        headers: {},
        dispatcher: agent(),
        limits: bodyLimits.tool,
      });
      const err = await drain(res.body).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ResponseTooLargeError);
      expect((err as ResponseTooLargeError).reason).toBe('expansion');
      // Stopped within a decoder buffer or two of the 1 MiB floor, far below the 16 MiB size cap.
      expect((err as ResponseTooLargeError).decodedBytes).toBeLessThan(MiB + 256 * 1024);
      expect(await served.closed).toEqual({ finished: false });
    },
  );

  it('counts the ratio on what the decoder consumed: a bomb sent whole at once stops near the floor', async () => {
    // 64 MiB of zeros as ~64 KB of gzip, in the socket before the first byte is decoded.
    const gzip = createGzip({ level: 9 });
    const parts: Buffer[] = [];
    gzip.on('data', (c: Buffer) => parts.push(c));
    const ended = new Promise((r) => gzip.on('end', r));
    for (let i = 0; i < 64; i++) gzip.write(Buffer.alloc(MiB));
    gzip.end();
    await ended;
    const whole = Buffer.concat(parts);
    const served = await serve({ 'content-encoding': 'gzip' }, () => Readable.from([whole]));
    const res = await httpRequest(served.url, {
      method: 'GET',
      headers: {},
      dispatcher: agent(),
      limits: bodyLimits.tool,
    });
    const err = await drain(res.body).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect((err as ResponseTooLargeError).decodedBytes).toBeLessThan(MiB + 256 * 1024);
    expect((err as ResponseTooLargeError).receivedBytes).toBeLessThan(16 * 1024);
  });

  it('refuses an endless plain body at its byte cap and drops the connection', async () => {
    const served = await serve({ 'content-type': 'text/plain' }, zeros);
    const limits: BodyLimits = { ...bodyLimits.tool, maxBytes: 3 * MiB };
    const res = await httpRequest(served.url, { method: 'GET', headers: {}, dispatcher: agent(), limits });
    const err = await drain(res.body).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect((err as ResponseTooLargeError).reason).toBe('size');
    expect((err as ResponseTooLargeError).decodedBytes).toBeLessThan(3 * MiB + 128 * 1024);
    expect(await served.closed).toEqual({ finished: false });
  });

  it('reads a compressible real body (JSON at about 20×) whole under the tool limits', async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => ({ id: i, name: `row ${i}`, ok: i % 2 === 0 }));
    const json = Buffer.from(JSON.stringify(rows));
    const served = await serve({ 'content-encoding': 'gzip' }, () => Readable.from([json]).pipe(createGzip()));
    const res = await httpRequest(served.url, {
      method: 'GET',
      headers: {},
      dispatcher: agent(),
      limits: bodyLimits.tool,
    });
    const { text, cut } = await readCapped(res.body, 16 * MiB);
    expect(cut).toBe(false);
    expect(text).toBe(json.toString());
  });

  it("stops reading when a caller's own cap is reached first (the tool path), without an error", async () => {
    const served = await serve({ 'content-encoding': 'gzip' }, gzipBomb);
    const res = await httpRequest(served.url, {
      method: 'GET',
      headers: {},
      dispatcher: agent(),
      limits: bodyLimits.tool,
    });
    const { cut } = await readCapped(res.body, 200_000);
    expect(cut).toBe(true);
    expect(await served.closed).toEqual({ finished: false });
  });
});

describe('model provider answers', () => {
  const secrets = createSecretBox(Buffer.alloc(32, 7), 'k1');
  const provider = (url: string) => ({
    id: 'prov_1',
    kind: 'openai' as const,
    baseUrl: url,
    apiKeyEncrypted: null,
    defaultModel: 'm',
    headers: null,
  });

  it.each([false, true])(
    'a bomb answer (stream: %s) fails the call as a non-retryable provider failure naming the limit',
    async (stream) => {
      const served = await serve(
        {
          'content-encoding': 'gzip',
          'content-type': stream ? 'text/event-stream' : 'application/json',
        },
        gzipBomb,
      );
      const client = createProviderClient(provider(served.url), secrets, 'm', 30_000, agent());
      const call = async () => {
        if (!stream) return client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
        const events = await client.chat.completions.create({
          model: 'm',
          stream: true,
          messages: [{ role: 'user', content: 'hi' }],
        });
        for await (const _ of events) void _;
      };
      const err = await call().catch((e: unknown) => e);
      let failure: unknown;
      try {
        mapProviderError(err);
      } catch (mapped) {
        failure = mapped;
      }
      expect(failure).toBeInstanceOf(ApplicationFailure);
      expect((failure as ApplicationFailure).nonRetryable).toBe(true);
      expect((failure as ApplicationFailure).message).toMatch(
        /answer refused: The response body expanded more than 100×/,
      );
      expect(await served.closed).toEqual({ finished: false });
    },
  );
});

describe('events of a provider stream', () => {
  const encoder = new TextEncoder();
  async function* pieces(...texts: string[]) {
    for (const t of texts) yield encoder.encode(t);
  }
  const read = async (body: AsyncIterable<Uint8Array>) => {
    let n = 0;
    for await (const c of body) n += c.byteLength;
    return n;
  };

  it('passes any number of events under the cap, whatever their line ends and the total', async () => {
    const event = `data: ${'x'.repeat(90)}`;
    const stream = Array.from({ length: 300 }, (_, i) => event + ['\n\n', '\r\n\r\n', '\r\r'][i % 3]);
    await expect(read(limitEvents(pieces(...stream), 200, bodyLimits.provider))).resolves.toBeGreaterThan(29_000);
  });

  it('errors on the first event over the cap, even split across chunks and lines', async () => {
    const err = await read(
      limitEvents(
        pieces('data: ok\n\n', 'data: ', 'a'.repeat(150), '\ndata: ', 'b'.repeat(100)),
        200,
        bodyLimits.provider,
      ),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect((err as ResponseTooLargeError).reason).toBe('event');
    expect((err as ResponseTooLargeError).message).toMatch(/An event of the response stream exceeded 200 bytes/);
  });
});

describe('model provider event streams', () => {
  it('a streamed answer whose one event never ends fails at the event cap, not at the body cap', async () => {
    const line = () =>
      new Readable({
        read() {
          this.push(Buffer.alloc(64 * 1024, 0x61));
        },
      });
    const served = await serve({ 'content-type': 'text/event-stream' }, () => {
      const body = line();
      body.unshift(Buffer.from('data: {"choices":[{"delta":{"content":"'));
      return body;
    });
    const secrets = createSecretBox(Buffer.alloc(32, 7), 'k1');
    const client = createProviderClient(
      { id: 'p', kind: 'openai', baseUrl: served.url, apiKeyEncrypted: null, defaultModel: 'm', headers: null },
      secrets,
      'm',
      30_000,
      agent(),
    );
    const err = await (async () => {
      const events = await client.chat.completions.create({
        model: 'm',
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      });
      for await (const _ of events) void _;
    })().catch((e: unknown) => e);
    let failure: unknown;
    try {
      mapProviderError(err);
    } catch (mapped) {
      failure = mapped;
    }
    expect((failure as ApplicationFailure).nonRetryable).toBe(true);
    expect((failure as ApplicationFailure).message).toContain(
      `An event of the response stream exceeded ${PROVIDER_EVENT_MAX_BYTES} bytes`,
    );
    expect(await served.closed).toEqual({ finished: false });
  });
});

describe('MCP transport fetch', () => {
  it('errors a bomb body by its expansion though no single message reached the byte cap', async () => {
    const served = await serve({ 'content-encoding': 'gzip', 'content-type': 'application/json' }, gzipBomb);
    const fetch = createGuardedFetch({ dispatcher: agent(), maxResponseBytes: () => 64 * MiB });
    const res = await fetch(served.url, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    const err = await res.text().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(await served.closed).toEqual({ finished: false });
  });
});

describe('object storage (AWS SDK handler)', () => {
  it('errors an endless object or listing past the storage cap and drops the connection', async () => {
    const served = await serve({ 'content-type': 'application/xml' }, zeros);
    const { port } = new URL(served.url);
    const handler = new DispatcherRequestHandler(agent(), 5_000, { ...bodyLimits.storage, maxBytes: 2 * MiB });
    const { response } = await handler.handle({
      method: 'GET',
      protocol: 'http:',
      hostname: '127.0.0.1',
      port: Number(port),
      path: '/bucket',
      headers: {},
    });
    const err = await drain(response.body as Readable).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(await served.closed).toEqual({ finished: false });
  });
});
