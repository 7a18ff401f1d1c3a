import pg from 'pg';

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 10_000;

/**
 * One connection LISTENing on one PostgreSQL channel, reconnected (with backoff) when it drops or
 * cannot connect. Notifications sent while it is down are lost; `onReconnect` runs once it listens
 * again, so its owner can make up for them.
 */
export class PgChannelListener {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private retryDelayMs = FIRST_RETRY_MS;
  private closed = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
    private readonly onReconnect: () => void,
  ) {}

  /** Whether LISTEN is active now: every notification sent from now on arrives. */
  get listening(): boolean {
    return this.client !== null;
  }

  /**
   * Resolves once LISTEN is active (callers that must not miss a notification await it). On
   * failure it rejects, and keeps trying in the background.
   */
  ensureListening(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= this.connect()
      .then(
        () => {
          this.retryDelayMs = FIRST_RETRY_MS;
        },
        (err: unknown) => {
          this.reconnectSoon();
          throw err;
        },
      )
      .finally(() => {
        this.connecting = null;
      });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    // Bounded, so a database that does not answer cannot hold up the process that waits for it.
    const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 5_000 });
    client.on('notification', (msg) => {
      if (msg.payload) this.onPayload(msg.payload);
    });
    client.on('error', () => {
      if (this.client === client) this.client = null;
      void client.end().catch(() => {});
      this.reconnectSoon();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (err) {
      void client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
  }

  /** One retry at a time; each failed one schedules the next, up to 10 s apart. */
  private reconnectSoon(): void {
    if (this.closed || this.retry) return;
    const delay = this.retryDelayMs;
    this.retryDelayMs = Math.min(delay * 2, LAST_RETRY_MS);
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.closed || this.client) return;
      this.ensureListening().then(
        () => this.onReconnect(),
        () => {},
      );
    }, delay);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    await this.client?.end().catch(() => {});
  }
}
