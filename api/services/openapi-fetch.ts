import { ApiError, unprocessable } from '../../contracts/errors.js';
import { abortWhen } from '../../infra/net/abort-when.js';
import { responseTooLargeIn } from '../../infra/net/body-limits.js';
import { requestFollowingRedirects, TooManyRedirectsError } from '../../infra/net/redirects.js';
import { ssrfBlockIn } from '../../domain/provider-client.js';
import type { AppContext } from '../context.js';
import { outboundOf } from './outbound.js';

/** How much of a document fetched by URL is read, and for how long. */
export const DOCUMENT_FETCH = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000 };

/**
 * An OpenAPI document fetched from a caller's URL: through the tools' SSRF guard (the URL is
 * tenant-chosen, like an http tool's), redirects followed as tools follow them, body and time
 * bounded. Every failure is the caller's input: a 422 on body.url.
 */
export async function fetchOpenApiDocument(ctx: AppContext, url: string): Promise<unknown> {
  const deadline = abortWhen([], DOCUMENT_FETCH.timeoutMs);
  const refuse = (why: string) => unprocessable(`The document at url could not be read: ${why}`, { path: 'body.url' });
  let text: string;
  try {
    const response = await requestFollowingRedirects(url, {
      method: 'GET',
      headers: { accept: 'application/json' },
      dispatcher: outboundOf(ctx).tool,
      signal: deadline.signal,
      secretHeaders: [],
      limits: { maxBytes: DOCUMENT_FETCH.maxBytes, maxRatio: 100, ratioFloorBytes: 1024 * 1024 },
    });
    if (!response.ok) {
      await response.discard();
      throw refuse(`HTTP ${response.status}`);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of response.body) chunks.push(Buffer.from(chunk));
    text = Buffer.concat(chunks).toString('utf8');
  } catch (err) {
    if (deadline.timedOut) throw refuse(`no answer within ${DOCUMENT_FETCH.timeoutMs / 1000} s`);
    const blocked = ssrfBlockIn(err);
    if (blocked) throw refuse(blocked.message);
    const tooLarge = responseTooLargeIn(err);
    if (tooLarge) throw refuse(`larger than ${DOCUMENT_FETCH.maxBytes} bytes`);
    if (err instanceof TooManyRedirectsError) throw refuse(err.message);
    if (err instanceof ApiError) throw err;
    const cause = (err as { cause?: unknown }).cause;
    throw refuse(cause instanceof Error ? cause.message : (err as Error).message);
  } finally {
    deadline.dispose();
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw refuse('not JSON (YAML documents are not read; convert them to JSON)');
  }
}
