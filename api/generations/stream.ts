import type { Request, Response } from 'express';
import type { Db } from '../../infra/db/prisma.js';
import type { ChangeFeed } from '../../infra/events/change-feed.js';
import { sseStreamsOpen } from '../../infra/observability/metrics.js';

export const KEEPALIVE_MS = 15_000;
/** Safety net only: new events arrive through the change feed (LISTEN/NOTIFY). */
const RECHECK_MS = 2_000;

export interface StreamOptions {
  /** Send events with an id greater than this (Last-Event-ID). */
  afterSeq: number;
  /** Keep streaming across requires_action instead of ending there. */
  follow: boolean;
  /**
   * A resumed run (tool outputs just submitted) must wait for its first new event even though the
   * stored state still says requires_action; only a new `requires_action` or `done` ends it.
   */
  resuming?: boolean;
  keepaliveMs?: number;
  /**
   * Writes one event (default: as stored). Returns true when the stream should end after it; a
   * surface that translates events (public chat) decides its own ending this way.
   */
  send?: (event: StoredEvent) => boolean;
  /** Runs once the stream ended by itself (not when the client went away), before the response ends. */
  beforeEnd?: () => Promise<void>;
}

export interface StoredEvent {
  seq: number;
  type: string;
  data: unknown;
}

/** `Last-Event-ID` header (reconnecting EventSource) or `?lastEventId=`; 0 = from the start. */
export function lastEventId(req: Request): number {
  const raw =
    req.header('last-event-id') ?? (typeof req.query.lastEventId === 'string' ? req.query.lastEventId : undefined);
  const n = raw === undefined ? 0 : Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

export function openEventStream(res: Response): void {
  res.status(200);
  res.setHeader('content-type', 'text/event-stream; charset=utf-8');
  res.setHeader('cache-control', 'no-cache, no-transform');
  res.setHeader('connection', 'keep-alive');
  res.setHeader('x-accel-buffering', 'no');
  res.flushHeaders();
}

/**
 * Streams a generation's persisted events as SSE: first every event after `afterSeq`, then new
 * ones as they are recorded, ending after `done` (or `requires_action` unless following). A client
 * that goes away only stops this loop; the generation itself never depends on a stream.
 */
export async function streamEvents(
  db: Db,
  feed: ChangeFeed & { ensureListening?: () => Promise<void> },
  res: Response,
  generationId: string,
  opts: StreamOptions,
): Promise<void> {
  let cursor = opts.afterSeq;
  let closed = false;
  let wake: (() => void) | null = null;
  const state = { notified: false };
  const unsubscribe = feed.subscribe(generationId, () => {
    state.notified = true;
    wake?.();
  });
  const onClose = () => {
    closed = true;
    wake?.();
  };
  // The response's close, not the request's: a POST request closes once its body is read, so only
  // the response tells that the client went away.
  res.on('close', onClose);
  sseStreamsOpen.inc();
  res.once('close', () => sseStreamsOpen.dec());
  const keepalive = setInterval(() => {
    if (!closed) res.write(': keep-alive\n\n');
  }, opts.keepaliveMs ?? KEEPALIVE_MS);
  try {
    await feed.ensureListening?.();
    while (!closed) {
      state.notified = false;
      const events = await db.generationEvent.findMany({
        where: { generationId, seq: { gt: cursor } },
        orderBy: { seq: 'asc' },
        take: 500,
      });
      let finished = false;
      for (const e of events) {
        cursor = e.seq;
        if (opts.send) {
          if (opts.send(e)) {
            finished = true;
            break;
          }
          continue;
        }
        res.write(`id: ${e.seq}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`);
        if (e.type === 'done' || (e.type === 'requires_action' && !opts.follow)) {
          finished = true;
          break;
        }
      }
      if (finished) break;
      if (events.length === 500 || state.notified) continue;
      if (events.length === 0) {
        // Nothing new: a reconnect after the end has nothing more to wait for.
        const g = await db.generation.findUnique({
          where: { id: generationId },
          select: { status: true, eventSeq: true },
        });
        if (
          !g ||
          (cursor >= g.eventSeq && (g.status === 'completed' || g.status === 'failed' || g.status === 'cancelled'))
        )
          break;
        if (!opts.follow && !opts.resuming && g.status === 'requires_action' && cursor >= g.eventSeq) break;
      }
      if (state.notified) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, RECHECK_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
    if (!closed) await opts.beforeEnd?.();
  } finally {
    clearInterval(keepalive);
    unsubscribe();
    res.off('close', onClose);
    if (!res.writableEnded) res.end();
  }
}
