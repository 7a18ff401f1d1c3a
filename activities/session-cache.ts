import { newId } from '../contracts/ids.js';
import type { Db } from '../infra/db/prisma.js';

/** The two builtins that read a session's tool cache. */
export const SESSION_CACHE_LIST = 'session_cache_list';
export const SESSION_CACHE_GET = 'session_cache_get';

/** What the model keeps of a cached result in its tool message. */
export const CACHE_HEAD_CHARS = 2000;
/** Per-session limits: oldest entries go first. */
export const CACHE_MAX_ENTRIES = 200;
export const CACHE_MAX_ENTRY_CHARS = 1_000_000;
const GET_DEFAULT_LIMIT = 10_000;
const LIST_LIMIT = 20;

/** The compact tool message of a cached result: its head and how to read the rest. */
export function compactToolMessage(content: string, cacheId: string): string {
  if (content.length <= CACHE_HEAD_CHARS) return content;
  return `${content.slice(0, CACHE_HEAD_CHARS)}\n…[${content.length} characters in total; the full result is cached as ${cacheId}: call ${SESSION_CACHE_GET} with id "${cacheId}", offset and limit to read more]`;
}

/** Full http/MCP results of a session's turns, outside the prompt. */
export class SessionCache {
  constructor(private readonly db: Db) {}

  /** Stores a result (once per tool call) and returns its entry id; trims the session to its limits. */
  async put(
    sessionId: string,
    entry: { generationId: string; toolCallId: string; toolName: string; arguments: unknown; content: string },
  ): Promise<string> {
    const content = entry.content.slice(0, CACHE_MAX_ENTRY_CHARS);
    const row = await this.db.sessionToolResult.upsert({
      where: { generationId_toolCallId: { generationId: entry.generationId, toolCallId: entry.toolCallId } },
      create: {
        id: newId('sessionCacheEntry'),
        sessionId,
        generationId: entry.generationId,
        toolCallId: entry.toolCallId,
        toolName: entry.toolName,
        arguments: (entry.arguments ?? {}) as object,
        content,
        size: content.length,
      },
      update: {},
      select: { id: true },
    });
    const stale = await this.db.sessionToolResult.findMany({
      where: { sessionId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: CACHE_MAX_ENTRIES,
      select: { id: true },
    });
    if (stale.length) await this.db.sessionToolResult.deleteMany({ where: { id: { in: stale.map((s) => s.id) } } });
    return row.id;
  }

  /** session_cache_list / session_cache_get, answered as the tool message content (JSON). */
  async answer(sessionId: string | null, toolName: string, args: unknown): Promise<string> {
    if (!sessionId) return JSON.stringify({ error: 'The session cache is available only in a session' });
    const a = (args && typeof args === 'object' ? args : {}) as Record<string, unknown>;
    if (toolName === SESSION_CACHE_LIST) {
      const rows = await this.db.sessionToolResult.findMany({
        where: { sessionId, ...(typeof a.tool === 'string' ? { toolName: a.tool } : {}) },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: LIST_LIMIT,
        select: { id: true, toolName: true, arguments: true, size: true, createdAt: true },
      });
      return JSON.stringify({
        entries: rows.map((r) => ({
          id: r.id,
          tool: r.toolName,
          arguments: r.arguments,
          size: r.size,
          at: r.createdAt.toISOString(),
        })),
      });
    }
    const id = typeof a.id === 'string' ? a.id : '';
    const row = await this.db.sessionToolResult.findFirst({ where: { id, sessionId } });
    if (!row) return JSON.stringify({ error: `No cached result ${id} in this session` });
    const offset = Math.max(0, Math.trunc(Number(a.offset ?? 0)) || 0);
    const limit = Math.min(
      GET_DEFAULT_LIMIT,
      Math.max(1, Math.trunc(Number(a.limit ?? GET_DEFAULT_LIMIT)) || GET_DEFAULT_LIMIT),
    );
    return JSON.stringify({
      id: row.id,
      tool: row.toolName,
      size: row.size,
      offset,
      content: row.content.slice(offset, offset + limit),
      more: offset + limit < row.size,
    });
  }
}
