import { describe, expect, it } from 'vitest';
import { classifyProviderError, errorEnvelope, type ProviderErrorKind } from '../../domain/provider-errors.js';

/*
 * Each provider's error answers as its API (or OpenAI-compatible endpoint) sends them, and what
 * each means to the model call: compact, retry, or fail at once.
 */

type Case = [name: string, status: number | undefined, body: unknown, kind: ProviderErrorKind];

const anthropic = (type: string, message: string) => ({ type: 'error', error: { type, message } });
const google = (code: number, status: string, message: string, details?: unknown[]) => ({
  error: { code, message, status, ...(details ? { details } : {}) },
});
const openai = (message: string, type: string, code: string | null) => ({
  error: { message, type, param: null, code },
});

const cases: Case[] = [
  // OpenAI
  [
    'OpenAI context_length_exceeded',
    400,
    {
      error: {
        message:
          "This model's maximum context length is 128000 tokens. However, your messages resulted in 130412 tokens. Please reduce the length of the messages.",
        type: 'invalid_request_error',
        param: 'messages',
        code: 'context_length_exceeded',
      },
    },
    'context_overflow',
  ],
  [
    'OpenAI tokens-per-minute limit (a 429 that talks about tokens)',
    429,
    openai(
      'Request too large for gpt-4o in organization org-abc on tokens per min (TPM): Limit 30000, Requested 45000. The input or output tokens must be reduced in order to run successfully.',
      'tokens',
      'rate_limit_exceeded',
    ),
    'rate_limited',
  ],
  [
    'OpenAI invalid key',
    401,
    openai('Incorrect API key provided: sk-abc***xyz.', 'invalid_request_error', 'invalid_api_key'),
    'authentication',
  ],
  ['OpenAI bad parameter', 400, openai('Invalid parameter: temperature', 'invalid_request_error', null), 'rejected'],
  [
    'OpenAI 503',
    503,
    openai('The engine is currently overloaded, please try again later.', 'server_error', null),
    'unavailable',
  ],
  // Anthropic
  [
    'Anthropic prompt is too long',
    400,
    anthropic('invalid_request_error', 'prompt is too long: 215013 tokens > 200000 maximum'),
    'context_overflow',
  ],
  [
    'Anthropic prompt is too long, OpenAI-compatible envelope',
    400,
    { error: { type: 'invalid_request_error', message: 'prompt is too long: 201337 tokens > 200000 maximum' } },
    'context_overflow',
  ],
  [
    'Anthropic input + max_tokens over the context limit',
    400,
    anthropic(
      'invalid_request_error',
      'input length and `max_tokens` exceed context limit: 198109 + 21333 > 200000, decrease input length or `max_tokens` and try again',
    ),
    'context_overflow',
  ],
  [
    'Anthropic max_tokens too high (not an overflow)',
    400,
    anthropic(
      'invalid_request_error',
      'max_tokens: 100000 > 64000, which is the maximum allowed number of output tokens for claude-sonnet',
    ),
    'rejected',
  ],
  ['Anthropic 529 overloaded', 529, anthropic('overloaded_error', 'Overloaded'), 'rate_limited'],
  [
    'Anthropic 429 rate limit',
    429,
    anthropic(
      'rate_limit_error',
      'This request would exceed the rate limit for your organization of 50,000 input tokens per minute.',
    ),
    'rate_limited',
  ],
  [
    'Anthropic overloaded, as a stream error event',
    undefined,
    anthropic('overloaded_error', 'Overloaded'),
    'rate_limited',
  ],
  ['Anthropic bad key', 401, anthropic('authentication_error', 'invalid x-api-key'), 'authentication'],
  [
    'Anthropic permission',
    403,
    anthropic('permission_error', 'Your API key does not have permission to use the specified resource.'),
    'authentication',
  ],
  // Gemini
  [
    'Gemini input token count',
    400,
    google(
      400,
      'INVALID_ARGUMENT',
      'The input token count (1250000) exceeds the maximum number of tokens allowed (1048576).',
    ),
    'context_overflow',
  ],
  [
    'Gemini input token count, array-wrapped',
    400,
    [
      google(
        400,
        'INVALID_ARGUMENT',
        'The input token count (40000) exceeds the maximum number of tokens allowed (32768).',
      ),
    ],
    'context_overflow',
  ],
  [
    'Gemini quota, array-wrapped',
    429,
    [
      google(
        429,
        'RESOURCE_EXHAUSTED',
        'You exceeded your current quota, please check your plan and billing details.',
        [{ '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [] }],
      ),
    ],
    'rate_limited',
  ],
  [
    'Gemini RESOURCE_EXHAUSTED without a status (stream error)',
    undefined,
    google(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).'),
    'rate_limited',
  ],
  [
    'Gemini API key not valid (a 400), array-wrapped',
    400,
    [
      google(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'API_KEY_INVALID',
          domain: 'googleapis.com',
          metadata: { service: 'generativelanguage.googleapis.com' },
        },
      ]),
    ],
    'authentication',
  ],
  [
    'Gemini PERMISSION_DENIED',
    403,
    google(
      403,
      'PERMISSION_DENIED',
      "Method doesn't allow unregistered callers (callers without established identity).",
    ),
    'authentication',
  ],
  [
    'Gemini PERMISSION_DENIED, status not given',
    undefined,
    google(403, 'PERMISSION_DENIED', 'Permission denied on resource project x.'),
    'authentication',
  ],
  ['Gemini 503', 503, google(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.'), 'unavailable'],
  [
    'Gemini other 400',
    400,
    google(400, 'INVALID_ARGUMENT', '* GenerateContentRequest.contents: contents is not specified'),
    'rejected',
  ],
  // Ollama (and llama.cpp servers)
  [
    'Ollama input length, as a 500',
    500,
    { error: { message: 'the input length exceeds the context length', type: 'api_error', param: null, code: null } },
    'context_overflow',
  ],
  [
    'Ollama native string error',
    400,
    { error: 'prompt too long; exceeded max context length by 1024 tokens' },
    'context_overflow',
  ],
  [
    'llama.cpp exceed_context_size_error',
    400,
    {
      error: {
        code: 400,
        message: 'the request exceeds the available context size, try increasing it',
        type: 'exceed_context_size_error',
        n_prompt_tokens: 5000,
        n_ctx: 4096,
      },
    },
    'context_overflow',
  ],
  ['Ollama model not found', 404, { error: { message: 'model "llama9" not found, try pulling it first' } }, 'rejected'],
  // OpenRouter
  [
    'OpenRouter maximum context length',
    400,
    {
      error: {
        message:
          'This endpoint\'s maximum context length is 131072 tokens. However, you requested about 140000 tokens (130000 of text input, 10000 in the output). Please reduce the length of either one, or use the "middle-out" transform to compress your prompt automatically.',
        code: 400,
        metadata: { provider_name: null },
      },
    },
    'context_overflow',
  ],
  [
    'OpenRouter rate limit',
    429,
    { error: { message: 'Rate limit exceeded: free-models-per-min.', code: 429 } },
    'rate_limited',
  ],
  ['OpenRouter no credentials', 401, { error: { message: 'No auth credentials found', code: 401 } }, 'authentication'],
  [
    'OpenRouter out of credits',
    402,
    { error: { message: 'This request requires more credits, or fewer max_tokens.', code: 402 } },
    'rejected',
  ],
  [
    'OpenRouter upstream error mid-stream',
    undefined,
    { error: { code: 'server_error', message: 'Provider disconnected' } },
    'unavailable',
  ],
  // Whatever else a server answers
  ['no body', 502, undefined, 'unavailable'],
  ['a non-error JSON body', 400, { detail: 'nope' }, 'rejected'],
  ['408', 408, undefined, 'unavailable'],
];

describe('provider error answers', () => {
  it.each(cases)('%s → %s', (_name, status, body, kind) => {
    const info = classifyProviderError(status, body);
    expect(info.kind).toBe(kind);
    expect(info.retryable).toBe(kind === 'rate_limited' || kind === 'unavailable');
  });

  it('reads the message and the first label in every shape', () => {
    expect(
      classifyProviderError(400, anthropic('invalid_request_error', 'prompt is too long: 3 tokens > 2 maximum')),
    ).toEqual({
      kind: 'context_overflow',
      retryable: false,
      message: 'prompt is too long: 3 tokens > 2 maximum',
      code: 'invalid_request_error',
    });
    expect(
      classifyProviderError(429, [google(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded for generate_content requests.')]),
    ).toMatchObject({ message: 'Quota exceeded for generate_content requests.', code: 'RESOURCE_EXHAUSTED' });
    expect(classifyProviderError(500, { error: 'boom' })).toMatchObject({ message: 'boom', code: null });
    expect(classifyProviderError(500, '<html>oops</html>')).toMatchObject({ message: '<html>oops</html>' });
  });

  it('unwraps only a one-element-style array of error envelopes', () => {
    const inner = google(400, 'INVALID_ARGUMENT', 'x');
    expect(errorEnvelope([inner])).toBe(inner);
    expect(errorEnvelope([{ nope: 1 }])).toEqual([{ nope: 1 }]);
    expect(errorEnvelope([])).toEqual([]);
    expect(errorEnvelope(inner)).toBe(inner);
  });
});
