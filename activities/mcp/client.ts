import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport, SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import { SsrfBlockedError } from '../../infra/net/ssrf.js';
import { capResult, TRUNCATION_MARKER } from '../http-tool.js';
import {
  capInputSchema,
  capText,
  formatToolResultContent,
  MAX_DESCRIPTION_CHARS,
  pickAnnotations,
  salvageTruncatedText,
  type McpToolAnnotations,
} from './content.js';
import { createGuardedFetch, McpResponseTooLargeError, type CappedResponseEvent } from './fetch.js';

/**
 * MCP client layer for activities: discovery (`tools/list`) and calls
 * (`tools/call`) over Streamable HTTP, with the deprecated HTTP+SSE transport as an explicit choice
 * or a fallback. Every connection goes through the caller's (SSRF-guarded) undici dispatcher, every
 * request has a timeout (never the SDK's 60 s default), responses are byte-capped, and a session the
 * server no longer knows (404 after a restart) is re-initialised once.
 */

export type McpTransportKind = 'streamable_http' | 'sse';

export interface McpServerConfig {
  url: string;
  /** Plain header values (decrypt stored ones first, e.g. with decryptHeaders from ../http-tool.js). */
  headers: Record<string, string>;
  transport: McpTransportKind;
  /** Timeout of each request to the server (initialize, each tools/list page). */
  timeoutMs: number;
  /** Discovery only: deadline for the whole discovery (connect + every page). Default 2 × timeoutMs. */
  deadlineMs?: number;
  /** Discovery only: byte cap on any one response (a tools/list page). Default 8 MiB. */
  maxResponseBytes?: number;
}

export interface McpClientDeps {
  /** The SSRF-guarded dispatcher (createGuardedAgent from infra/net/ssrf.ts). */
  dispatcher: Dispatcher;
  /** Keeps sessions open between discovery and calls. Without it, each operation has its own session. */
  sessions?: McpSessionPool;
  /** Sessions are only shared within one scope: pass the generation id (servers may keep per-session state). */
  sessionScope?: string;
  /** The activity's cancellation signal: once aborted, operations throw it instead of returning a result. */
  signal?: AbortSignal;
}

export interface DiscoveredMcpTool {
  /** The server's own name (untrusted: resolve it with resolveMcpToolNames before showing it to a model). */
  name: string;
  /** At most 2,000 characters. */
  description: string;
  descriptionTruncated: boolean;
  /** JSON Schema of the arguments; `{ type: 'object' }` when the server's was missing, invalid or over 20,000 characters. */
  inputSchema: Record<string, unknown>;
  inputSchemaReplaced: boolean;
  annotations: McpToolAnnotations;
}

export interface McpServerInfo {
  name: string;
  version: string;
  title?: string;
}

export interface McpDiscoveryResult {
  /** In the server's order; repeated names are kept (resolveMcpToolNames reports them). */
  tools: DiscoveredMcpTool[];
  serverInfo: McpServerInfo | null;
  /** The transport that worked (differs from the configured one after a fallback to SSE). */
  transport: McpTransportKind;
  /** Tools skipped or lists cut short, for the trace. */
  warnings: string[];
}

export interface McpToolCall {
  /** The server's own tool name (the `originalName` from resolveMcpToolNames). */
  originalName: string;
  arguments: unknown;
  /** Deadline of the whole call, connecting and re-initialising included. */
  timeoutMs: number;
  maxResultChars: number;
  /** Byte cap on the HTTP response carrying the result; larger ones are cut off while streaming. */
  maxResponseBytes: number;
}

export interface McpCallResult {
  status: 'success' | 'error' | 'timeout';
  /** What the model receives. Our own failures are `{"error": "..."}` like http tools. */
  content: string;
  truncated: boolean;
}

export type McpDiscoveryFailure = 'blocked' | 'unreachable' | 'timeout' | 'http' | 'protocol' | 'too_large' | 'session';

/** Discovery failed: the caller fails open (runs without this server) and records `message`. */
export class McpDiscoveryError extends Error {
  constructor(
    message: string,
    readonly kind: McpDiscoveryFailure,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'McpDiscoveryError';
  }
}

const CLIENT_INFO = { name: 'durable-agents', version: '0.1.0' };
const DEFAULT_DISCOVERY_RESPONSE_BYTES = 8 * 1024 * 1024;
const MAX_PAGES = 100;
const MAX_TOOLS = 1_000;
const MAX_TOOL_NAME_CHARS = 512;
const MAX_MESSAGE_CHARS = 500;
/** Headers the transports manage themselves: a configured value would break sessions or framing. */
const RESERVED_HEADERS = new Set(['mcp-session-id', 'mcp-protocol-version', 'last-event-id', 'content-type', 'accept', 'content-length', 'host', 'connection', 'transfer-encoding']);

// Lenient result shapes: one odd tool or content block must not fail the whole list or result.
const listToolsResultSchema = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });
const callToolResultSchema = z.looseObject({
  content: z.array(z.unknown()).optional(),
  structuredContent: z.unknown().optional(),
  isError: z.boolean().optional(),
});

class DeadlineExceededError extends Error {
  constructor(readonly ms: number) {
    super(`Timed out after ${ms} ms`);
    this.name = 'DeadlineExceededError';
  }
}

/** Connecting failed; `hadSession` tells whether the server had already handed out a session id. */
class McpConnectError extends Error {
  constructor(
    readonly hadSession: boolean,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'McpConnectError';
  }
}

class StaleSessionError extends Error {
  constructor(cause: unknown) {
    super(`the MCP server no longer recognised the session, even after re-initialising once (${shortMessage(cause)})`, { cause });
    this.name = 'StaleSessionError';
  }
}

const clip = (text: string, max = MAX_MESSAGE_CHARS) => (text.length <= max ? text : `${text.slice(0, max)}…`);
const shortMessage = (err: unknown) => clip(err instanceof Error ? err.message : String(err));

/** The URL without credentials, query or fragment: safe for messages and traces. */
function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return clip(url, 200);
  }
}

function safeHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!RESERVED_HEADERS.has(name.toLowerCase())) out[name] = value;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Deadlines

interface Deadline {
  signal: AbortSignal;
  ms: number;
  /** Milliseconds left, at least 1. */
  remaining(): number;
  expired(): boolean;
  dispose(): void;
}

/** A timer-backed signal (cleared on dispose, so nothing outlives the operation), linked to `outer`. */
function startDeadline(ms: number, outer?: AbortSignal): Deadline {
  const controller = new AbortController();
  const endsAt = Date.now() + ms;
  const timer = setTimeout(() => controller.abort(new DeadlineExceededError(ms)), ms);
  const onOuter = () => controller.abort(outer?.reason);
  if (outer?.aborted) onOuter();
  else outer?.addEventListener('abort', onOuter, { once: true });
  return {
    signal: controller.signal,
    ms,
    remaining: () => Math.max(1, endsAt - Date.now()),
    expired: () => controller.signal.reason instanceof DeadlineExceededError,
    dispose() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
    },
  };
}

/** Rejects when `signal` aborts; the listener is removed when `promise` settles. */
async function raceSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([promise, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort!);
  }
}

/**
 * Runs one SDK request with its own abort signal, linked to `signals` only while it is pending:
 * the SDK never unregisters its abort listener, and aborting after completion would make it send a
 * stray `notifications/cancelled`.
 */
async function withRequestSignal<T>(signals: AbortSignal[], timeout: number, run: (options: RequestOptions) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const links = signals.map((s) => {
    const onAbort = () => controller.abort(s.reason);
    if (s.aborted) onAbort();
    else s.addEventListener('abort', onAbort, { once: true });
    return () => s.removeEventListener('abort', onAbort);
  });
  try {
    controller.signal.throwIfAborted();
    return await run({ signal: controller.signal, timeout, maxTotalTimeout: timeout });
  } finally {
    for (const unlink of links) unlink();
  }
}

// ---------------------------------------------------------------------------------------------
// Connections

interface CallContext {
  maxResponseBytes: number;
  onCapped: (event: CappedResponseEvent) => void;
  fetchSignal: AbortSignal;
}

/** One initialised MCP session: SDK client + transport + the hooks its fetch reads. */
class McpConnection {
  client!: Client;
  transport!: Transport;
  serverInfo: McpServerInfo | null = null;
  healthy = true;
  closed = false;
  /** The last failed fetch, to explain SSE connection errors (which carry only text). */
  lastFetchError: unknown;
  idleTimer: NodeJS.Timeout | undefined;
  private call: CallContext | undefined;

  constructor(
    readonly key: string,
    readonly kind: McpTransportKind,
    private readonly defaultMaxResponseBytes: number,
  ) {}

  limit(): number {
    return this.call?.maxResponseBytes ?? this.defaultMaxResponseBytes;
  }

  setCall(call: CallContext | undefined): void {
    this.call = call;
  }

  fetchSignal(): AbortSignal | undefined {
    return this.call?.fetchSignal;
  }

  onCapped(event: CappedResponseEvent): void {
    // With Streamable HTTP a result arrives on the POST that carried its request; the GET stream only
    // carries server notifications, so cutting it concerns no call. The SSE transport has one stream.
    if (this.kind === 'sse' || event.channel === 'post') this.call?.onCapped(event);
  }

  /** Best effort: ends the session on the server (bounded), then closes the transport. Never throws. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const transport = this.transport;
    if (transport instanceof StreamableHTTPClientTransport && transport.sessionId && this.healthy) {
      const timer = new AbortController();
      const t = setTimeout(() => timer.abort(new DeadlineExceededError(1000)), 1000);
      await raceSignal(transport.terminateSession(), timer.signal).catch(() => undefined);
      clearTimeout(t);
    }
    // client.close() closes its transport; a transport that never got connected is closed directly.
    if (this.client?.transport) await this.client.close().catch(() => undefined);
    else await transport?.close().catch(() => undefined);
  }
}

const dispatcherIds = new WeakMap<Dispatcher, number>();
let nextDispatcherId = 1;
function dispatcherId(dispatcher: Dispatcher): number {
  let id = dispatcherIds.get(dispatcher);
  if (id === undefined) dispatcherIds.set(dispatcher, (id = nextDispatcherId++));
  return id;
}

function connectionKey(config: McpServerConfig, deps: McpClientDeps): string {
  const headers = Object.entries(config.headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([deps.sessionScope ?? '', config.url, config.transport, headers, dispatcherId(deps.dispatcher)]);
}

async function connectWith(
  kind: McpTransportKind,
  config: McpServerConfig,
  deps: McpClientDeps,
  key: string,
  deadline: Deadline,
  requestTimeoutMs: number,
): Promise<McpConnection> {
  const conn = new McpConnection(key, kind, config.maxResponseBytes ?? DEFAULT_DISCOVERY_RESPONSE_BYTES);
  const fetch = createGuardedFetch({
    dispatcher: deps.dispatcher,
    maxResponseBytes: () => conn.limit(),
    onCapped: (event) => conn.onCapped(event),
    toolCallSignal: () => conn.fetchSignal(),
    onFetchError: (error) => {
      conn.lastFetchError = error;
    },
  });
  const url = new URL(config.url);
  const requestInit = { headers: safeHeaders(config.headers) };
  conn.transport =
    kind === 'sse'
      ? new SSEClientTransport(url, { fetch, requestInit })
      : new StreamableHTTPClientTransport(url, {
          fetch,
          requestInit,
          reconnectionOptions: { initialReconnectionDelay: 500, maxReconnectionDelay: 2_000, reconnectionDelayGrowFactor: 2, maxRetries: 2 },
        });
  conn.client = new Client(CLIENT_INFO, { capabilities: {} });
  // Transport errors also reject the request they belong to; this only tracks the session's health.
  conn.client.onerror = () => {
    if (kind === 'sse') conn.healthy = false;
  };
  conn.client.onclose = () => {
    conn.healthy = false;
  };
  try {
    const timeout = Math.min(requestTimeoutMs, deadline.remaining());
    // connect() also starts the transport, which for SSE waits for the `endpoint` event without a timeout.
    await raceSignal(
      withRequestSignal([deadline.signal], timeout, (options) => conn.client.connect(conn.transport, options)),
      deadline.signal,
    );
    const info = conn.client.getServerVersion();
    if (info) {
      conn.serverInfo = {
        name: clip(String(info.name), 200),
        version: clip(String(info.version), 100),
        ...(typeof info.title === 'string' ? { title: clip(info.title, 200) } : {}),
      };
    }
    return conn;
  } catch (err) {
    const hadSession = conn.transport instanceof StreamableHTTPClientTransport && conn.transport.sessionId !== undefined;
    conn.healthy = false;
    await conn.close();
    throw new McpConnectError(hadSession, err instanceof SseError && conn.lastFetchError ? conn.lastFetchError : err);
  }
}

function httpStatusOf(err: unknown): number | undefined {
  if (err instanceof McpConnectError) return httpStatusOf(err.cause);
  if (err instanceof StreamableHTTPError || err instanceof SseError) return err.code;
  if (err instanceof Error) {
    const match = /^Error POSTing to endpoint \(HTTP (\d{3})\)/.exec(err.message);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** The server rejected our session id: it restarted or expired the session (spec: 404). */
function isStaleSession(err: unknown): boolean {
  const status = httpStatusOf(err);
  // Some servers (server-everything among them) answer 400 "No valid session ID" instead of 404.
  return status === 404 || (status === 400 && err instanceof Error && /session/i.test(err.message));
}

/** Opens a session; Streamable HTTP falls back to the deprecated SSE transport on 404/405 at initialise. */
async function openConnection(config: McpServerConfig, deps: McpClientDeps, key: string, deadline: Deadline, requestTimeoutMs: number): Promise<McpConnection> {
  try {
    return await connectWith(config.transport, config, deps, key, deadline, requestTimeoutMs);
  } catch (err) {
    // Only when the initialize POST itself was refused: a server that handed out a session speaks Streamable HTTP.
    const status = httpStatusOf(err);
    const refusedInitialize = err instanceof McpConnectError && !err.hadSession && (status === 404 || status === 405);
    if (config.transport !== 'streamable_http' || !refusedInitialize) throw err;
    return await connectWith('sse', config, deps, key, deadline, requestTimeoutMs).catch((fallbackErr: unknown) => {
      throw new Error(`Streamable HTTP answered HTTP ${status} and the SSE fallback failed too: ${shortMessage(fallbackErr)}`, { cause: fallbackErr });
    });
  }
}

/**
 * Runs `use` on a session (pooled when deps.sessions is given), re-initialising once with a new
 * client and transport when the server no longer knows the session. The session goes back to the
 * pool only if it is still healthy; otherwise it is closed.
 */
async function withSession<T>(
  config: McpServerConfig,
  deps: McpClientDeps,
  deadline: Deadline,
  requestTimeoutMs: number,
  use: (conn: McpConnection) => Promise<T>,
): Promise<T> {
  const key = connectionKey(config, deps);
  const pooled = deps.sessions?.take(key);
  let conn = pooled ?? (await openConnection(config, deps, key, deadline, requestTimeoutMs));
  try {
    try {
      return await use(conn);
    } catch (err) {
      // A JSON-RPC error leaves the session usable; a transport failure makes it suspect.
      if (!(err instanceof McpError)) conn.healthy = false;
      if (!isStaleSession(err) || deadline.signal.aborted) throw err;
      const stale = conn;
      await stale.close();
      conn = await openConnection(config, deps, key, deadline, requestTimeoutMs);
      try {
        return await use(conn);
      } catch (retryErr) {
        if (!(retryErr instanceof McpError)) conn.healthy = false;
        throw isStaleSession(retryErr) ? new StaleSessionError(retryErr) : retryErr;
      }
    }
  } finally {
    if (deps.sessions && conn.healthy && !conn.closed && !deadline.signal.aborted) deps.sessions.put(conn);
    else {
      // Past the deadline, skip the polite DELETE: the operation must not outlive its limit.
      if (deadline.signal.aborted) conn.healthy = false;
      await conn.close();
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Session pool

export interface McpSessionPoolOptions {
  /** Idle sessions are closed after this long. Default 60 s. */
  idleTimeoutMs?: number;
  /** Idle sessions kept per server and scope. Default 2. */
  maxIdlePerKey?: number;
  /** Idle sessions kept in all. Default 64. */
  maxIdle?: number;
}

/**
 * Idle, initialised MCP sessions, reused by later operations on the same server, headers and scope
 * (one per worker process). A session is used by one operation at a time; parallel calls open more.
 * Timers are unref'd; call close() on shutdown.
 */
export class McpSessionPool {
  private readonly idle = new Map<string, McpConnection[]>();
  private readonly idleTimeoutMs: number;
  private readonly maxIdlePerKey: number;
  private readonly maxIdle: number;
  private closed = false;

  constructor(options: McpSessionPoolOptions = {}) {
    this.idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
    this.maxIdlePerKey = options.maxIdlePerKey ?? 2;
    this.maxIdle = options.maxIdle ?? 64;
  }

  get idleCount(): number {
    let n = 0;
    for (const list of this.idle.values()) n += list.length;
    return n;
  }

  /** @internal */
  take(key: string): McpConnection | undefined {
    const list = this.idle.get(key);
    while (list?.length) {
      const conn = list.pop()!;
      if (!list.length) this.idle.delete(key);
      if (conn.idleTimer) clearTimeout(conn.idleTimer);
      conn.idleTimer = undefined;
      if (conn.healthy && !conn.closed) return conn;
      void conn.close();
    }
    return undefined;
  }

  /** @internal */
  put(conn: McpConnection): void {
    const list = this.idle.get(conn.key) ?? [];
    if (this.closed || list.length >= this.maxIdlePerKey || this.idleCount >= this.maxIdle) {
      void conn.close();
      return;
    }
    list.push(conn);
    this.idle.set(conn.key, list);
    conn.idleTimer = setTimeout(() => this.evict(conn), this.idleTimeoutMs);
    conn.idleTimer.unref();
  }

  private evict(conn: McpConnection): void {
    const list = this.idle.get(conn.key);
    const at = list?.indexOf(conn) ?? -1;
    if (list && at >= 0) {
      list.splice(at, 1);
      if (!list.length) this.idle.delete(conn.key);
    }
    void conn.close();
  }

  /** Closes the idle sessions of one scope (e.g. when a generation ends). */
  async closeScope(scope: string): Promise<void> {
    const closing: Array<Promise<void>> = [];
    for (const [key, list] of this.idle) {
      if ((JSON.parse(key) as unknown[])[0] !== scope) continue;
      this.idle.delete(key);
      closing.push(...list.map((c) => c.close()));
    }
    await Promise.all(closing);
  }

  /** Closes every idle session; sessions in use are closed when their operation ends. */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.idle.values()].flat();
    this.idle.clear();
    await Promise.all(all.map((c) => c.close()));
  }
}

// ---------------------------------------------------------------------------------------------
// Errors

function findInChain<T>(err: unknown, match: (e: unknown) => e is T): T | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 8; depth++) {
    if (match(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EPIPE', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

function describeFailure(failure: unknown, url: string, deadline: Deadline): { kind: McpDiscoveryFailure; message: string } {
  const err = failure instanceof McpConnectError ? failure.cause : failure;
  const where = `MCP server ${displayUrl(url)}`;
  const blocked = findInChain(err, (e): e is SsrfBlockedError => e instanceof SsrfBlockedError);
  if (blocked) return { kind: 'blocked', message: `${where} refused by the SSRF guard: ${blocked.message}` };
  if (deadline.expired() || (err instanceof McpError && err.code === ErrorCode.RequestTimeout)) {
    return { kind: 'timeout', message: `${where} did not answer in time (deadline ${deadline.ms} ms)` };
  }
  const tooLarge = findInChain(err, (e): e is McpResponseTooLargeError => e instanceof McpResponseTooLargeError);
  if (tooLarge) return { kind: 'too_large', message: `${where} sent a response larger than ${tooLarge.limit} bytes` };
  if (err instanceof StaleSessionError) return { kind: 'session', message: `${where}: ${err.message}` };
  const network = findInChain(err, (e): e is Error & { code: string } => e instanceof Error && NETWORK_CODES.has(String((e as { code?: unknown }).code)));
  if (network) return { kind: 'unreachable', message: `${where} is unreachable: ${clip(network.message)}` };
  const status = httpStatusOf(err);
  if (status !== undefined && status > 0) return { kind: 'http', message: `${where} answered HTTP ${status}: ${shortMessage(err)}` };
  if (err instanceof McpError) return { kind: 'protocol', message: `${where} returned JSON-RPC error ${err.code}: ${shortMessage(err)}` };
  if (err instanceof z.ZodError || (err instanceof Error && err.name === 'ZodError')) {
    return { kind: 'protocol', message: `${where} sent a malformed response` };
  }
  if (err instanceof SseError) return { kind: 'unreachable', message: `${where}: SSE connection failed: ${shortMessage(err)}` };
  if (err instanceof TypeError && err.message === 'fetch failed') {
    const reason = err.cause instanceof Error ? err.cause.message : 'network error';
    return { kind: 'unreachable', message: `${where} is unreachable: ${clip(reason)}` };
  }
  const cause = (err as { cause?: unknown } | undefined)?.cause;
  const detail = cause instanceof Error ? `${shortMessage(err)} (${shortMessage(cause)})` : shortMessage(err);
  return { kind: 'protocol', message: `${where} failed: ${detail}` };
}

// ---------------------------------------------------------------------------------------------
// Discovery

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readTool(raw: unknown, warnings: string[]): DiscoveredMcpTool | null {
  if (!isRecord(raw) || typeof raw.name !== 'string' || raw.name.length === 0) {
    warnings.push('Skipped a tool without a name');
    return null;
  }
  if (raw.name.length > MAX_TOOL_NAME_CHARS) {
    warnings.push(`Skipped a tool whose name is ${raw.name.length} characters long (limit ${MAX_TOOL_NAME_CHARS}): ${JSON.stringify(raw.name.slice(0, 40))}…`);
    return null;
  }
  if (isRecord(raw.execution) && raw.execution.taskSupport === 'required') {
    // Such tools only run as MCP tasks (tasks/* polling), which this client does not drive.
    warnings.push(`Skipped ${JSON.stringify(raw.name.slice(0, 100))}: it requires task-based execution`);
    return null;
  }
  const description = capText(typeof raw.description === 'string' ? raw.description : '', MAX_DESCRIPTION_CHARS);
  const schema = capInputSchema(raw.inputSchema);
  return {
    name: raw.name,
    description: description.text,
    descriptionTruncated: description.truncated,
    inputSchema: schema.inputSchema,
    inputSchemaReplaced: schema.replaced,
    annotations: pickAnnotations(raw.annotations),
  };
}

/**
 * Lists the server's tools, following `nextCursor`. Throws McpDiscoveryError (with a clear message
 * and a `kind`) on any failure, so the caller can fail open; rethrows the activity's cancellation.
 */
export async function discoverMcpTools(config: McpServerConfig, deps: McpClientDeps): Promise<McpDiscoveryResult> {
  const deadline = startDeadline(config.deadlineMs ?? config.timeoutMs * 2, deps.signal);
  try {
    return await withSession(config, deps, deadline, config.timeoutMs, async (conn) => {
      let capped: CappedResponseEvent | undefined;
      const capAbort = new AbortController();
      conn.setCall({
        maxResponseBytes: config.maxResponseBytes ?? DEFAULT_DISCOVERY_RESPONSE_BYTES,
        onCapped: (event) => {
          capped = event;
          capAbort.abort(new McpResponseTooLargeError(event.limit));
        },
        fetchSignal: capAbort.signal,
      });
      try {
        const tools: DiscoveredMcpTool[] = [];
        const warnings: string[] = [];
        const seenCursors = new Set<string>();
        let cursor: string | undefined;
        for (let page = 0; ; page++) {
          if (page === MAX_PAGES) {
            warnings.push(`Stopped after ${MAX_PAGES} pages of tools/list`);
            break;
          }
          const timeout = Math.min(config.timeoutMs, deadline.remaining());
          const result = await withRequestSignal([deadline.signal, capAbort.signal], timeout, (options) =>
            conn.client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, listToolsResultSchema, options),
          );
          for (const raw of result.tools) {
            if (tools.length === MAX_TOOLS) break;
            const tool = readTool(raw, warnings);
            if (tool) tools.push(tool);
          }
          if (tools.length === MAX_TOOLS && (result.tools.length > 0 || result.nextCursor)) {
            warnings.push(`Kept the first ${MAX_TOOLS} tools only`);
            break;
          }
          cursor = result.nextCursor;
          if (cursor === undefined) break;
          if (seenCursors.has(cursor)) {
            warnings.push('tools/list repeated a cursor; stopped paginating');
            break;
          }
          seenCursors.add(cursor);
        }
        return { tools, serverInfo: conn.serverInfo, transport: conn.kind, warnings };
      } catch (err) {
        throw capped ? new McpResponseTooLargeError(capped.limit) : err;
      } finally {
        conn.setCall(undefined);
      }
    });
  } catch (err) {
    if (deps.signal?.aborted) throw deps.signal.reason ?? err;
    const { kind, message } = describeFailure(err, config.url, deadline);
    throw new McpDiscoveryError(message, kind, { cause: err });
  } finally {
    deadline.dispose();
  }
}

// ---------------------------------------------------------------------------------------------
// Calls

const errorContent = (error: string) => JSON.stringify({ error });

/**
 * Calls one tool. Every outcome becomes a result for the model: `isError` results and failures are
 * status 'error', a missed deadline is 'timeout', a response over the byte cap is cut while streaming
 * and returned as far as it arrived (truncated, with TRUNCATION_MARKER). Only the activity's
 * cancellation (deps.signal) throws.
 */
export async function callMcpTool(config: McpServerConfig, call: McpToolCall, deps: McpClientDeps): Promise<McpCallResult> {
  const args = call.arguments ?? {};
  if (!isRecord(args)) return { status: 'error', content: errorContent('The tool arguments must be a JSON object'), truncated: false };
  if ('__invalid' in args) return { status: 'error', content: errorContent('The tool arguments were not valid JSON'), truncated: false };
  const deadline = startDeadline(call.timeoutMs, deps.signal);
  let capped: CappedResponseEvent | undefined;
  try {
    const result = await withSession(config, deps, deadline, Math.min(config.timeoutMs, call.timeoutMs), async (conn) => {
      const capAbort = new AbortController();
      const fetchAbort = new AbortController();
      conn.setCall({
        maxResponseBytes: call.maxResponseBytes,
        onCapped: (event) => {
          capped = event;
          capAbort.abort(new McpResponseTooLargeError(event.limit));
        },
        fetchSignal: fetchAbort.signal,
      });
      let completed = false;
      try {
        const response = await withRequestSignal([deadline.signal, capAbort.signal], deadline.remaining(), (options) =>
          conn.client.request({ method: 'tools/call', params: { name: call.originalName, arguments: args } }, callToolResultSchema, options),
        );
        completed = true;
        return response;
      } finally {
        conn.setCall(undefined);
        // A call that did not complete may leave its response stream open (a server that ignores
        // notifications/cancelled): drop it so a pooled session does not keep it.
        if (!completed) fetchAbort.abort();
      }
    });
    const text = formatToolResultContent(result);
    const content = capResult(text, call.maxResultChars);
    return { status: result.isError ? 'error' : 'success', content, truncated: content.length !== text.length };
  } catch (err) {
    if (deps.signal?.aborted) throw deps.signal.reason ?? err;
    if (capped) {
      // Return what arrived, like http tools do with an oversized body.
      const salvaged = salvageTruncatedText(capped.prefix, capped.eventStream, call.maxResultChars);
      if (salvaged !== null) return { status: 'success', content: salvaged + TRUNCATION_MARKER, truncated: true };
      return { status: 'error', content: errorContent(`The MCP tool's response exceeded ${capped.limit} bytes and was cut off`), truncated: true };
    }
    const { kind, message } = describeFailure(err, config.url, deadline);
    if (kind === 'timeout') return { status: 'timeout', content: errorContent(`MCP tool ${clip(call.originalName, 100)} timed out after ${call.timeoutMs} ms`), truncated: false };
    return { status: 'error', content: errorContent(message), truncated: false };
  } finally {
    deadline.dispose();
  }
}
