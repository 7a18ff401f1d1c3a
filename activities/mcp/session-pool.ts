import type { McpConnection } from './connection.js';

/**
 * The worker's pool of idle MCP sessions. Apart from session.ts, which opens them, so that the
 * worker can hold a pool from its start without loading the MCP SDK: the SDK loads with the first
 * MCP operation (activities/mcp-tools.ts), about 0.35 s of CPU that every worker start paid before.
 */

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
