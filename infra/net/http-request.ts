import { pipeline, type Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { request, type Dispatcher } from 'undici';

/*
 * One HTTP request through undici's `request` rather than `fetch`: the tool and model calls of every
 * step go through here, and `fetch` (its WHATWG Request, Response and web streams) costs several
 * times the CPU of `request` for the same POST (docs/performance.md, "Outbound requests"). What
 * `fetch` did for us is kept: compressed bodies are decoded (gzip, deflate, br, advertised as fetch
 * advertises them) and the abort signal ends the request and its body. Redirects are followed by
 * `requestFollowingRedirects`, never here.
 */

export interface HttpResponse {
  status: number;
  ok: boolean;
  /** Header values by lower-case name (a repeated header is joined with ", " like fetch's `get`). */
  header(name: string): string | null;
  /** Every header as [name, value] pairs, repeated headers repeated. */
  headerPairs(): Array<[string, string]>;
  body: AsyncIterable<Uint8Array>;
  /** Drops the body unread (the connection goes back to the pool). */
  discard(): Promise<void>;
}

export interface HttpRequestInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  dispatcher: Dispatcher;
  signal?: AbortSignal;
}

const ACCEPT_ENCODING = 'gzip, deflate, br';
const DECODERS: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * The body decoded as its Content-Encoding says (codings applied in order, so undone in reverse);
 * null when a coding is unknown (the body is then passed on as sent, as fetch does). Node's zlib,
 * not undici's decompress interceptor, which is still experimental.
 */
function decoded(body: Readable, contentEncoding: string): Readable | null {
  const codings = contentEncoding
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity');
  if (!codings.every((c) => c in DECODERS)) return null;
  if (codings.length === 0) return body;
  const decoders = codings.reverse().map((c) => DECODERS[c]!());
  // A failure anywhere (an abort, a corrupt body) ends the last stream with that error.
  return pipeline([body, ...decoders], () => {}) as unknown as Readable;
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((k) => k.toLowerCase() === name);
}

export async function httpRequest(url: string, init: HttpRequestInit): Promise<HttpResponse> {
  const headers = hasHeader(init.headers, 'accept-encoding')
    ? init.headers
    : { ...init.headers, 'accept-encoding': ACCEPT_ENCODING };
  const res = await request(url, {
    method: init.method as Dispatcher.HttpMethod,
    headers,
    ...(init.body !== undefined ? { body: init.body } : {}),
    dispatcher: init.dispatcher,
    ...(init.signal ? { signal: init.signal } : {}),
  });
  const raw = { ...res.headers };
  const encoding = raw['content-encoding'];
  let body: Readable = res.body;
  if (typeof encoding === 'string' && res.statusCode !== 204 && res.statusCode !== 304) {
    const plain = decoded(res.body, encoding);
    if (plain) {
      body = plain;
      // What is read is no longer what these described.
      delete raw['content-encoding'];
      delete raw['content-length'];
    }
  }
  return {
    status: res.statusCode,
    ok: res.statusCode >= 200 && res.statusCode < 300,
    header(name) {
      const value = raw[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
    headerPairs() {
      const pairs: Array<[string, string]> = [];
      for (const [name, value] of Object.entries(raw)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) pairs.push([name, v]);
      }
      return pairs;
    },
    body,
    async discard() {
      await res.body.dump().catch(() => undefined);
    },
  };
}
