import { Transform, pipeline, type Readable } from 'node:stream';
import { constants, createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import { request, type Dispatcher } from 'undici';
import { checkBodySize, type BodyLimits } from './body-limits.js';

/*
 * One HTTP request through undici's `request` rather than `fetch`: the tool and model calls of every
 * step go through here, and `fetch` (its WHATWG Request, Response and web streams) costs several
 * times the CPU of `request` for the same POST (docs/performance.md, "Outbound requests"). What
 * `fetch` did for us is kept: compressed bodies are decoded (gzip, deflate, br, advertised as fetch
 * advertises them) and the abort signal ends the request and its body. Redirects are followed by
 * `requestFollowingRedirects`, never here. Unlike fetch, the body is read within the caller's
 * `limits` (body-limits.ts): a body over them errors with ResponseTooLargeError and the request is
 * aborted.
 */

export interface HttpResponse {
  status: number;
  ok: boolean;
  /** Header values by lower-case name (a repeated header is joined with ", " like fetch's `get`). */
  header(name: string): string | null;
  /** Every header as [name, value] pairs, repeated headers repeated. */
  headerPairs(): Array<[string, string]>;
  /** The decoded body; reading past the request's limits throws ResponseTooLargeError. */
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
  /** How much of the body may be read (decoded bytes, expansion ratio). */
  limits: BodyLimits;
}

const ACCEPT_ENCODING = 'gzip, deflate, br';
/** Sent when the caller set none, as fetch did: some firewalls refuse requests without them. */
const DEFAULT_HEADERS = { accept: '*/*', 'user-agent': 'durable-agents' };

// Lenient as fetch's decoding: a body cut before its trailer, or an empty one, gives what arrived.
const ZLIB_LENIENT = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };
const BROTLI_LENIENT = {
  flush: constants.BROTLI_OPERATION_FLUSH,
  finishFlush: constants.BROTLI_OPERATION_FLUSH,
};

/** `deflate` as sent in practice: zlib-wrapped (RFC 1950) or raw (RFC 1951), told by the first byte. */
class DeflateDecoder extends Transform {
  private inner: (Transform & { bytesWritten: number }) | null = null;

  /** Compressed bytes the inner decoder has consumed, as zlib's own streams count them. */
  get bytesWritten(): number {
    return this.inner?.bytesWritten ?? 0;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    if (!this.inner) {
      const inner = (chunk[0]! & 0x0f) === 0x08 ? createInflate(ZLIB_LENIENT) : createInflateRaw(ZLIB_LENIENT);
      inner.on('data', (data: Buffer) => this.push(data));
      inner.on('error', (err) => this.destroy(err));
      this.inner = inner;
    }
    this.inner.write(chunk, (err) => done(err ?? null));
  }

  override _flush(done: (err?: Error | null) => void): void {
    if (!this.inner) return done();
    this.inner.once('end', () => done());
    this.inner.end();
  }
}

/** A decoder and how many compressed bytes it has consumed so far. */
type Decoder = Transform & { bytesWritten: number };

const DECODERS: Record<string, () => Decoder> = {
  gzip: () => createGunzip(ZLIB_LENIENT),
  'x-gzip': () => createGunzip(ZLIB_LENIENT),
  deflate: () => new DeflateDecoder(),
  br: () => createBrotliDecompress(BROTLI_LENIENT),
};

/**
 * The body decoded as its Content-Encoding says (codings applied in order, so undone in reverse),
 * with the count of sent bytes the decoding has consumed (for the expansion ratio: bytes merely
 * buffered ahead of the decoder do not count); null when a coding is unknown (the body is then
 * passed on as sent, as fetch does). Node's zlib, not undici's decompress interceptor, which is
 * still experimental.
 */
function decoded(body: Readable, contentEncoding: string): { stream: Readable; consumed: () => number } | null {
  const codings = contentEncoding
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity');
  if (!codings.every((c) => c in DECODERS)) return null;
  if (codings.length === 0) return { stream: body, consumed: () => 0 };
  const decoders = codings.reverse().map((c) => DECODERS[c]!());
  const first = decoders[0]!;
  // A failure anywhere (an abort, a corrupt body) ends the last stream with that error.
  return { stream: pipeline([body, ...decoders], () => {}) as unknown as Readable, consumed: () => first.bytesWritten };
}

/**
 * `decoded` read within `limits`, counted chunk by chunk as the decoder hands them over (the
 * decoder runs under backpressure, so it is never more than a buffer ahead of this count). Going
 * over throws; leaving the loop for any reason destroys `decoded`, and with it the decoders and
 * the connection (`abort`).
 */
async function* limitedBody(
  decoded: Readable,
  limits: BodyLimits,
  received: (decodedSoFar: number) => number,
  abort: () => void,
): AsyncGenerator<Uint8Array> {
  let count = 0;
  let finished = false;
  try {
    for await (const chunk of decoded as AsyncIterable<Buffer>) {
      count += chunk.byteLength;
      checkBodySize(limits, count, received(count));
      yield chunk;
    }
    finished = true;
  } finally {
    if (!finished) abort();
  }
}

/**
 * The request's headers by lower-case name (a later spelling of the same name wins, as callers put
 * their own after the configured ones), with fetch's defaults where the caller set none.
 */
function requestHeaders(given: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { ...DEFAULT_HEADERS, 'accept-encoding': ACCEPT_ENCODING };
  for (const [name, value] of Object.entries(given)) headers[name.toLowerCase()] = value;
  return headers;
}

export async function httpRequest(url: string, init: HttpRequestInit): Promise<HttpResponse> {
  const headers = requestHeaders(init.headers);
  const res = await request(url, {
    method: init.method as Dispatcher.HttpMethod,
    headers,
    ...(init.body !== undefined ? { body: init.body } : {}),
    dispatcher: init.dispatcher,
    ...(init.signal ? { signal: init.signal } : {}),
  });
  const raw = { ...res.headers };
  const encoding = raw['content-encoding'];
  let plain: Readable = res.body;
  // Sent bytes behind what has been decoded, for the expansion ratio (an identity body is its own).
  let received = (decodedSoFar: number) => decodedSoFar;
  if (typeof encoding === 'string' && res.statusCode !== 204 && res.statusCode !== 304) {
    const decoder = decoded(res.body, encoding);
    if (decoder) {
      plain = decoder.stream;
      if (plain !== res.body) received = decoder.consumed;
      // What is read is no longer what these described.
      delete raw['content-encoding'];
      delete raw['content-length'];
    }
  }
  const abort = () => {
    plain.destroy();
    res.body.destroy();
  };
  const body = limitedBody(plain, init.limits, received, abort);
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
      if (plain === res.body) {
        await res.body.dump().catch(() => undefined);
        return;
      }
      // A decoder is reading the raw body: dump() would wait for it. Dropping both closes the
      // connection instead of reusing it (only redirects and refused hooks come here).
      abort();
    },
  };
}
