import {
  WEB_SEARCH_MAX_RESULTS,
  WEB_SEARCH_TIMEOUT_SECONDS,
  webSearchConfigSchema,
} from '../../contracts/builtins/web-search.js';
import { builtinError, builtinSuccess, type BuiltinCall, type BuiltinResult } from './context.js';
import { guardedFetch, readCapped, ssrfBlock } from './guarded-fetch.js';
import { abortWhen } from '../../infra/net/abort-when.js';
import {
  braveRequest,
  exaRequest,
  readSearchArgs,
  searchResults,
  type SearchProvider,
  type SearchRequest,
} from './web-search-providers.js';

const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

/** The request to the project's search provider, or the error the model gets (not configured, a refused control). */
async function providerRequest(
  call: BuiltinCall,
  args: Exclude<ReturnType<typeof readSearchArgs>, string>,
  maxResults: number,
): Promise<{ provider: SearchProvider; request: SearchRequest } | string> {
  // Each provider has its own key and URL settings: switching never sends one service's key to the other.
  const provider: SearchProvider = (await call.setting('WEB_SEARCH_PROVIDER')) === 'exa' ? 'exa' : 'brave';
  if (provider === 'exa') {
    const apiKey = await call.setting('EXA_API_KEY');
    if (!apiKey)
      return 'Web search is not configured: WEB_SEARCH_PROVIDER is exa, so set the project setting EXA_API_KEY (an Exa API key) with PUT /v1/settings/EXA_API_KEY';
    return { provider, request: exaRequest(args, await call.setting('EXA_URL'), apiKey, maxResults) };
  }
  const apiKey = await call.setting('WEB_SEARCH_API_KEY');
  if (!apiKey)
    return 'Web search is not configured: set the project setting WEB_SEARCH_API_KEY (a Brave Search API key) with PUT /v1/settings/WEB_SEARCH_API_KEY';
  const request = braveRequest(args, await call.setting('WEB_SEARCH_URL'), apiKey, maxResults);
  return typeof request === 'string' ? request : { provider, request };
}

/** web_search: one request to the Brave Search API or Exa (or a server answering in its format) through the SSRF guard. */
export async function runWebSearch(call: BuiltinCall): Promise<BuiltinResult> {
  const config = webSearchConfigSchema.parse(call.config);
  const args = readSearchArgs(call.arguments);
  if (typeof args === 'string') return builtinError(args);
  const chosen = await providerRequest(call, args, config.maxResults ?? WEB_SEARCH_MAX_RESULTS);
  if (typeof chosen === 'string') return builtinError(chosen);
  const { provider, request } = chosen;
  const seconds = Math.min(call.tool.timeoutSeconds, WEB_SEARCH_TIMEOUT_SECONDS);
  const deadline = abortWhen([call.signal], seconds * 1000);
  const signal = deadline.signal;
  try {
    const fetched = await guardedFetch(
      request.url,
      { method: request.method, headers: request.headers, body: request.body },
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
    return builtinSuccess({ query: args.query, provider, results: searchResults(provider, body, request.n) });
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
