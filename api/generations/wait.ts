import { settledStatuses, type GenerationStatus } from '../../contracts/schemas/index.js';
import { loadViewRow, type GenerationViewRow } from '../../infra/db/generation-view.js';
import { hotQuery, sql } from '../../infra/db/hot-sql.js';
import type { Db } from '../../infra/db/prisma.js';
import type { ChangeFeed } from '../../infra/events/change-feed.js';

/**
 * Safety net only: changes arrive through the feed, which wakes every waiter after its listener
 * reconnects; this rare re-read covers a listener that died without an error.
 */
const RECHECK_MS = 30_000;

/**
 * Resolves with the generation once it has a state newer than `afterVersion` that is settled
 * (completed, failed, cancelled, requires_action), or with its current state at the deadline.
 */
export async function waitForSettled(
  db: Db,
  feed: ChangeFeed & { ensureListening?: () => Promise<void> },
  generationId: string,
  afterVersion: number,
  timeoutMs: number,
): Promise<{ generation: GenerationViewRow; settled: boolean }> {
  const deadline = Date.now() + timeoutMs;
  let wake: (() => void) | null = null;
  // Set by a notification that arrives while we are reading, so we re-read instead of sleeping.
  const state = { changed: false };
  // Stream events of a running step cannot settle it: only a state change wakes this waiter.
  const unsubscribe = feed.subscribe(generationId, (change) => {
    if (change === 'events') return;
    state.changed = true;
    wake?.();
  });
  try {
    await feed.ensureListening?.();
    for (;;) {
      state.changed = false;
      // Most wake-ups are stream events of a running generation: read the two columns that
      // decide, and the whole row only to answer.
      const [head] = await hotQuery<{ status: string; stateVersion: number }>(
        db,
        sql`SELECT "status", "stateVersion" FROM "Generation" WHERE "id" = ${generationId}`,
      );
      if (!head) throw new Error(`generation ${generationId} not found`);
      const settled = head.stateVersion > afterVersion && settledStatuses.has(head.status as GenerationStatus);
      const left = deadline - Date.now();
      if (settled || left <= 0) {
        const g = await loadViewRow(db, generationId);
        if (!g) throw new Error(`generation ${generationId} not found`);
        // The row may have moved on between the two reads: decide on what is returned.
        const now = g.stateVersion > afterVersion && settledStatuses.has(g.status as GenerationStatus);
        if (now || left <= 0) return { generation: g, settled: now };
        continue;
      }
      if (state.changed) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, RECHECK_MS));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  } finally {
    unsubscribe();
  }
}
