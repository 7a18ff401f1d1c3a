import type { CarriedWrites, QueuedWrite } from '../contracts/generation/index.js';
import { localStore } from './activity-proxies.js';

/**
 * The writes the run has queued and not made yet (contracts/generation/writes.ts). The next
 * activity the run schedules carries them (`carry`) and makes them first. Before the run waits (a
 * pause, a child) or tells another workflow, `flushNow` makes them in a local activity of their
 * own. Local activities and the writes are idempotent, so a re-run after a crash makes them again
 * harmlessly.
 */
export class WriteQueue {
  private queued: QueuedWrite[] = [];

  constructor(private readonly generationId: string) {}

  queue(write: QueuedWrite): void {
    this.queued.push(write);
  }

  get empty(): boolean {
    return this.queued.length === 0;
  }

  /** The queued writes, handed to the activity about to be scheduled (it makes them first). */
  take(): QueuedWrite[] {
    const taken = this.queued;
    this.queued = [];
    return taken;
  }

  /** `input` carrying the queued writes, if any. */
  carry<T extends object>(input: T): T & CarriedWrites {
    return this.empty ? input : { ...input, writes: this.take() };
  }

  /** Makes the queued writes now. */
  async flushNow(): Promise<void> {
    if (this.empty) return;
    await localStore.flushWrites({ generationId: this.generationId, writes: this.take() });
  }
}
