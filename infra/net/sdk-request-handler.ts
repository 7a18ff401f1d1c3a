import { Transform, pipeline, type Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import { bodyLimits, checkBodySize, type BodyLimits } from './body-limits.js';

/**
 * A request handler for the AWS SDK that sends every request through an undici dispatcher (the
 * SSRF-guarded one): the SDK's own handler opens sockets with node:http, past the guard.
 * Shaped like the SDK's HttpHandler (handle / updateHttpClientConfig / httpHandlerConfigs). The
 * endpoint is tenant-configured, so every response body is read within `limits` (the SDK buffers
 * XML answers and object reads whole): past them it errors with ResponseTooLargeError and the
 * connection is dropped.
 */

/** The parts of the SDK's HttpRequest this handler reads. */
export interface SdkHttpRequest {
  method: string;
  protocol: string;
  hostname: string;
  port?: number | undefined;
  path: string;
  query?: Record<string, string | Array<string | null> | null> | undefined;
  headers: Record<string, string>;
  body?: unknown;
}

export interface SdkHttpResponse {
  statusCode: number;
  reason?: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Headers undici sets itself (and refuses from callers). */
const DROPPED = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'expect']);

const escape = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The query as the SDK's own handler writes it (sorted keys, RFC 3986 escaping; null = key only). */
export function queryString(query: SdkHttpRequest['query']): string {
  const parts: string[] = [];
  for (const key of Object.keys(query ?? {}).sort()) {
    const value = query![key];
    if (Array.isArray(value)) for (const v of value) parts.push(`${escape(key)}=${escape(v ?? '')}`);
    else parts.push(value === null || value === undefined ? escape(key) : `${escape(key)}=${escape(value)}`);
  }
  return parts.join('&');
}

/** `body` erroring once more than `limits` allow has passed (the SDK does not decode bodies). */
function limited(body: Readable, limits: BodyLimits): Readable {
  let count = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      count += chunk.byteLength;
      try {
        checkBodySize(limits, count, count);
      } catch (err) {
        done(err as Error);
        return;
      }
      done(null, chunk);
    },
  });
  return pipeline(body, counter, () => {});
}

export class DispatcherRequestHandler {
  readonly metadata = { handlerProtocol: 'http/1.1' };

  constructor(
    private readonly dispatcher: Dispatcher,
    private readonly timeoutMs = 60_000,
    private readonly limits: BodyLimits = bodyLimits.storage,
  ) {}

  async handle(
    req: SdkHttpRequest,
    options: { abortSignal?: AbortSignal | { aborted: boolean } } = {},
  ): Promise<{ response: SdkHttpResponse }> {
    const query = queryString(req.query);
    const port = req.port ? `:${req.port}` : '';
    const url = `${req.protocol.replace(/:?$/, ':')}//${req.hostname}${port}${req.path}${query ? `?${query}` : ''}`;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (!DROPPED.has(name.toLowerCase())) headers[name] = value;
    const signal = options.abortSignal instanceof AbortSignal ? options.abortSignal : undefined;
    const res = await request(url, {
      dispatcher: this.dispatcher,
      method: req.method as Dispatcher.HttpMethod,
      headers,
      body: (req.body ?? null) as Dispatcher.DispatchOptions['body'],
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
      ...(signal ? { signal } : {}),
    });
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers))
      if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
    return { response: { statusCode: res.statusCode, headers: out, body: limited(res.body, this.limits) } };
  }

  updateHttpClientConfig(): void {}

  httpHandlerConfigs(): Record<string, never> {
    return {};
  }

  destroy(): void {}
}
