/**
 * Scripted OpenAI-compatible Chat Completions server for integration tests.
 *
 * Code under test talks to it with the official `openai` client
 * (`baseURL: server.url`); responses, SSE framing, error bodies and headers
 * follow the shapes the real API produces, so the client cannot tell the
 * difference. Tests decide what the "model" says via `script()` /
 * `scriptFor()` / `setDefault()` and inspect what was sent via `requests`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';

export type ScriptedToolCall = {
  id?: string;
  name: string;
  /** An object (serialised with JSON.stringify) or an already-serialised string. */
  arguments: unknown | string;
};

export type ScriptedReply =
  | {
      text: string;
      toolCalls?: ScriptedToolCall[];
      finishReason?: 'stop' | 'length' | 'tool_calls';
      usage?: { promptTokens: number; completionTokens: number };
      /** Streaming only: drop the connection after this many chunks (a provider failing mid-stream). */
      cutAfterChunks?: number;
    }
  /** HTTP error. Without `body`, an OpenAI-style error body matching the status is generated. */
  | { fault: 'status'; status: number; body?: unknown; retryAfterSeconds?: number }
  /** 400 with code `context_length_exceeded`, as OpenAI returns it. */
  | { fault: 'context_length_exceeded' }
  /** Accept the request and never answer (until the client aborts or the server closes). */
  | { fault: 'hang' }
  /** Destroy the socket without writing a response. */
  | { fault: 'drop' };

export type ReplyFn = (req: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>;

export interface RecordedRequest {
  /** Parsed JSON body of the chat.completions request. */
  body: any;
  headers: Record<string, string | string[] | undefined>;
  /** Date.now() when the full body had been received. */
  receivedAt: number;
  model: string;
  messages: any[];
  tools?: any[];
  toolChoice?: unknown;
  stream: boolean;
  /** Name from a `[[script:NAME]]` marker, if the request carried one. */
  tag?: string;
}

export interface ModelServer {
  /** Base URL for the openai client, e.g. http://127.0.0.1:PORT/v1 */
  url: string;
  /** Every valid chat completion request received, in arrival order (faulted ones included). */
  requests: RecordedRequest[];
  /** Queue replies on the global queue, consumed FIFO, one per untagged request. */
  script(...replies: Array<ScriptedReply | ReplyFn>): void;
  /** Queue replies for requests tagged `[[script:NAME]]` (last user message or system message). */
  scriptFor(name: string, ...replies: Array<ScriptedReply | ReplyFn>): void;
  /** Reply used when the relevant queue is empty; with none, the server answers 500 "script exhausted". */
  setDefault(reply: ScriptedReply | ReplyFn | undefined): void;
  /** Clear all queues (global and tagged), the default, recorded requests and seen models. */
  reset(): void;
  /** Stop listening and destroy every open socket (including hung requests). Idempotent. */
  close(): Promise<void>;
}

type ScriptItem = ScriptedReply | ReplyFn;
type TextReply = Extract<ScriptedReply, { text: string }>;
type Json = Record<string, unknown>;

const MARKER = /\[\[script:([^\]]+)\]\]/;
const MAX_BODY_BYTES = 64 * 1024 * 1024;
const BUILTIN_MODEL = 'scripted-model';

export async function startModelServer(
  /** `host`: the loopback address to listen on (default 127.0.0.1; SSRF tests use another one). */
  opts: { port?: number; chunkDelayMs?: number; host?: string } = {},
): Promise<ModelServer> {
  const chunkDelayMs = opts.chunkDelayMs ?? 0;
  const requests: RecordedRequest[] = [];
  const globalQueue: ScriptItem[] = [];
  const taggedQueues = new Map<string, ScriptItem[]>();
  const seenModels = new Set<string>();
  let defaultReply: ScriptItem | undefined;
  let closing = false;
  let closePromise: Promise<void> | undefined;

  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      // Last-resort guard: never leave a request dangling because of a harness bug.
      if (!res.headersSent && !res.destroyed) {
        sendError(res, 500, errorBody(`model-server internal error: ${describeValue(err)}`, 'server_error', null));
      } else {
        res.destroy();
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0]!.replace(/\/+$/, '');
    const method = req.method ?? 'GET';

    if (method === 'POST' && path === '/v1/chat/completions') {
      return handleChatCompletion(req, res);
    }
    if (method === 'GET' && path === '/v1/models') {
      req.resume();
      return sendJson(res, 200, { object: 'list', data: modelIds().map(modelObject) });
    }
    const single = /^\/v1\/models\/(.+)$/.exec(path);
    if (method === 'GET' && single) {
      req.resume();
      const id = decodeURIComponent(single[1]!);
      if (modelIds().includes(id)) return sendJson(res, 200, modelObject(id));
      return sendError(
        res,
        404,
        errorBody(`The model '${id}' does not exist`, 'invalid_request_error', 'model_not_found', 'model'),
      );
    }

    req.resume();
    sendError(
      res,
      404,
      errorBody(
        `Unknown request URL: ${method} ${req.url ?? '/'}. Please check the URL for typos, or see the docs at https://platform.openai.com/docs/api-reference/.`,
        'invalid_request_error',
        'unknown_url',
      ),
    );
  }

  async function handleChatCompletion(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw: string;
    try {
      raw = await readBody(req);
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        return sendError(res, 413, errorBody('Request body too large.', 'invalid_request_error', null));
      }
      return; // client went away mid-upload
    }

    // Malformed requests are rejected like the real API does; they are not
    // recorded and do not consume a scripted reply.
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return sendError(
        res,
        400,
        errorBody(
          "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
          'invalid_request_error',
          null,
        ),
      );
    }
    if (!isObject(body)) {
      return sendError(res, 400, errorBody('The request body must be a JSON object.', 'invalid_request_error', null));
    }
    if (typeof body.model !== 'string' || body.model === '') {
      return sendError(res, 400, errorBody('you must provide a model parameter', 'invalid_request_error', null, null));
    }
    if (!Array.isArray(body.messages)) {
      return sendError(
        res,
        400,
        errorBody(
          "Missing required parameter: 'messages'.",
          'invalid_request_error',
          'missing_required_parameter',
          'messages',
        ),
      );
    }

    const messages: unknown[] = body.messages;
    const tag = findTag(messages);
    const recorded: RecordedRequest = {
      body,
      headers: { ...req.headers },
      receivedAt: Date.now(),
      model: body.model,
      messages,
      tools: Array.isArray(body.tools) ? body.tools : undefined,
      toolChoice: body.tool_choice,
      stream: body.stream === true,
      ...(tag !== undefined ? { tag } : {}),
    };
    // Record before producing the reply, so even faulted requests are visible.
    requests.push(recorded);
    seenModels.add(recorded.model);

    const item = nextItem(tag);
    if (item === undefined) {
      return sendError(
        res,
        500,
        errorBody(
          `model-server: script exhausted — no scripted reply for request #${requests.length}` +
            (tag !== undefined ? ` (tag '${tag}')` : '') +
            '. Use script()/scriptFor()/setDefault().',
          'server_error',
          'script_exhausted',
        ),
        // Tell the openai client not to retry: retrying cannot help and only slows the test down.
        { 'x-should-retry': 'false' },
      );
    }

    let reply: ScriptedReply;
    try {
      reply = typeof item === 'function' ? await item(recorded) : item;
    } catch (err) {
      return sendError(
        res,
        500,
        errorBody(`model-server: reply function threw: ${describeValue(err)}`, 'server_error', 'script_error'),
        { 'x-should-retry': 'false' },
      );
    }
    if (res.destroyed) return; // client gave up while an async reply fn was running

    // Guard against malformed script entries (tests may build replies dynamically).
    const invalid = (): void =>
      sendError(
        res,
        500,
        errorBody(`model-server: invalid scripted reply: ${describeValue(reply)}`, 'server_error', 'script_error'),
        { 'x-should-retry': 'false' },
      );
    if (typeof reply !== 'object' || reply === null) return invalid();
    if ('fault' in reply) return sendFault(req, res, reply, recorded, invalid);
    if (typeof reply.text !== 'string') return invalid();

    if (recorded.stream) return streamCompletion(res, recorded, reply);
    sendJson(res, 200, buildCompletion(recorded, reply), requestHeaders());
  }

  function nextItem(tag: string | undefined): ScriptItem | undefined {
    const queue = tag !== undefined ? taggedQueues.get(tag) : globalQueue;
    return queue?.shift() ?? defaultReply;
  }

  function sendFault(
    req: IncomingMessage,
    res: ServerResponse,
    reply: Exclude<ScriptedReply, TextReply>,
    recorded: RecordedRequest,
    invalid: () => void,
  ): void {
    switch (reply.fault) {
      case 'hang':
        // Deliberately never respond. The socket is tracked, so close() still ends it.
        return;
      case 'drop':
        req.socket.destroy();
        return;
      case 'context_length_exceeded': {
        const tokens = estimatePromptTokens(recorded);
        return sendError(
          res,
          400,
          errorBody(
            `This model's maximum context length is 128000 tokens. However, your messages resulted in ${Math.max(tokens, 128001)} tokens. Please reduce the length of the messages.`,
            'invalid_request_error',
            'context_length_exceeded',
            'messages',
          ),
          requestHeaders(),
        );
      }
      case 'status': {
        const headers: Record<string, string> = requestHeaders();
        if (reply.retryAfterSeconds !== undefined) headers['retry-after'] = String(reply.retryAfterSeconds);
        const body = reply.body === undefined ? defaultErrorBody(reply.status) : reply.body;
        return sendError(res, reply.status, body, headers);
      }
      default:
        return invalid(); // unknown fault kind at runtime
    }
  }

  /** Stream the reply as chat.completion.chunk SSE events, framed as OpenAI does. */
  async function streamCompletion(res: ServerResponse, recorded: RecordedRequest, reply: TextReply): Promise<void> {
    const id = `chatcmpl-${randomId(24)}`;
    const created = nowSeconds();
    const streamOptions: unknown = recorded.body.stream_options;
    const includeUsage = isObject(streamOptions) && streamOptions.include_usage === true;
    const toolCalls = normaliseToolCalls(reply.toolCalls);

    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      ...requestHeaders(),
    });

    const chunk = (choices: Json[], usage?: Json | null): Json => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model: recorded.model,
      service_tier: 'default',
      system_fingerprint: null,
      choices,
      // With include_usage, OpenAI puts `usage: null` on every chunk but the last.
      ...(includeUsage ? { usage: usage ?? null } : {}),
    });
    const delta = (d: Json, finishReason: string | null = null): Json => ({
      index: 0,
      delta: d,
      logprobs: null,
      finish_reason: finishReason,
    });

    const events: Json[] = [chunk([delta({ role: 'assistant', content: '', refusal: null })])];
    for (const piece of splitText(reply.text)) events.push(chunk([delta({ content: piece })]));
    toolCalls.forEach((call, index) => {
      events.push(
        chunk([
          delta({
            tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
          }),
        ]),
      );
      for (const fragment of splitEvery(call.arguments, 8)) {
        events.push(chunk([delta({ tool_calls: [{ index, function: { arguments: fragment } }] })]));
      }
    });
    events.push(chunk([delta({}, finishReasonFor(reply, toolCalls))]));
    if (includeUsage) events.push(chunk([], usageFor(recorded, reply, toolCalls)));

    for (let i = 0; i < events.length; i++) {
      if (i > 0 && chunkDelayMs > 0) await sleep(chunkDelayMs);
      if (res.destroyed || closing) return; // client aborted or server shutting down
      if (reply.cutAfterChunks !== undefined && i >= reply.cutAfterChunks) {
        res.socket?.destroy();
        return;
      }
      res.write(`data: ${JSON.stringify(events[i])}\n\n`);
    }
    if (res.destroyed || closing) return;
    res.end('data: [DONE]\n\n');
  }

  function buildCompletion(recorded: RecordedRequest, reply: TextReply): Json {
    const toolCalls = normaliseToolCalls(reply.toolCalls);
    const message: Json = {
      role: 'assistant',
      content: reply.text === '' && toolCalls.length > 0 ? null : reply.text,
      refusal: null,
      annotations: [],
    };
    if (toolCalls.length > 0) {
      message.tool_calls = toolCalls.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: c.arguments },
      }));
    }
    return {
      id: `chatcmpl-${randomId(24)}`,
      object: 'chat.completion',
      created: nowSeconds(),
      model: recorded.model,
      choices: [{ index: 0, message, logprobs: null, finish_reason: finishReasonFor(reply, toolCalls) }],
      usage: usageFor(recorded, reply, toolCalls),
      service_tier: 'default',
      system_fingerprint: null,
    };
  }

  function modelIds(): string[] {
    return [BUILTIN_MODEL, ...[...seenModels].filter((m) => m !== BUILTIN_MODEL)];
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  const enqueue = (queue: ScriptItem[], replies: ScriptItem[]): void => {
    for (const r of replies) queue.push(r);
  };

  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${port}/v1`,
    requests,
    script: (...replies) => enqueue(globalQueue, replies),
    scriptFor: (name, ...replies) => {
      let queue = taggedQueues.get(name);
      if (!queue) taggedQueues.set(name, (queue = []));
      enqueue(queue, replies);
    },
    setDefault: (reply) => {
      defaultReply = reply;
    },
    reset: () => {
      globalQueue.length = 0;
      taggedQueues.clear();
      defaultReply = undefined;
      requests.length = 0; // keep the array identity: callers may hold a reference
      seenModels.clear();
    },
    close: () => {
      closePromise ??= new Promise<void>((resolve) => {
        closing = true;
        server.close(() => resolve());
        // server.close() only stops accepting; hung and keep-alive sockets must be ended explicitly.
        for (const socket of sockets) socket.destroy();
      });
      return closePromise;
    },
  };
}

// ---------------------------------------------------------------------------
// Helpers

class BodyTooLargeError extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    req.on('aborted', () => reject(new Error('request aborted')));
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.headersSent) return;
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}

/** Like sendJson, but a string body is sent verbatim (e.g. to mimic a proxy's HTML error page). */
function sendError(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (typeof body !== 'string') return sendJson(res, status, body, headers);
  if (res.destroyed || res.headersSent) return;
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

function errorBody(message: string, type: string, code: string | null, param: string | null = null): Json {
  return { error: { message, type, param, code } };
}

function defaultErrorBody(status: number): Json {
  switch (status) {
    case 400:
      return errorBody('Invalid request.', 'invalid_request_error', null);
    case 401:
      return errorBody('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    case 403:
      return errorBody(
        'You are not allowed to access this resource.',
        'invalid_request_error',
        'unsupported_country_region_territory',
      );
    case 404:
      return errorBody('The requested resource does not exist.', 'invalid_request_error', 'model_not_found');
    case 429:
      return errorBody('Rate limit reached for requests. Please try again later.', 'requests', 'rate_limit_exceeded');
    case 503:
      return errorBody('The engine is currently overloaded, please try again later.', 'server_error', null);
    default:
      return status >= 500
        ? errorBody('The server had an error while processing your request. Sorry about that!', 'server_error', null)
        : errorBody(`Request failed with status ${status}.`, 'invalid_request_error', null);
  }
}

/** Headers the real API attaches to every response. */
function requestHeaders(): Record<string, string> {
  return { 'x-request-id': `req_${randomId(32)}`, 'openai-processing-ms': '1' };
}

function modelObject(id: string): Json {
  return { id, object: 'model', created: 1700000000, owned_by: 'system' };
}

type NormalisedToolCall = { id: string; name: string; arguments: string };

function normaliseToolCalls(calls: ScriptedToolCall[] | undefined): NormalisedToolCall[] {
  return (calls ?? []).map((c) => ({
    id: c.id ?? `call_${randomId(24)}`,
    name: c.name,
    arguments: typeof c.arguments === 'string' ? c.arguments : (JSON.stringify(c.arguments) ?? 'null'),
  }));
}

function finishReasonFor(reply: TextReply, toolCalls: NormalisedToolCall[]): string {
  return reply.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop');
}

function usageFor(recorded: RecordedRequest, reply: TextReply, toolCalls: NormalisedToolCall[]): Json {
  const prompt = reply.usage?.promptTokens ?? estimatePromptTokens(recorded);
  const completion =
    reply.usage?.completionTokens ??
    estimateTokens(reply.text.length + toolCalls.reduce((n, c) => n + c.name.length + c.arguments.length, 0));
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

/** Deterministic token estimate: ~4 characters per token. */
function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

function estimatePromptTokens(recorded: RecordedRequest): number {
  const chars = JSON.stringify(recorded.messages).length + (recorded.tools ? JSON.stringify(recorded.tools).length : 0);
  return Math.max(1, estimateTokens(chars));
}

/** Text content of a message: a string, or the text parts of a content-part array. */
function messageText(message: unknown): string {
  if (!isObject(message)) return '';
  const { content } = message;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) => (isObject(part) && typeof part.text === 'string' ? part.text : ''))
      .join('\n');
  }
  return '';
}

/** `[[script:NAME]]` from the last user message, else from the system/developer message(s). */
function findTag(messages: unknown[]): string | undefined {
  const role = (m: unknown): unknown => (isObject(m) ? m.role : undefined);
  const lastUser = [...messages].reverse().find((m) => role(m) === 'user');
  const candidates = [lastUser, ...messages.filter((m) => role(m) === 'system' || role(m) === 'developer')];
  for (const m of candidates) {
    const match = MARKER.exec(messageText(m));
    if (match) return match[1]!.trim();
  }
  return undefined;
}

/**
 * Split text into small pieces (leading whitespace + up to 4 non-space code
 * points) so a streaming consumer sees several deltas. Joining the pieces
 * yields the original text exactly.
 */
function splitText(text: string): string[] {
  return text.match(/\s*\S{1,4}|\s+/gu) ?? [];
}

/** Split into fragments of `size` code points; always at least one (possibly empty) fragment. */
function splitEvery(text: string, size: number): string[] {
  const points = Array.from(text);
  if (points.length === 0) return [''];
  const out: string[] = [];
  for (let i = 0; i < points.length; i += size) out.push(points.slice(i, i + size).join(''));
  return out;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function randomId(length: number): string {
  return randomBytes(length).toString('base64url').slice(0, length);
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function describeValue(value: unknown): string {
  if (value instanceof Error) return value.message;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
