import {
  HTTP_REQUEST_MAX_CHARS,
  HTTP_REQUEST_TIMEOUT_SECONDS,
  httpRequestConfigSchema,
} from '../../contracts/builtins/http-request.js';
import { capResult } from '../http-tool.js';
import { builtinError, builtinSuccess, type BuiltinCall, type BuiltinResult } from './context.js';
import { guardedFetch, readCapped, ssrfBlock, tooLarge } from './guarded-fetch.js';
import { abortWhen } from '../../infra/net/abort-when.js';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
/** Request headers the model may not set (hop-by-hop or owned by the HTTP client). */
const FORBIDDEN_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'upgrade', 'te']);

/** http_request: any public URL, through the SSRF guard, with the config's host allow-list on every hop. */
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
  const deadline = abortWhen([call.signal], seconds * 1000);
  const signal = deadline.signal;
  try {
    const fetched = await guardedFetch(
      args.url,
      { method, headers, body },
      { dispatcher: call.dispatcher, signal, allowedHosts: config.allowedHosts },
    );
    if ('refused' in fetched) return builtinError(fetched.refused);
    const { response, url } = fetched;
    const text = await readCapped(response.body, maxChars * 4 + 1024);
    return builtinSuccess({
      status: response.status,
      url: url.toString(),
      headers: Object.fromEntries(
        [...response.headers].filter(([k]) => ['content-type', 'content-length', 'location', 'date'].includes(k)),
      ),
      body: capResult(text, maxChars),
    });
  } catch (err) {
    if (deadline.timedOut)
      return { status: 'timeout', content: JSON.stringify({ error: `Timed out after ${seconds}s` }) };
    const blocked = ssrfBlock(err);
    if (blocked) return builtinError(blocked.message);
    const over = tooLarge(err);
    if (over) return builtinError(`Response refused: ${over.message}`);
    if (call.signal?.aborted) throw err;
    const cause = (err as { cause?: unknown }).cause;
    return builtinError(`Request failed: ${cause instanceof Error ? cause.message : (err as Error).message}`);
  } finally {
    deadline.dispose();
  }
}
