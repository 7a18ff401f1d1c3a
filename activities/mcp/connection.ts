import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport, SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { DeadlineExceededError, raceSignal, withRequestSignal, type Deadline } from './deadline.js';
import { createGuardedFetch, type CappedResponseEvent } from './fetch.js';
import { clip, shortMessage } from './messages.js';
import type { McpClientDeps, McpServerConfig, McpServerInfo, McpTransportKind } from './types.js';

/**
 * One MCP session (SDK client + transport over the guarded, byte-capped fetch) and how it is opened:
 * initialise within the deadline, falling back from Streamable HTTP to the deprecated SSE transport.
 */

const CLIENT_INFO = { name: 'durable-agents', version: '0.1.0' };
export const DEFAULT_DISCOVERY_RESPONSE_BYTES = 8 * 1024 * 1024;
/** Headers the transports manage themselves: a configured value would break sessions or framing. */
const RESERVED_HEADERS = new Set([
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
  'content-type',
  'accept',
  'content-length',
  'host',
  'connection',
  'transfer-encoding',
]);

/** Connecting failed; `hadSession` tells whether the server had already handed out a session id. */
export class McpConnectError extends Error {
  constructor(
    readonly hadSession: boolean,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'McpConnectError';
  }
}

function safeHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!RESERVED_HEADERS.has(name.toLowerCase())) out[name] = value;
  }
  return out;
}

export interface CallContext {
  maxResponseBytes: number;
  onCapped: (event: CappedResponseEvent) => void;
  fetchSignal: AbortSignal;
}

/** One initialised MCP session: SDK client + transport + the hooks its fetch reads. */
export class McpConnection {
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
          reconnectionOptions: {
            initialReconnectionDelay: 500,
            maxReconnectionDelay: 2_000,
            reconnectionDelayGrowFactor: 2,
            maxRetries: 2,
          },
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
    const hadSession =
      conn.transport instanceof StreamableHTTPClientTransport && conn.transport.sessionId !== undefined;
    conn.healthy = false;
    await conn.close();
    throw new McpConnectError(hadSession, err instanceof SseError && conn.lastFetchError ? conn.lastFetchError : err);
  }
}

export function httpStatusOf(err: unknown): number | undefined {
  if (err instanceof McpConnectError) return httpStatusOf(err.cause);
  if (err instanceof StreamableHTTPError || err instanceof SseError) return err.code;
  if (err instanceof Error) {
    const match = /^Error POSTing to endpoint \(HTTP (\d{3})\)/.exec(err.message);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** Opens a session; Streamable HTTP falls back to the deprecated SSE transport on 404/405 at initialise. */
export async function openConnection(
  config: McpServerConfig,
  deps: McpClientDeps,
  key: string,
  deadline: Deadline,
  requestTimeoutMs: number,
): Promise<McpConnection> {
  try {
    return await connectWith(config.transport, config, deps, key, deadline, requestTimeoutMs);
  } catch (err) {
    // Only when the initialize POST itself was refused: a server that handed out a session speaks Streamable HTTP.
    const status = httpStatusOf(err);
    const refusedInitialize = err instanceof McpConnectError && !err.hadSession && (status === 404 || status === 405);
    if (config.transport !== 'streamable_http' || !refusedInitialize) throw err;
    return await connectWith('sse', config, deps, key, deadline, requestTimeoutMs).catch((fallbackErr: unknown) => {
      throw new Error(
        `Streamable HTTP answered HTTP ${status} and the SSE fallback failed too: ${shortMessage(fallbackErr)}`,
        { cause: fallbackErr },
      );
    });
  }
}
