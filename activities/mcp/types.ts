import type { Dispatcher } from 'undici';
import type { McpToolAnnotations } from './content.js';
import type { McpSessionPool } from './session-pool.js';

/**
 * The MCP client's public types: server configuration, dependencies, discovery and call results,
 * and McpDiscoveryError, how a failed discovery is reported.
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
