import { Agent, fetch } from 'undici';

/** One keep-alive connection pool for every request the benchmark sends to the API. */
const dispatcher = new Agent({
  keepAliveTimeout: 60_000,
  keepAliveMaxTimeout: 600_000,
  connections: 1024,
  headersTimeout: 900_000,
  bodyTimeout: 900_000,
});

export interface JsonResponse {
  status: number;
  body: any;
}

export async function requestJson(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse> {
  const res = await fetch(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    dispatcher,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed };
}

export function closeHttp(): Promise<void> {
  return dispatcher.close();
}

/** A short description of an unexpected API answer, for error messages. */
export function describeResponse(res: JsonResponse): string {
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  return `HTTP ${res.status}: ${text.slice(0, 600)}`;
}
