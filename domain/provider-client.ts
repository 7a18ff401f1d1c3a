import { ApplicationFailure } from '@temporalio/common';
import OpenAI, { AzureOpenAI } from 'openai';
import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
  ChatCompletionToolChoiceOption,
} from 'openai/resources/chat/completions';
import { Headers as UndiciHeaders, Response as UndiciResponse, type Dispatcher } from 'undici';
import { contextOverflowFailure, providerFailure } from '../contracts/generation/index.js';
import type { ToolChoice } from '../contracts/schemas/index.js';
import type { SnapshotModelParameters, SnapshotProvider, SnapshotTool } from '../contracts/snapshot.js';
import type { SecretBox } from '../infra/crypto/secrets.js';
import { bodyLimits, limitEvents, PROVIDER_EVENT_MAX_BYTES, responseTooLargeIn } from '../infra/net/body-limits.js';
import { requestFollowingRedirects } from '../infra/net/redirects.js';
import { SsrfBlockedError } from '../infra/net/ssrf.js';
import type { StoredMessage } from '../contracts/conversation.js';
import { classifyProviderError, errorEnvelope, type ProviderErrorInfo } from './provider-errors.js';
import { providerEndpoint, sendsNoAuthorization } from './provider-presets.js';

/*
 * The model provider as an OpenAI-compatible client: requests through the SSRF-guarded dispatcher,
 * our stored messages and tools in the Chat Completions shape, and provider errors mapped to
 * failures the workflow's retry policy understands (their text sanitised: it is tenant-reachable).
 * Each kind's endpoint and key convention come from provider-presets.ts, the meaning of each
 * provider's error shapes from provider-errors.ts.
 */

/** Headers that carry a provider's key besides Authorization (Azure's `api-key`). */
const PROVIDER_SECRET_HEADERS = ['api-key'];

/** Statuses whose Response must not have a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** The openai client's headers (a Headers, pairs or a record) as a plain record. */
function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  new Headers(headers).forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

/**
 * The provider's fetch for the openai client: every connection (redirect hops included) goes
 * through the SSRF-guarded dispatcher, since a provider's baseUrl is tenant input and the global
 * fetch would let it reach internal addresses. It sends through undici's `request` and wraps the
 * answer in a Response (a third of fetch's CPU per call, docs/performance.md); redirects are
 * followed as `requestFollowingRedirects` follows them (the key never leaves the provider's origin).
 * The answer is read within `bodyLimits.provider`: a bigger or bomb-like one fails the call with
 * ResponseTooLargeError instead of filling memory. Request bodies are JSON text (uploads, which
 * our calls never make, are refused).
 */
export function guardedProviderFetch(
  dispatcher: Dispatcher,
  /** The provider's own configured headers (gateway keys): they stay with its origin too. */
  configuredHeaders: readonly string[] = [],
): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  const secretHeaders = [...PROVIDER_SECRET_HEADERS, ...configuredHeaders];
  return async (input, init) => {
    // The openai client passes a URL string and an init; a Request is read for its URL only.
    const url = typeof input === 'string' || input instanceof URL ? input : input.url;
    const body = init?.body ?? undefined;
    if (body !== undefined && typeof body !== 'string')
      throw new TypeError('Only text request bodies are sent to model providers');
    const answer = await requestFollowingRedirects(String(url), {
      method: init?.method ?? 'GET',
      headers: headerRecord(init?.headers),
      ...(body !== undefined ? { body } : {}),
      dispatcher,
      ...(init?.signal ? { signal: init.signal } : {}),
      secretHeaders,
      limits: bodyLimits.provider,
    });
    const headers = new UndiciHeaders();
    for (const [name, value] of answer.headerPairs()) headers.append(name, value);
    if (NULL_BODY_STATUSES.has(answer.status)) {
      await answer.discard();
      return new UndiciResponse(null, { status: answer.status, headers }) as unknown as Response;
    }
    // Each event of a stream is bounded too: the client's buffering of one is quadratic in its size.
    const answerBody = /text\/event-stream/i.test(answer.header('content-type') ?? '')
      ? limitEvents(answer.body, PROVIDER_EVENT_MAX_BYTES, bodyLimits.provider)
      : answer.body;
    try {
      return new UndiciResponse(answerBody, { status: answer.status, headers }) as unknown as Response;
    } catch (err) {
      // A status a Response cannot carry (above 599): the body would hold its connection.
      await answer.discard();
      throw err;
    }
  };
}

/** Clients kept per worker, by what they were made from (an LRU of `CLIENT_CACHE_SIZE`). */
const CLIENT_CACHE_SIZE = 256;
const clientCaches = new WeakMap<SecretBox, WeakMap<Dispatcher, Map<string, OpenAI>>>();

/**
 * The provider's client for `model`. A client holds no per-request state, so one made from the
 * same provider settings (stored key ciphertext, base URL, headers), model and timeout is reused:
 * making one decrypts the key and builds the SDK's client, on every model call otherwise. A
 * changed key or URL is a different cache entry, never a stale client.
 */
export function createProviderClient(
  provider: SnapshotProvider,
  secrets: SecretBox,
  model: string,
  timeoutMs: number,
  dispatcher: Dispatcher,
): OpenAI {
  let bySecrets = clientCaches.get(secrets);
  if (!bySecrets) clientCaches.set(secrets, (bySecrets = new WeakMap()));
  let cache = bySecrets.get(dispatcher);
  if (!cache) bySecrets.set(dispatcher, (cache = new Map()));
  const key = JSON.stringify([
    provider.kind,
    provider.baseUrl ?? null,
    provider.headers ?? null,
    provider.apiKeyEncrypted ?? null,
    model,
    timeoutMs,
  ]);
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const client = makeProviderClient(provider, secrets, model, timeoutMs, dispatcher);
  cache.set(key, client);
  if (cache.size > CLIENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return client;
}

/**
 * The openai client, reading error bodies in every shape `errorEnvelope` knows: it takes only
 * `body.error`, so Gemini's array-wrapped errors would otherwise lose their message and status.
 */
class ProviderOpenAI extends OpenAI {
  protected override makeStatusError(status: number, error: object, message: string | undefined, headers: Headers) {
    return super.makeStatusError(status, errorEnvelope(error) as object, message, headers);
  }
}

function makeProviderClient(
  provider: SnapshotProvider,
  secrets: SecretBox,
  model: string,
  timeoutMs: number,
  dispatcher: Dispatcher,
): OpenAI {
  const apiKey = provider.apiKeyEncrypted ? secrets.decrypt(provider.apiKeyEncrypted) : 'not-set';
  // The openai client always sends its key; a null header removes it (configured headers still win).
  const defaultHeaders = sendsNoAuthorization(provider)
    ? { Authorization: null, ...provider.headers }
    : (provider.headers ?? undefined);
  const common = {
    apiKey,
    maxRetries: 0,
    timeout: timeoutMs,
    defaultHeaders,
    fetch: guardedProviderFetch(dispatcher, Object.keys(provider.headers ?? {})),
  };
  if (provider.kind === 'azure_openai') {
    return new AzureOpenAI({
      ...common,
      endpoint: provider.baseUrl ?? undefined,
      deployment: model,
      apiVersion: '2024-10-21',
    });
  }
  return new ProviderOpenAI({ ...common, baseURL: providerEndpoint(provider) });
}

export function toOpenAiToolChoice(choice: ToolChoice): ChatCompletionToolChoiceOption {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.toolName } };
}

export function toOpenAiTool(tool: SnapshotTool): ChatCompletionTool {
  return {
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description ? { description: tool.description } : {}),
      parameters: tool.parameters ?? { type: 'object', properties: {} },
    },
  };
}

export function parseArguments(raw: string): unknown {
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch {
    return { __invalid: raw.slice(0, 2000) };
  }
}

export function toApiMessages(messages: StoredMessage[]): ChatCompletionMessageParam[] {
  return messages.map((m) => {
    if (m.role === 'tool') return { role: 'tool', tool_call_id: m.tool_call_id ?? '', content: m.content ?? '' };
    if (m.role === 'assistant') {
      return { role: 'assistant', content: m.content, ...(m.tool_calls?.length ? { tool_calls: m.tool_calls } : {}) };
    }
    return { role: m.role, content: m.content ?? '' };
  });
}

/**
 * Sampling settings of a Chat Completions request. Snapshots taken before modelParameters existed
 * carry only the agent's temperature.
 */
export function samplingOptions(
  parameters: SnapshotModelParameters | undefined,
  agentTemperature: number | null = null,
): { temperature?: number; max_tokens?: number; stop?: string[] } {
  const temperature = parameters?.temperature ?? agentTemperature ?? undefined;
  return {
    ...(temperature === undefined ? {} : { temperature }),
    ...(parameters?.maxTokens === undefined ? {} : { max_tokens: parameters.maxTokens }),
    ...(parameters?.stopSequences?.length ? { stop: parameters.stopSequences } : {}),
  };
}

const MAX_PROVIDER_MESSAGE = 500;

/**
 * Provider text shown in `generation.error`: the baseUrl is tenant input, so the body may come from
 * any server the provider points at. Markup and control characters go, and the rest is capped.
 */
export function sanitizeProviderText(text: string): string {
  const clean = text
    .slice(0, 4 * MAX_PROVIDER_MESSAGE) // bounds the work below
    .replace(/<[^<>]*>/g, ' ')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > MAX_PROVIDER_MESSAGE ? `${clean.slice(0, MAX_PROVIDER_MESSAGE)}…` : clean;
}

/** What a provider's error answer means (provider-errors.ts); null for errors no provider sent. */
export function providerErrorInfo(err: unknown): ProviderErrorInfo | null {
  if (!(err instanceof OpenAI.APIError)) return null;
  // The client's own errors (connection, timeout, abort) carry no provider answer.
  if (err instanceof OpenAI.APIConnectionError || err instanceof OpenAI.APIUserAbortError) return null;
  return classifyProviderError(typeof err.status === 'number' ? err.status : undefined, { error: err.error });
}

/** A provider refusal because the prompt is longer than the model's context, in any provider's shape. */
export function isContextOverflow(err: unknown): boolean {
  return providerErrorInfo(err)?.kind === 'context_overflow';
}

/** Only the `message` of a JSON error object (or a JSON string error) is shown; anything else is not. */
export function providerErrorText(info: ProviderErrorInfo): string | null {
  if (info.message === null) return null;
  const text = sanitizeProviderText(info.message);
  return text || null;
}

/** How each kind of provider error begins its message in `generation.error`. */
const ERROR_LEADS: Record<ProviderErrorInfo['kind'], (status: number) => string> = {
  authentication: (status) => `Model provider refused the credentials (${status}; check the provider's apiKey)`,
  rate_limited: (status) => `Model provider is rate limiting or overloaded (${status})`,
  context_overflow: (status) =>
    `Model provider refused the conversation as too long for the model's context (${status})`,
  unavailable: (status) => `Model provider returned ${status}`,
  rejected: (status) => `Model provider returned ${status}`,
};

/** The SSRF refusal somewhere in an error's cause chain (the openai client wraps it). */
export function ssrfBlockIn(err: unknown): SsrfBlockedError | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof SsrfBlockedError) return current;
    current = current.cause;
  }
  return null;
}

export function mapProviderError(err: unknown): never {
  if (err instanceof ApplicationFailure) throw err;
  const tooLarge = responseTooLargeIn(err);
  if (tooLarge) {
    // The same server would answer the same way: not retried.
    throw ApplicationFailure.create({
      type: providerFailure.rejected,
      message: `Model provider's answer refused: ${tooLarge.message}`,
      nonRetryable: true,
    });
  }
  const blocked = ssrfBlockIn(err);
  if (blocked) {
    // Configuration, not a transient fault: retrying cannot help.
    throw ApplicationFailure.create({
      type: providerFailure.rejected,
      message: `Model provider address refused: ${blocked.message}`,
      nonRetryable: true,
    });
  }
  const info = providerErrorInfo(err);
  if (info) {
    const status = (err as InstanceType<typeof OpenAI.APIError>).status;
    const text = providerErrorText(info);
    const message =
      typeof status === 'number'
        ? `${ERROR_LEADS[info.kind](status)}: ${text ?? 'the error body is not a JSON error object and is not shown'}`
        : // An error event inside the stream: its message is provider text too.
          `Model provider reported an error: ${text ?? 'not shown'}`;
    if (info.retryable) throw ApplicationFailure.create({ type: providerFailure.transient, message });
    const code = info.code === null ? null : sanitizeProviderText(info.code).slice(0, 100);
    throw ApplicationFailure.create({
      // An overflow reaching here (a summary or embeddings request too long): the run's outcome
      // names it rather than a generic rejection.
      type: info.kind === 'context_overflow' ? contextOverflowFailure : providerFailure.rejected,
      message,
      nonRetryable: true,
      details: [{ status: status ?? null, code, reason: info.kind }],
    });
  }
  // Network errors, timeouts: transient. Their messages are the client's, not the provider's.
  throw ApplicationFailure.create({
    type: providerFailure.transient,
    message: `Model call failed: ${sanitizeProviderText((err as Error).message ?? String(err))}`,
  });
}
