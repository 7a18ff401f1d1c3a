import { LRUCache } from 'lru-cache';
import { deepFreeze } from './deep-freeze.js';
import type { StoredMessage } from './generation-store.js';

/**
 * A generation's messages as this worker last read them, so a model call transfers only the rows
 * that are new or changed since: each row is kept with its row version (PostgreSQL's `xmin`, which
 * every insert and update changes), and the reading statement sends the content only of rows whose
 * version it does not know (docs/adr/0030). The database stays the truth: which rows exist, and
 * their versions, are read every time, so a row rewritten by another worker is read again, never
 * served stale. Bounded by the bytes of JSON it holds, not by generations.
 */
export interface CachedMessage {
  seq: number;
  version: string;
  content: StoredMessage;
}

/**
 * Default bound of a worker's cache: the JSON text of the messages it holds. The heap they take is
 * about one to three times that (small messages cost more per byte), so at most tens of MiB.
 */
export const CONVERSATION_CACHE_BYTES = 16 * 1024 * 1024;

interface Entry {
  messages: CachedMessage[];
  bytes: number;
}

export class ConversationCache {
  private readonly entries: LRUCache<string, Entry>;

  constructor(maxBytes = CONVERSATION_CACHE_BYTES) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      // An entry larger than the whole cache is not kept (lru-cache refuses it).
      sizeCalculation: (e) => Math.max(1, e.bytes),
    });
  }

  /** The cached rows before `seq` (what a reading statement may skip). */
  known(generationId: string, seq: number): CachedMessage[] {
    return (this.entries.get(generationId)?.messages ?? []).filter((m) => m.seq < seq);
  }

  /**
   * Records the rows a statement returned: `rows` are every row before the reply, in order, with
   * their content where `sent`; the rest comes from `known`. Returns the conversation.
   */
  merge(
    generationId: string,
    known: CachedMessage[],
    rows: Array<{ seq: number; version: string; sent: boolean; content: StoredMessage | null }>,
  ): StoredMessage[] {
    const bySeq = new Map(known.map((m) => [m.seq, m]));
    const messages: CachedMessage[] = [];
    let bytes = 0;
    for (const row of rows) {
      const cached = bySeq.get(row.seq);
      if (!row.sent) {
        // Left out only when this version was known.
        if (!cached || cached.version !== row.version) throw new Error(`message ${row.seq} came without content`);
        messages.push(cached);
        bytes += sizeOf(cached.content);
      } else {
        const content = deepFreeze(row.content as StoredMessage);
        messages.push({ seq: row.seq, version: row.version, content });
        bytes += sizeOf(content);
      }
    }
    this.entries.set(generationId, { messages, bytes });
    return messages.map((m) => m.content);
  }

  get size(): number {
    return this.entries.size;
  }
}

const sizes = new WeakMap<StoredMessage, number>();

/** The length of a message's JSON text, computed once per message read. */
function sizeOf(message: StoredMessage): number {
  let size = sizes.get(message);
  if (size === undefined) sizes.set(message, (size = JSON.stringify(message).length));
  return size;
}
