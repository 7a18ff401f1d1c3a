import type { Dispatcher } from 'undici';
import type { SnapshotTool, StoredHeaderValue } from '../contracts/snapshot.js';
import type { SecretBox } from '../infra/crypto/secrets.js';
import { bodyLimits, ResponseTooLargeError } from '../infra/net/body-limits.js';
import { readCapped } from '../infra/net/read-capped.js';
import { requestFollowingRedirects, TooManyRedirectsError } from '../infra/net/redirects.js';
import { SsrfBlockedError } from '../infra/net/ssrf.js';
import type { ToolResultStatus } from '../contracts/generation/index.js';
import { abortWhen } from '../infra/net/abort-when.js';
import { httpToolRequest } from '../contracts/http-tool-request.js';

export interface ToolResult {
  status: ToolResultStatus;
  /** What the model receives as the tool message content. */
  content: string;
}

export const TRUNCATION_MARKER = "\n…[truncated: result exceeded the tool's maxResultChars]";

/** Caps a result at `max` characters, marking the cut. */
export function capResult(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max) + TRUNCATION_MARKER;
}

/** Names of the headers stored encrypted: they go to the configured origin only. */
export function secretHeaderNames(headers: Record<string, StoredHeaderValue> | undefined): string[] {
  return Object.entries(headers ?? {})
    .filter(([, value]) => typeof value !== 'string')
    .map(([name]) => name);
}

export function decryptHeaders(
  headers: Record<string, StoredHeaderValue> | undefined,
  secrets: SecretBox,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    out[name] = typeof value === 'string' ? value : secrets.decrypt(value.encrypted);
  }
  return out;
}

const errorContent = (error: string, extra: Record<string, unknown> = {}) => JSON.stringify({ error, ...extra });

/**
 * Sends the call to the tool's URL as its `execute` says (method, placeholders, query or body:
 * contracts/http-tool-request.ts). Every outcome becomes a result for the model (the run
 * continues); only our own infrastructure failing throws (and is retried).
 */
export async function runHttpTool(opts: {
  tool: SnapshotTool;
  arguments: unknown;
  idempotencyKey: string;
  secrets: SecretBox;
  dispatcher: Dispatcher;
  signal?: AbortSignal;
}): Promise<ToolResult> {
  const { tool } = opts;
  if (!tool.execute) return { status: 'error', content: errorContent(`Tool ${tool.name} has no executor`) };
  if (opts.arguments && typeof opts.arguments === 'object' && '__invalid' in opts.arguments) {
    return { status: 'error', content: errorContent('The tool arguments were not valid JSON') };
  }
  const args =
    opts.arguments && typeof opts.arguments === 'object' && !Array.isArray(opts.arguments)
      ? (opts.arguments as Record<string, unknown>)
      : {};
  const planned = httpToolRequest(tool.execute, args);
  if (!planned.ok) return { status: 'error', content: errorContent(planned.error) };
  const deadline = abortWhen([opts.signal], tool.timeoutSeconds * 1000);
  const signal = deadline.signal;
  try {
    const response = await requestFollowingRedirects(planned.url, {
      method: planned.method,
      headers: {
        ...decryptHeaders(tool.execute.headers, opts.secrets),
        ...(planned.contentType ? { 'content-type': planned.contentType } : {}),
        accept: 'application/json, text/plain;q=0.9, */*;q=0.5',
        'idempotency-key': opts.idempotencyKey,
      },
      ...(planned.body !== undefined ? { body: planned.body } : {}),
      dispatcher: opts.dispatcher,
      signal,
      secretHeaders: secretHeaderNames(tool.execute.headers),
      limits: bodyLimits.tool,
    });
    // Read a little more than the cap (multi-byte characters), then cut by characters.
    const { text } = await readCapped(response.body, tool.maxResultChars * 4 + 1024);
    const content = capResult(text, tool.maxResultChars);
    if (!response.ok) {
      return {
        status: 'error',
        content: errorContent(`HTTP ${response.status}`, {
          body: capResult(text, Math.min(2000, tool.maxResultChars)),
        }),
      };
    }
    return { status: 'success', content };
  } catch (err) {
    if (deadline.timedOut)
      return { status: 'timeout', content: errorContent(`Tool timed out after ${tool.timeoutSeconds}s`) };
    const cause = (err as { cause?: unknown }).cause;
    const blocked = err instanceof SsrfBlockedError ? err : cause instanceof SsrfBlockedError ? cause : null;
    if (blocked) return { status: 'error', content: errorContent(blocked.message) };
    if (err instanceof TooManyRedirectsError || err instanceof ResponseTooLargeError)
      return { status: 'error', content: errorContent(err.message) };
    if (opts.signal?.aborted) throw err; // the activity was cancelled: let Temporal see it
    const message = cause instanceof Error ? cause.message : (err as Error).message;
    return { status: 'error', content: errorContent(`Request failed: ${message}`) };
  } finally {
    deadline.dispose();
  }
}
