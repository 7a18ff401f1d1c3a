import { Headers, Response, type Dispatcher } from 'undici';
import { bodyLimits, ResponseTooLargeError } from '../../infra/net/body-limits.js';
import { httpRequest, type HttpResponse } from '../../infra/net/http-request.js';
import { SsrfBlockedError } from '../../infra/net/ssrf.js';

export const MAX_REDIRECTS = 5;

export function hostAllowed(host: string, allowed: string[] | undefined): boolean {
  if (!allowed) return true;
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return allowed.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.startsWith('*.') ? h.endsWith(p.slice(1)) : h === p;
  });
}

/** Statuses whose Response must not have a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** Our answer as a fetch Response (what the builtins read); its body keeps the read limits. */
async function asResponse(answer: HttpResponse): Promise<Response> {
  const headers = new Headers();
  for (const [name, value] of answer.headerPairs()) headers.append(name, value);
  if (!NULL_BODY_STATUSES.has(answer.status)) return new Response(answer.body, { status: answer.status, headers });
  await answer.discard();
  return new Response(null, { status: answer.status, headers });
}

/**
 * Fetches through the SSRF-guarded dispatcher, following redirects by hand so that a host
 * allow-list applies to every hop (the guard itself checks every connection's resolved address).
 * The body is read within `bodyLimits.tool` (decoded size and expansion; over them reading throws
 * ResponseTooLargeError). Returns the final response, or a sentence saying why the request was
 * refused.
 */
export async function guardedFetch(
  start: string,
  init: { method: string; headers: Record<string, string>; body?: string | undefined },
  opts: { dispatcher: Dispatcher; signal: AbortSignal; allowedHosts?: string[] | undefined },
): Promise<{ response: Response; url: URL } | { refused: string }> {
  let url: URL;
  try {
    url = new URL(start);
  } catch {
    return { refused: `Not a valid URL: ${start.slice(0, 200)}` };
  }
  let { method, body } = init;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refused: 'Only http and https URLs' };
    if (!hostAllowed(url.hostname, opts.allowedHosts))
      return { refused: `Host ${url.hostname} is not in this tool's allowedHosts` };
    const answer = await httpRequest(url.href, {
      method,
      headers: init.headers,
      ...(body !== undefined ? { body } : {}),
      dispatcher: opts.dispatcher,
      signal: opts.signal,
      limits: bodyLimits.tool,
    });
    const location = answer.header('location');
    if (answer.status < 300 || answer.status >= 400 || !location) return { response: await asResponse(answer), url };
    await answer.discard();
    if (hop >= MAX_REDIRECTS) return { refused: `More than ${MAX_REDIRECTS} redirects` };
    url = new URL(location, url);
    if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
  }
}

/** Reads at most `maxBytes` of the body, then stops reading (and drops the connection). */
export async function readCapped(body: AsyncIterable<Uint8Array> | null, maxBytes: number): Promise<string> {
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

/** A body over its read limits, as the builtins report it (a Response wraps what its body threw). */
export function tooLarge(err: unknown): ResponseTooLargeError | null {
  const cause = (err as { cause?: unknown }).cause;
  return err instanceof ResponseTooLargeError ? err : cause instanceof ResponseTooLargeError ? cause : null;
}

export function ssrfBlock(err: unknown): SsrfBlockedError | null {
  const cause = (err as { cause?: unknown }).cause;
  return err instanceof SsrfBlockedError ? err : cause instanceof SsrfBlockedError ? cause : null;
}
