/**
 * How an http tool's call becomes a request (docs/generations.md, "HTTP tools"): `{name}`
 * placeholders in the URL's path and query are filled from the call's arguments (URL-encoded);
 * the arguments no placeholder used are the query string of a GET or DELETE, or the body of a
 * POST, PUT or PATCH (JSON, or form-encoded). Pure: the API checks placeholders with it when a tool
 * is written, the activity builds the request with it.
 */
export const HTTP_TOOL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpToolMethod = (typeof HTTP_TOOL_METHODS)[number];
export type HttpToolBodyEncoding = 'json' | 'form';

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The argument names the URL's placeholders use, in order, without repeats. */
export function urlPlaceholders(url: string): string[] {
  return [...new Set([...url.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export type HttpToolRequest =
  { ok: true; url: string; method: HttpToolMethod; body?: string; contentType?: string } | { ok: false; error: string };

export function httpToolRequest(
  execute: { url: string; method?: HttpToolMethod | undefined; bodyEncoding?: HttpToolBodyEncoding | undefined },
  args: Record<string, unknown>,
): HttpToolRequest {
  const method = execute.method ?? 'POST';
  const used = urlPlaceholders(execute.url);
  const missing = used.filter((name) => args[name] === undefined || args[name] === null);
  if (missing.length) return { ok: false, error: `Missing argument for the URL: ${missing.join(', ')}` };
  // Encoded, a value stays inside its segment, except the dot segments URL parsing resolves.
  const dots = used.filter((name) => ['.', '..'].includes(asText(args[name])));
  if (dots.length) return { ok: false, error: `A URL argument cannot be "." or "..": ${dots.join(', ')}` };
  const filled = execute.url.replace(PLACEHOLDER, (_, name: string) => encodeURIComponent(asText(args[name])));
  // The API refuses placeholders outside the path and query; checked again where the request is made.
  const origin = new URL(execute.url.replace(PLACEHOLDER, 'p')).origin;
  if (new URL(filled).origin !== origin) return { ok: false, error: 'The arguments would change the URL origin' };
  const rest = Object.fromEntries(Object.entries(args).filter(([name]) => !used.includes(name)));
  if (method === 'GET' || method === 'DELETE') {
    const url = new URL(filled);
    for (const [name, value] of Object.entries(rest))
      if (value !== undefined) url.searchParams.append(name, asText(value));
    return { ok: true, url: url.toString(), method };
  }
  if (execute.bodyEncoding === 'form') {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(rest)) if (value !== undefined) form.append(name, asText(value));
    return { ok: true, url: filled, method, body: form.toString(), contentType: 'application/x-www-form-urlencoded' };
  }
  return { ok: true, url: filled, method, body: JSON.stringify(rest), contentType: 'application/json' };
}
