import { EventEmitter } from 'node:events';
import pg from 'pg';
import { ignoreIdleClientErrors } from '../db/pg-pool.js';
import { CancelRequestBoard } from './cancel-board.js';
import { PgChannelListener } from './pg-listener.js';

/**
 * "Generation X changed" notifications from the worker (activities) to API waiters and streams,
 * and "generation X's cancel was requested" from the API to the worker (docs/adr/0027).
 * Across processes it is PostgreSQL LISTEN/NOTIFY; inside one process (embedded PGlite, which
 * serves a single connection) an in-memory emitter.
 */
/**
 * What changed: `state` may be a settled status or a new state version (the default, the safe
 * choice); `events` cannot have settled the generation: new stream events of a running step, or a
 * move to `running`. Waiters for a settled state skip `events`; streams read both.
 */
export type FeedChange = 'state' | 'events';

/** A NOTIFY a hot-path statement sends itself (delivered when it commits): no extra round trip. */
export interface InlineNotification {
  channel: string;
  payload: string;
}

export interface ChangeFeed {
  publish(generationId: string, change?: FeedChange): Promise<void>;
  /**
   * The NOTIFY that `publish` would send, for a statement to include; null when this feed is not
   * PostgreSQL's (the in-process feed of the embedded database): then call `publish` after it.
   */
  inline(generationId: string, change: FeedChange): InlineNotification | null;
  subscribe(generationId: string, listener: (change: FeedChange) => void): () => void;
  /** Whether every change published from now on reaches this process's subscribers (its listener is up). */
  hearsChanges(): boolean;
  /** How many waiters and streams of this process watch the generation now. */
  watchers(generationId: string): number;
  /**
   * Tells workers that Temporal has the generation's cancel request, so a model or tool call in
   * flight stops now rather than when the workflow next hears from the server. Send it only after
   * Temporal accepted the request: the call it stops waits for that request (docs/adr/0027).
   */
  requestCancel(generationId: string): Promise<void>;
  /** Calls `listener` once the generation's cancel is requested: at once if it was recently. */
  onCancelRequested(generationId: string, listener: () => void): () => void;
  /** Resolves once this process hears cancel requests (a worker, before it takes tasks). */
  listenForCancelRequests(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'da_generation_changed';
const CANCEL_CHANNEL = 'da_generation_cancel_requested';
/** Appended to the payload of an `events` notification (generation ids never contain it). */
const EVENTS_SUFFIX = ' events';

export class LocalChangeFeed implements ChangeFeed {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly cancels = new CancelRequestBoard();
  async publish(generationId: string, change: FeedChange = 'state'): Promise<void> {
    this.emitter.emit(generationId, change);
  }
  inline(): null {
    return null;
  }
  subscribe(generationId: string, listener: (change: FeedChange) => void): () => void {
    this.emitter.on(generationId, listener);
    return () => this.emitter.off(generationId, listener);
  }
  hearsChanges(): boolean {
    return true;
  }
  watchers(generationId: string): number {
    return this.emitter.listenerCount(generationId);
  }
  /** Wakes every subscriber (after notifications may have been missed). */
  publishAll(): void {
    for (const name of this.emitter.eventNames()) this.emitter.emit(name, 'state');
  }
  async requestCancel(generationId: string): Promise<void> {
    this.cancels.record(generationId);
  }
  onCancelRequested(generationId: string, listener: () => void): () => void {
    return this.cancels.watch(generationId, listener);
  }
  async listenForCancelRequests(): Promise<void> {}
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
    this.cancels.close();
  }
}

export class PgChangeFeed implements ChangeFeed {
  private readonly local = new LocalChangeFeed();
  private readonly publisher: pg.Pool;
  // Waiters and streams (the API) listen to changes; workers listen to cancel requests only, so
  // neither hears the other's traffic.
  private readonly changes: PgChannelListener;
  private readonly cancels: PgChannelListener;

  constructor(databaseUrl: string) {
    this.publisher = ignoreIdleClientErrors(new pg.Pool({ connectionString: databaseUrl, max: 2 }));
    this.changes = new PgChannelListener(
      databaseUrl,
      CHANNEL,
      (payload) => {
        if (payload.endsWith(EVENTS_SUFFIX)) void this.local.publish(payload.slice(0, -EVENTS_SUFFIX.length), 'events');
        else void this.local.publish(payload, 'state');
      },
      // Changes sent while it was down are lost: every waiter and stream reads the current state once.
      () => this.local.publishAll(),
    );
    // A cancel request missed while down still arrives through Temporal, only later.
    this.cancels = new PgChannelListener(
      databaseUrl,
      CANCEL_CHANNEL,
      (generationId) => void this.local.requestCancel(generationId),
      () => {},
    );
  }

  async publish(generationId: string, change: FeedChange = 'state'): Promise<void> {
    const { channel, payload } = this.inline(generationId, change);
    await this.publisher.query('SELECT pg_notify($1, $2)', [channel, payload]);
  }

  inline(generationId: string, change: FeedChange): InlineNotification {
    return { channel: CHANNEL, payload: change === 'events' ? `${generationId}${EVENTS_SUFFIX}` : generationId };
  }

  subscribe(generationId: string, listener: (change: FeedChange) => void): () => void {
    // Waiters that must not miss a change await ensureListening() themselves.
    this.changes.ensureListening().catch(() => {});
    return this.local.subscribe(generationId, listener);
  }

  hearsChanges(): boolean {
    return this.changes.listening;
  }

  watchers(generationId: string): number {
    return this.local.watchers(generationId);
  }

  /** Resolves once LISTEN is active (callers that must not miss a change await it). */
  ensureListening(): Promise<void> {
    return this.changes.ensureListening();
  }

  async requestCancel(generationId: string): Promise<void> {
    await this.publisher.query('SELECT pg_notify($1, $2)', [CANCEL_CHANNEL, generationId]);
  }

  onCancelRequested(generationId: string, listener: () => void): () => void {
    // Normally listening since the worker started; if that failed, each call tries again.
    this.cancels.ensureListening().catch(() => {});
    return this.local.onCancelRequested(generationId, listener);
  }

  listenForCancelRequests(): Promise<void> {
    return this.cancels.ensureListening();
  }

  async close(): Promise<void> {
    await this.local.close();
    await this.changes.close();
    await this.cancels.close();
    await this.publisher.end().catch(() => {});
  }
}
