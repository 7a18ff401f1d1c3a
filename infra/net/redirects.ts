import type { Dispatcher } from 'undici';
import type { BodyLimits } from './body-limits.js';
import { httpRequest, type HttpResponse } from './http-request.js';

/** Redirect hops followed before giving up (the Fetch standard's limit is 20; tools need few). */
export const MAX_REDIRECTS = 5;

/** Headers the Fetch standard drops on a cross-origin redirect; ours are dropped with them. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

export class TooManyRedirectsError extends Error {
  constructor(readonly url: string) {
    super(`More than ${MAX_REDIRECTS} redirects (last: ${url})`);
    this.name = 'TooManyRedirectsError';
  }
}

export interface RedirectingRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  dispatcher: Dispatcher;
  signal?: AbortSignal;
  /**
   * Header names (any case) whose values are secrets: sent to the configured origin only. A
   * redirect to another origin goes on without them, so a tool or hook server (or anyone who can
   * make it redirect) cannot have our secrets delivered to a third party.
   */
  secretHeaders: readonly string[];
  /** How much of the final response's body may be read (body-limits.ts). */
  limits: BodyLimits;
}

/**
 * An HTTP request (`httpRequest`) with redirects followed by hand (the Fetch standard forwards every custom header to
 * whatever origin a redirect names). Same-origin hops keep everything; cross-origin hops lose the
 * secret and credential headers. 303, and 301/302 after a POST, continue as a bodyless GET as
 * browsers do; 307/308 repeat the method and body. Every hop connects through `dispatcher` (the
 * SSRF guard).
 */
export async function requestFollowingRedirects(url: string, req: RedirectingRequest): Promise<HttpResponse> {
  const origin = new URL(url).origin;
  const secret = new Set([...req.secretHeaders, ...CREDENTIAL_HEADERS].map((h) => h.toLowerCase()));
  let current = url;
  let method = req.method;
  let body = req.body;
  let headers = req.headers;
  for (let hop = 0; ; hop++) {
    const response = await httpRequest(current, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
      dispatcher: req.dispatcher,
      ...(req.signal ? { signal: req.signal } : {}),
      limits: req.limits,
    });
    const location = response.header('location');
    if (![301, 302, 303, 307, 308].includes(response.status) || location === null) return response;
    await response.discard();
    if (hop >= MAX_REDIRECTS) throw new TooManyRedirectsError(current);
    const next = new URL(location, current);
    if (next.protocol !== 'http:' && next.protocol !== 'https:') return response;
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = method === 'HEAD' ? 'HEAD' : 'GET';
      body = undefined;
      headers = Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'content-type'));
    }
    if (next.origin !== origin) {
      headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !secret.has(k.toLowerCase())));
    }
    current = next.href;
  }
}
