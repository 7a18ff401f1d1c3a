import { EventEmitter } from 'node:events';
import pg from 'pg';
import { ignoreIdleClientErrors } from '../db/pg-pool.js';

/**
 * "Generation X changed" notifications from the worker (activities) to API waiters and streams.
 * Across processes it is PostgreSQL LISTEN/NOTIFY; inside one process (embedded PGlite, which
 * serves a single connection) an in-memory emitter.
 */
/**
 * What changed: `state` may be the status or state version (the default, the safe choice), `events`
 * is only new stream events of a running step. Waiters for a settled state skip `events`; streams
 * read both.
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
  /** How many waiters and streams of this process watch the generation now. */
  watchers(generationId: string): number;
  close(): Promise<void>;
}

const CHANNEL = 'da_generation_changed';
/** Appended to the payload of an `events` notification (generation ids never contain it). */
const EVENTS_SUFFIX = ' events';

export class LocalChangeFeed implements ChangeFeed {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
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
  watchers(generationId: string): number {
    return this.emitter.listenerCount(generationId);
  }
  /** Wakes every subscriber (after notifications may have been missed). */
  publishAll(): void {
    for (const name of this.emitter.eventNames()) this.emitter.emit(name, 'state');
  }
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export class PgChangeFeed implements ChangeFeed {
  private readonly local = new LocalChangeFeed();
  private listener: pg.Client | null = null;
  private publisher: pg.Pool;
  private closed = false;
  private connecting: Promise<void> | null = null;

  constructor(private readonly databaseUrl: string) {
    this.publisher = ignoreIdleClientErrors(new pg.Pool({ connectionString: databaseUrl, max: 2 }));
  }

  async publish(generationId: string, change: FeedChange = 'state'): Promise<void> {
    const { channel, payload } = this.inline(generationId, change);
    await this.publisher.query('SELECT pg_notify($1, $2)', [channel, payload]);
  }

  inline(generationId: string, change: FeedChange): InlineNotification {
    return { channel: CHANNEL, payload: change === 'events' ? `${generationId}${EVENTS_SUFFIX}` : generationId };
  }

  subscribe(generationId: string, listener: (change: FeedChange) => void): () => void {
    void this.ensureListening();
    return this.local.subscribe(generationId, listener);
  }

  watchers(generationId: string): number {
    return this.local.watchers(generationId);
  }

  /** Resolves once LISTEN is active (callers that must not miss a change await it). */
  ensureListening(): Promise<void> {
    if (this.listener || this.closed) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (msg) => {
      const payload = msg.payload;
      if (!payload) return;
      if (payload.endsWith(EVENTS_SUFFIX)) void this.local.publish(payload.slice(0, -EVENTS_SUFFIX.length), 'events');
      else void this.local.publish(payload, 'state');
    });
    client.on('error', () => {
      // Notifications sent while no LISTEN is active are lost: reconnect, then wake every waiter
      // and stream of this process so each reads the current state once.
      if (this.listener === client) this.listener = null;
      void client.end().catch(() => {});
      this.reconnectSoon();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  private reconnectSoon(delayMs = 500): void {
    if (this.closed) return;
    setTimeout(() => {
      if (this.closed || this.listener) return;
      this.ensureListening().then(
        () => this.local.publishAll(),
        () => this.reconnectSoon(Math.min(delayMs * 2, 10_000)),
      );
    }, delayMs).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.local.close();
    await this.listener?.end().catch(() => {});
    await this.publisher.end().catch(() => {});
  }
}
