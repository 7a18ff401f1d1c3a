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

/** An event log that keeps what it is asked to append, each append settling after `delayMs`. */
class RecordingLog extends EventLog {
  deltas: string[] = [];
  constructor(private readonly delayMs: number) {
    super(null as never, null as never);
  }
  override async append(_id: string, _type: string, data: Record<string, unknown>): Promise<number | null> {
    await new Promise((r) => setTimeout(r, this.delayMs));
    this.deltas.push(String(data.delta));
    return this.deltas.length;
  }
}

describe('ChunkWriter', () => {
  it('rest() writes nothing itself: it waits for writes under way and returns the unwritten text as one keyed event', async () => {
    const log = new RecordingLog(20);
    const writer = new ChunkWriter(log, 'agt_gen_x', 2, 7, 5);
    writer.push('a'.repeat(600)); // drains at once; its write is still under way below
    writer.push('tail');
    const rest = await writer.rest();
    expect(log.deltas).toEqual(['a'.repeat(600)]);
    expect(rest).toEqual({ type: 'chunk', data: { step: 2, replySeq: 7, delta: 'tail' }, key: 'chunk:7:rest' });
    await new Promise((r) => setTimeout(r, 30)); // the timer that would have drained 'tail' was cleared
    expect(log.deltas).toEqual(['a'.repeat(600)]);
    expect(await new ChunkWriter(log, 'agt_gen_x', 1, 3).rest()).toBeNull();
  });

  it('rest() rejects with a write that failed, like flush()', async () => {
    const writer = new ChunkWriter(new FailingLog(), 'agt_gen_x', 1, 3, 5);
    writer.push('x'.repeat(600));
    writer.push('y');
    await expect(writer.rest()).rejects.toThrow(/administrator command/);
  });

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
