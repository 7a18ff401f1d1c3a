import { fetch, type Dispatcher, type Response } from 'undici';
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

/**
 * Fetches through the SSRF-guarded dispatcher, following redirects by hand so that a host
 * allow-list applies to every hop (the guard itself checks every connection's resolved address).
 * Returns the final response, or a sentence saying why the request was refused.
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
    const response = await fetch(url, {
      method,
      headers: init.headers,
      body,
      dispatcher: opts.dispatcher,
      signal: opts.signal,
      redirect: 'manual',
    });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return { response, url };
    await response.body?.cancel();
    if (hop >= MAX_REDIRECTS) return { refused: `More than ${MAX_REDIRECTS} redirects` };
    url = new URL(location, url);
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
  }
}

/** Reads at most `maxBytes` of the body, then stops reading. */
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

export function ssrfBlock(err: unknown): SsrfBlockedError | null {
  const cause = (err as { cause?: unknown }).cause;
  return err instanceof SsrfBlockedError ? err : cause instanceof SsrfBlockedError ? cause : null;
}
