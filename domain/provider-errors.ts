/*
 * What a model provider's error answer means, for every provider kind, in one pure function: the
 * model call compacts on `context_overflow`, retries `rate_limited` and `unavailable`, and fails at
 * once on `authentication` and `rejected`. Providers reached through their OpenAI-compatible
 * endpoints still answer errors in their own shapes:
 *
 * - OpenAI (and most gateways): `{ error: { message, type, code, param } }`, overflow as
 *   code `context_length_exceeded`.
 * - Anthropic: `{ type: 'error', error: { type, message } }` — overflow is a 400
 *   invalid_request_error "prompt is too long: N tokens > M maximum"; 529 overloaded_error.
 * - Gemini: `{ error: { code, message, status } }` with google.rpc status names (INVALID_ARGUMENT,
 *   RESOURCE_EXHAUSTED, PERMISSION_DENIED), sometimes wrapped in a one-element array; a bad key is
 *   a 400 INVALID_ARGUMENT "API key not valid" (reason API_KEY_INVALID).
 * - Ollama: OpenAI's shape, or `{ error: '…' }`; overflow messages name the context length, at 400
 *   or 500 depending on the version.
 * - OpenRouter: OpenAI's shape with a numeric `code` and the upstream's message.
 */

export type ProviderErrorKind = 'context_overflow' | 'rate_limited' | 'authentication' | 'unavailable' | 'rejected';

export interface ProviderErrorInfo {
  kind: ProviderErrorKind;
  /** Whether another attempt may succeed (rate limits, overload, 5xx, timeouts, stream errors). */
  retryable: boolean;
  /** The provider's own message, unsanitised (null when the body has none). */
  message: string | null;
  /** The provider's code, error type or status name, whichever it gives first. */
  code: string | null;
}

interface ErrorFields {
  message: string | null;
  /** code, type and status values, and google.rpc ErrorInfo reasons, as strings. */
  labels: string[];
}

const OVERFLOW_LABELS = new Set(['context_length_exceeded', 'exceed_context_size_error']);
const OVERFLOW_MESSAGES = [
  /context length/i, // OpenAI, OpenRouter, Ollama: "maximum context length", "exceeds the context length"
  /context (?:window|size|limit)/i, // llama.cpp "available context size", Anthropic "exceed context limit"
  /prompt is too long/i, // Anthropic: "prompt is too long: 215000 tokens > 200000 maximum"
  /input token count.*exceeds the maximum number of tokens/i, // Gemini
  /too many tokens/i,
];
const RATE_LABELS = new Set(['rate_limit_exceeded', 'rate_limit_error', 'overloaded_error', 'resource_exhausted']);
const AUTH_LABELS = new Set([
  'invalid_api_key',
  'authentication_error',
  'permission_error',
  'unauthenticated',
  'permission_denied',
  'api_key_invalid',
]);

/**
 * Unwraps the one-element array Gemini's OpenAI endpoint sometimes answers an error with, so the
 * body reads like every other provider's (`{ error: … }`). Anything else is returned as it is.
 */
export function errorEnvelope(body: unknown): unknown {
  if (Array.isArray(body) && body.length > 0 && isRecord(body[0]) && 'error' in body[0]) return body[0];
  return body;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The message and the labels of an error body in any of the shapes above. */
function fieldsOf(body: unknown): ErrorFields {
  const envelope = errorEnvelope(body);
  const error = isRecord(envelope) && 'error' in envelope ? envelope.error : envelope;
  if (typeof error === 'string') return { message: error, labels: [] };
  if (!isRecord(error)) return { message: null, labels: [] };
  const labels: string[] = [];
  for (const value of [error.code, error.type, error.status, isRecord(envelope) ? envelope.type : undefined])
    if (typeof value === 'string' && value !== '' && value !== 'error') labels.push(value);
  for (const detail of Array.isArray(error.details) ? error.details : [])
    if (isRecord(detail) && typeof detail.reason === 'string') labels.push(detail.reason);
  const message =
    typeof error.message === 'string' ? error.message : typeof error.error === 'string' ? error.error : null;
  return { message, labels };
}

/**
 * Classifies one error answer. `status` is the HTTP status (undefined for an error event inside a
 * stream); `body` the parsed response body, whole (`{ error }`, `[{ error }]`, a string).
 */
export function classifyProviderError(status: number | undefined, body: unknown): ProviderErrorInfo {
  const { message, labels } = fieldsOf(body);
  const lower = labels.map((l) => l.toLowerCase());
  const has = (set: Set<string>) => lower.some((l) => set.has(l));
  const says = (patterns: RegExp[]) => message !== null && patterns.some((p) => p.test(message));
  const info = (kind: ProviderErrorKind, retryable: boolean): ProviderErrorInfo => ({
    kind,
    retryable,
    message,
    code: labels[0] ?? null,
  });

  // A bad key first: Gemini answers it as a 400 INVALID_ARGUMENT, which must not read as overflow.
  if (status === 401 || status === 403 || has(AUTH_LABELS) || says([/api key not valid/i]))
    return info('authentication', false);
  // Before overflow: OpenAI's tokens-per-minute 429 ("Request too large … tokens") is a rate limit.
  if (status === 429 || status === 529 || has(RATE_LABELS)) return info('rate_limited', true);
  if (has(OVERFLOW_LABELS) || says(OVERFLOW_MESSAGES)) return info('context_overflow', false);
  if (status === undefined || status === 408 || status === 409 || status >= 500) return info('unavailable', true);
  return info('rejected', false);
}
