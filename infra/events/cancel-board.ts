import { EventEmitter } from 'node:events';

/** How long a cancel request stops the generation's next calls too (it is between two when it arrives). */
const REMEMBERED_MS = 10 * 60_000;
const REMEMBERED_AT_MOST = 10_000;

/**
 * The cancel requests this process has heard of (docs/adr/0027): a model or tool call of a
 * generation watches here, and one that starts shortly after its generation's request stops at
 * once (the request came while the workflow was between two calls).
 */
export class CancelRequestBoard {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  /** Generation id → when its cancel was requested, oldest first. */
  private readonly recent = new Map<string, number>();

  record(generationId: string, now = Date.now()): void {
    this.recent.delete(generationId);
    this.recent.set(generationId, now);
    for (const [id, at] of this.recent) {
      if (this.recent.size <= REMEMBERED_AT_MOST && now - at < REMEMBERED_MS) break;
      this.recent.delete(id);
    }
    this.emitter.emit(generationId);
  }

  /** Calls `listener` once the generation's cancel is requested: at once if it was recently. */
  watch(generationId: string, listener: () => void, now = Date.now()): () => void {
    const at = this.recent.get(generationId);
    if (at !== undefined && now - at < REMEMBERED_MS) {
      listener();
      return () => {};
    }
    this.emitter.once(generationId, listener);
    return () => this.emitter.off(generationId, listener);
  }

  /** How many calls of this process watch the generation now. */
  watchers(generationId: string): number {
    return this.emitter.listenerCount(generationId);
  }

  close(): void {
    this.emitter.removeAllListeners();
    this.recent.clear();
  }
}
