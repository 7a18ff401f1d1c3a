import { ApiError } from '../../contracts/errors.js';
import type { Env } from '../../config/env.js';
import type { AuthInfo } from '../http.js';

/** Requests that hold a connection open: an SSE stream, or a synchronous wait for a settled state. */
export type HeldConnection = 'stream' | 'wait';

/**
 * Who holds a slot: an API key of a project, or an agent's public chat (its agent key), counted
 * under the per-key caps as `publicChatHolder(agentId)` and under its project's caps.
 */
export type SlotHolder = Pick<AuthInfo, 'keyId' | 'projectId'>;

const PUBLIC_CHAT_HOLDER = 'public-chat:';

/** The slot holder of an agent's public chat: its visitors share the agent's per-key caps. */
export const publicChatHolder = (agent: { id: string; projectId: string }): SlotHolder => ({
  keyId: `${PUBLIC_CHAT_HOLDER}${agent.id}`,
  projectId: agent.projectId,
});

/** Suggested wait before retrying a refused stream or wait (long-lived slots free up slowly). */
export const CONNECTION_RETRY_AFTER_SECONDS = 5;

export interface ConnectionCaps {
  perKey: Record<HeldConnection, number>;
  perProject: Record<HeldConnection, number>;
}

export function connectionCaps(env: Env): ConnectionCaps {
  return {
    perKey: { stream: env.MAX_STREAMS_PER_KEY, wait: env.MAX_WAITS_PER_KEY },
    perProject: { stream: env.MAX_STREAMS_PER_PROJECT, wait: env.MAX_WAITS_PER_PROJECT },
  };
}

/**
 * Counts the streams and synchronous waits each API key and each project holds open in this API
 * process, and refuses one more beyond the caps with 429 + Retry-After before anything is written.
 * Counts are per process: behind N API replicas a tenant may hold up to N times the caps.
 */
export class ConnectionLimits {
  private readonly held = new Map<string, number>();

  constructor(private readonly caps: ConnectionCaps) {}

  /** Takes a slot (or throws 429); the returned release is idempotent. */
  acquire(kind: HeldConnection, auth: SlotHolder): () => void {
    const keyCounter = `${kind}:key:${auth.keyId}`;
    const projectCounter = `${kind}:project:${auth.projectId}`;
    const what = kind === 'stream' ? 'event streams' : 'synchronous waits';
    const holder = auth.keyId.startsWith(PUBLIC_CHAT_HOLDER) ? "This agent's public chat" : 'This API key';
    if ((this.held.get(keyCounter) ?? 0) >= this.caps.perKey[kind])
      throw limited(`${holder} already holds ${this.caps.perKey[kind]} open ${what}`, kind, 'key');
    if ((this.held.get(projectCounter) ?? 0) >= this.caps.perProject[kind])
      throw limited(`This project already holds ${this.caps.perProject[kind]} open ${what}`, kind, 'project');
    this.bump(keyCounter, 1);
    this.bump(projectCounter, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.bump(keyCounter, -1);
      this.bump(projectCounter, -1);
    };
  }

  private bump(counter: string, by: number): void {
    const next = (this.held.get(counter) ?? 0) + by;
    if (next <= 0) this.held.delete(counter);
    else this.held.set(counter, next);
  }
}

function limited(message: string, kind: HeldConnection, scope: 'key' | 'project'): ApiError {
  return new ApiError(
    429,
    'rate_limited',
    `${message}; retry in ${CONNECTION_RETRY_AFTER_SECONDS} s, or use async: true and poll`,
    { limit: kind === 'stream' ? 'streams' : 'waits', scope },
    { 'retry-after': String(CONNECTION_RETRY_AFTER_SECONDS) },
  );
}

/**
 * Takes a `kind` slot of the caller for the rest of the response (429 when none is free: call it
 * before writing anything). The slot is freed when the response closes — finished, failed or
 * abandoned by the client — so a wait whose client went away no longer counts.
 */
export function holdSlot(
  limits: ConnectionLimits | undefined,
  kind: HeldConnection | null,
  auth: SlotHolder,
  res: { once(event: 'close', fn: () => void): unknown },
): void {
  if (!limits || !kind) return;
  res.once('close', limits.acquire(kind, auth));
}

/** What a generation request holds open: a stream (`stream: true`), a wait (synchronous), or nothing (`async: true`). */
export function heldBy(body: { stream?: boolean; async: boolean }): HeldConnection | null {
  return body.stream ? 'stream' : body.async ? null : 'wait';
}
