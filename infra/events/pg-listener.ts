import pg from 'pg';

/**
 * One connection LISTENing on one PostgreSQL channel, reconnected when it drops. Notifications
 * sent while it is down are lost; `onReconnect` runs once it listens again, so its owner can make
 * up for them.
 */
export class PgChannelListener {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
    private readonly onReconnect: () => void,
  ) {}

  /** Resolves once LISTEN is active (callers that must not miss a notification await it). */
  ensureListening(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
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
    this.client = client;
  }

  private reconnectSoon(delayMs = 500): void {
    if (this.closed) return;
    setTimeout(() => {
      if (this.closed || this.client) return;
      this.ensureListening().then(
        () => this.onReconnect(),
        () => this.reconnectSoon(Math.min(delayMs * 2, 10_000)),
      );
    }, delayMs).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => {});
  }
}
