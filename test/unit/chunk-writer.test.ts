import { describe, expect, it } from 'vitest';
import { ChunkWriter, EventLog } from '../../activities/event-log.js';

/** An event log whose database is gone: every append fails, as when PostgreSQL restarts. */
class FailingLog extends EventLog {
  appends = 0;
  constructor() {
    super(null as never, null as never);
  }
  override append(): Promise<number | null> {
    this.appends += 1;
    return Promise.reject(new Error('terminating connection due to administrator command'));
  }
}

describe('ChunkWriter', () => {
  it('keeps a failed write for flush() instead of leaving an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const log = new FailingLog();
      const writer = new ChunkWriter(log, 'agt_gen_x', 1, 3, 5);
      writer.push('x'.repeat(600)); // drains at once
      await new Promise((r) => setTimeout(r, 50));
      writer.push('more'); // drained by the timer
      await new Promise((r) => setTimeout(r, 50));
      expect(log.appends).toBe(2);
      await expect(writer.flush()).rejects.toThrow(/administrator command/);
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
