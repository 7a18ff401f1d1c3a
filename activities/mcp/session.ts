import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Dispatcher } from 'undici';
import { httpStatusOf, openConnection, type McpConnection } from './connection.js';
import type { Deadline } from './deadline.js';
import { shortMessage } from './messages.js';
import type { McpClientDeps, McpServerConfig } from './types.js';

/**
 * How an operation gets its MCP session: from McpSessionPool (the idle sessions kept per server,
 * headers and scope) or freshly opened, and re-initialised once when the server no longer knows it.
 */

export class StaleSessionError extends Error {
  constructor(cause: unknown) {
    super(`the MCP server no longer recognised the session, even after re-initialising once (${shortMessage(cause)})`, {
      cause,
    });
    this.name = 'StaleSessionError';
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
  return JSON.stringify([
    deps.sessionScope ?? '',
    config.url,
    config.transport,
    headers,
    dispatcherId(deps.dispatcher),
  ]);
}

/** The server rejected our session id: it restarted or expired the session (spec: 404). */
function isStaleSession(err: unknown): boolean {
  const status = httpStatusOf(err);
  // Some servers (server-everything among them) answer 400 "No valid session ID" instead of 404.
  return status === 404 || (status === 400 && err instanceof Error && /session/i.test(err.message));
}

/**
 * Runs `use` on a session (pooled when deps.sessions is given), re-initialising once with a new
 * client and transport when the server no longer knows the session. The session goes back to the
 * pool only if it is still healthy; otherwise it is closed.
 */
export async function withSession<T>(
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
