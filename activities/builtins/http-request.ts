import { fetch } from 'undici';
import {
  HTTP_REQUEST_MAX_CHARS,
  HTTP_REQUEST_TIMEOUT_SECONDS,
  httpRequestConfigSchema,
} from '../../contracts/builtins/http-request.js';
import { SsrfBlockedError } from '../../infra/net/ssrf.js';
import { capResult } from '../http-tool.js';
import { builtinError, builtinSuccess, type BuiltinCall, type BuiltinResult } from './context.js';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_REDIRECTS = 5;
/** Request headers the model may not set (hop-by-hop or owned by the HTTP client). */
const FORBIDDEN_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'upgrade', 'te']);

export function hostAllowed(host: string, allowed: string[] | undefined): boolean {
  if (!allowed) return true;
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return allowed.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.startsWith('*.') ? h.endsWith(p.slice(1)) : h === p;
  });
}

/** Reads at most `maxBytes` of the body, then stops reading. */
async function readCapped(body: AsyncIterable<Uint8Array> | null, maxBytes: number): Promise<string> {
  if (!body) return '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(Buffer.from(chunk));
    size += chunk.byteLength;
    if (size > maxBytes) break;
  }
  return Buffer.concat(chunks).toString('utf8');
}

function blockedBy(err: unknown): SsrfBlockedError | null {
  const cause = (err as { cause?: unknown }).cause;
  return err instanceof SsrfBlockedError ? err : cause instanceof SsrfBlockedError ? cause : null;
}

/**
 * http_request: any public URL, through the SSRF-guarded dispatcher. Redirects are followed by
 * hand so that the config's host allow-list applies to every hop (the guard checks every
 * connection's resolved address either way).
 */
export async function runHttpRequest(call: BuiltinCall): Promise<BuiltinResult> {
  const config = httpRequestConfigSchema.parse(call.config);
  const args = call.arguments;
  if (typeof args.url !== 'string') return builtinError('url is required (an absolute http:// or https:// URL)');
  const method = typeof args.method === 'string' ? args.method.toUpperCase() : 'GET';
  if (!METHODS.has(method)) return builtinError(`method must be one of ${[...METHODS].join(', ')}`);
  const headers: Record<string, string> = {};
  if (args.headers !== undefined) {
    if (!args.headers || typeof args.headers !== 'object' || Array.isArray(args.headers))
      return builtinError('headers must be an object of strings');
    for (const [k, v] of Object.entries(args.headers)) {
      if (typeof v !== 'string') return builtinError(`header ${k} must be a string`);
      if (!FORBIDDEN_HEADERS.has(k.toLowerCase())) headers[k] = v;
    }
  }
  let body: string | undefined;
  if (args.body !== undefined && args.body !== null) {
    if (method === 'GET') return builtinError('a GET request has no body');
    body = typeof args.body === 'string' ? args.body : JSON.stringify(args.body);
    if (typeof args.body !== 'string' && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json';
  }
  const maxChars = config.maxResponseChars ?? HTTP_REQUEST_MAX_CHARS;
  const seconds = Math.min(call.tool.timeoutSeconds, HTTP_REQUEST_TIMEOUT_SECONDS);
  const timeout = AbortSignal.timeout(seconds * 1000);
  const signal = call.signal ? AbortSignal.any([timeout, call.signal]) : timeout;

  let url: URL;
  try {
    url = new URL(args.url);
  } catch {
    return builtinError(`Not a valid URL: ${args.url.slice(0, 200)}`);
  }
  let currentMethod = method;
  let currentBody = body;
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return builtinError('Only http and https URLs');
      if (!hostAllowed(url.hostname, config.allowedHosts))
        return builtinError(`Host ${url.hostname} is not in this tool's allowedHosts`);
      const response = await fetch(url, {
        method: currentMethod,
        headers,
        body: currentBody,
        dispatcher: call.dispatcher,
        signal,
        redirect: 'manual',
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        if (hop >= MAX_REDIRECTS) return builtinError(`More than ${MAX_REDIRECTS} redirects`);
        url = new URL(location, url);
        if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
          currentMethod = 'GET';
          currentBody = undefined;
        }
        continue;
      }
      const text = await readCapped(response.body, maxChars * 4 + 1024);
      return builtinSuccess({
        status: response.status,
        url: url.toString(),
        headers: Object.fromEntries(
          [...response.headers].filter(([k]) => ['content-type', 'content-length', 'location', 'date'].includes(k)),
        ),
        body: capResult(text, maxChars),
      });
    }
  } catch (err) {
    if (timeout.aborted)
      return { status: 'timeout', content: JSON.stringify({ error: `Timed out after ${seconds}s` }) };
    const blocked = blockedBy(err);
    if (blocked) return builtinError(blocked.message);
    if (call.signal?.aborted) throw err;
    const cause = (err as { cause?: unknown }).cause;
    return builtinError(`Request failed: ${cause instanceof Error ? cause.message : (err as Error).message}`);
  }
}
