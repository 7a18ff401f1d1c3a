import { settledStatuses, type GenerationStatus } from '../../contracts/schemas/index.js';
import type { Generation } from '../../generated/prisma/client.js';
import type { Db } from '../../infra/db/prisma.js';
import type { ChangeFeed } from '../../infra/events/change-feed.js';

/** Safety net only: changes arrive through the feed; this re-read covers a dropped listener. */
const RECHECK_MS = 1000;

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
): Promise<{ generation: Generation; settled: boolean }> {
  const deadline = Date.now() + timeoutMs;
  let wake: (() => void) | null = null;
  // Set by a notification that arrives while we are reading, so we re-read instead of sleeping.
  const state = { changed: false };
  const unsubscribe = feed.subscribe(generationId, () => {
    state.changed = true;
    wake?.();
  });
  try {
    await feed.ensureListening?.();
    for (;;) {
      state.changed = false;
      const g = await db.generation.findUniqueOrThrow({ where: { id: generationId } });
      if (g.stateVersion > afterVersion && settledStatuses.has(g.status as GenerationStatus))
        return { generation: g, settled: true };
      const left = deadline - Date.now();
      if (left <= 0) return { generation: g, settled: false };
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
