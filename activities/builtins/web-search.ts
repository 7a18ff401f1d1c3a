import {
  WEB_SEARCH_DEFAULT_RESULTS,
  WEB_SEARCH_DEFAULT_URL,
  WEB_SEARCH_MAX_RESULTS,
  WEB_SEARCH_TIMEOUT_SECONDS,
  webSearchConfigSchema,
} from '../../contracts/builtins/web-search.js';
import { builtinError, builtinSuccess, type BuiltinCall, type BuiltinResult } from './context.js';
import { guardedFetch, readCapped, ssrfBlock } from './guarded-fetch.js';
import { abortWhen } from '../../infra/net/abort-when.js';

const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

/** Brave highlights matches with <strong>; the model gets plain text. */
const plain = (v: unknown, max: number): string =>
  typeof v === 'string'
    ? v
        .replace(/<[^<>]*>/g, '')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&')
        .slice(0, max)
    : '';

/** web_search: one Brave Search API request (or a server answering in its format) through the SSRF guard. */
export async function runWebSearch(call: BuiltinCall): Promise<BuiltinResult> {
  const config = webSearchConfigSchema.parse(call.config);
  const { query, count = WEB_SEARCH_DEFAULT_RESULTS } = call.arguments;
  if (typeof query !== 'string' || query.trim() === '') return builtinError('query is required (a non-empty string)');
  if (query.length > 400) return builtinError('query is longer than 400 characters');
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > WEB_SEARCH_MAX_RESULTS)
    return builtinError(`count must be an integer from 1 to ${WEB_SEARCH_MAX_RESULTS}`);
  const apiKey = await call.setting('WEB_SEARCH_API_KEY');
  if (!apiKey)
    return builtinError(
      'Web search is not configured: set the project setting WEB_SEARCH_API_KEY (a Brave Search API key) with PUT /v1/settings/WEB_SEARCH_API_KEY',
    );
  const endpoint = (await call.setting('WEB_SEARCH_URL')) ?? WEB_SEARCH_DEFAULT_URL;
  const n = Math.min(count, config.maxResults ?? WEB_SEARCH_MAX_RESULTS);
  const url = new URL(endpoint);
  url.searchParams.set('q', query);
  url.searchParams.set('count', String(n));
  const seconds = Math.min(call.tool.timeoutSeconds, WEB_SEARCH_TIMEOUT_SECONDS);
  const deadline = abortWhen([call.signal], seconds * 1000);
  const signal = deadline.signal;
  try {
    const fetched = await guardedFetch(
      url.toString(),
      { method: 'GET', headers: { accept: 'application/json', 'x-subscription-token': apiKey } },
      { dispatcher: call.dispatcher, signal },
    );
    if ('refused' in fetched) return builtinError(fetched.refused);
    const text = await readCapped(fetched.response.body, MAX_RESPONSE_BYTES);
    if (!fetched.response.ok)
      return builtinError(`The search API answered HTTP ${fetched.response.status}`, {
        status: fetched.response.status,
      });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return builtinError('The search API did not answer with JSON');
    }
    const raw = (body as { web?: { results?: unknown } } | null)?.web?.results;
    const results = (Array.isArray(raw) ? raw : [])
      .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && typeof r.url === 'string')
      .slice(0, n)
      .map((r) => ({
        title: plain(r.title, 300),
        url: String(r.url).slice(0, 2048),
        description: plain(r.description, 1000),
      }));
    return builtinSuccess({ query, results });
  } catch (err) {
    if (deadline.timedOut)
      return { status: 'timeout', content: JSON.stringify({ error: `Timed out after ${seconds}s` }) };
    const blocked = ssrfBlock(err);
    if (blocked) return builtinError(blocked.message);
    if (call.signal?.aborted) throw err;
    const cause = (err as { cause?: unknown }).cause;
    return builtinError(`Search request failed: ${cause instanceof Error ? cause.message : (err as Error).message}`);
  } finally {
    deadline.dispose();
  }
}
