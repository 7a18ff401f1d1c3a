import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A deterministic OpenAI-compatible embeddings server for tests and benchmarks: each text becomes
 * a hashed bag of words (lower-cased words, a light plural/suffix stemming, stop words dropped),
 * each word adding ±1 to one of `dims` buckets chosen by its sha1. Texts sharing words get similar
 * vectors, so vector search behaves like a (lexical) embedding model without one.
 */
export interface EmbeddingServer {
  url: string;
  dims: number;
  /** Inputs embedded so far (one per text). */
  readonly embedded: number;
  /** Requests received so far. */
  readonly requests: number;
  /** Holds every request after the first `n` until release() (crash tests stop the worker meanwhile). */
  holdAfter(n: number): void;
  release(): void;
  /** Number of requests currently held. */
  readonly held: number;
  close(): Promise<void>;
}

const STOP = new Set(
  'a an and are as at be by for from has have how in is it its of on or that the this to was were what when where which who why with does do did can you your about into their they them than then there these those'.split(
    ' ',
  ),
);

export function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map((w) => w.replace(/(ies)$/, 'y').replace(/(ing|ed|es|s)$/, '') || w);
}

export function hashedVector(text: string, dims: number): number[] {
  const v = new Array<number>(dims).fill(0);
  for (const w of words(text)) {
    const h = createHash('sha1').update(w).digest();
    const bucket = h.readUInt32BE(0) % dims;
    v[bucket]! += h[4]! & 1 ? 1 : -1;
  }
  return v;
}

async function body(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const p of req) parts.push(p as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8'));
}

export async function startEmbeddingServer(opts: { dims?: number } = {}): Promise<EmbeddingServer> {
  const dims = opts.dims ?? 256;
  let embedded = 0;
  let requests = 0;
  let holdAfter = Infinity;
  const waiting: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'POST' || path !== '/v1/embeddings') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { message: `Unknown request URL: ${req.method} ${req.url}`, type: 'invalid_request_error' },
          }),
        );
        return;
      }
      const b = (await body(req)) as { model?: string; input?: string | string[] };
      requests++;
      if (requests > holdAfter) await new Promise<void>((r) => waiting.push(r));
      if (!b.model || b.model === 'missing-model') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { message: `The model '${b.model}' does not exist`, type: 'invalid_request_error' },
          }),
        );
        return;
      }
      const inputs = typeof b.input === 'string' ? [b.input] : (b.input ?? []);
      embedded += inputs.length;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          object: 'list',
          model: b.model,
          data: inputs.map((t, index) => ({ object: 'embedding', index, embedding: hashedVector(t, dims) })),
          usage: { prompt_tokens: 0, total_tokens: 0 },
        }),
      );
    })().catch(() => res.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    dims,
    get embedded() {
      return embedded;
    },
    get requests() {
      return requests;
    },
    get held() {
      return waiting.length;
    },
    holdAfter(n) {
      holdAfter = n;
    },
    release() {
      holdAfter = Infinity;
      for (const w of waiting.splice(0)) w();
    },
    close: () =>
      new Promise<void>((r) => {
        for (const w of waiting.splice(0)) w();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
