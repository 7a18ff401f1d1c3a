import type { StepEntry } from '../../contracts/schemas/index.js';
import type { GenerationView } from '../../contracts/schemas/index.js';
import {
  generationView,
  loadSteps,
  loadViewRowIfSettled,
  type GenerationViewRow,
} from '../../infra/db/generation-view.js';
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
  until: {
    /** Settled is not enough: the row must also pass this (an answer waits until the workflow took it). */
    accept?: (row: GenerationViewRow) => boolean;
    /** Ends the wait early; it then resolves unsettled. */
    signal?: AbortSignal;
    /**
     * The caller knows the row cannot be settled yet as the wait needs it (the answer it waits for
     * is not sent yet): the first read waits for a change, when the feed already heard every change
     * as the wait began (otherwise a change before its listener was up could be missed).
     */
    notYet?: boolean;
  } = {},
): Promise<{
  generation: GenerationViewRow;
  /** The trace, read with a settled row (null with an unsettled one: read it with `loadSteps`). */
  steps: StepEntry[] | null;
  settled: boolean;
}> {
  const deadline = Date.now() + timeoutMs;
  let wake: (() => void) | null = null;
  const sleepUntilChange = async (ms: number) => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, ms));
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wake = null;
  };
  // Set by a notification that arrives while we are reading, so we re-read instead of sleeping.
  const state = { changed: false };
  // Stream events of a running step cannot settle it: only a state change wakes this waiter.
  const unsubscribe = feed.subscribe(generationId, (change) => {
    if (change === 'events') return;
    state.changed = true;
    wake?.();
  });
  const { accept, signal } = until;
  let skipRead = until.notYet === true && feed.hearsChanges();
  const abort = () => wake?.();
  signal?.addEventListener('abort', abort);
  try {
    await feed.ensureListening?.();
    for (;;) {
      if (skipRead && !state.changed && !signal?.aborted) {
        skipRead = false;
        await sleepUntilChange(Math.min(deadline - Date.now(), RECHECK_MS));
        continue;
      }
      state.changed = false;
      // One statement per wake-up: the row's view columns, with the trace once it is settled.
      const read = await loadViewRowIfSettled(db, generationId, afterVersion);
      if (!read) throw new Error(`generation ${generationId} not found`);
      const left = deadline - Date.now();
      const ours = !accept || accept(read.row);
      if (read.steps !== null && ours) return { generation: read.row, steps: read.steps, settled: true };
      if (left <= 0 || signal?.aborted) return { generation: read.row, steps: null, settled: false };
      if (state.changed) continue;
      await sleepUntilChange(Math.min(left, RECHECK_MS));
    }
  } finally {
    signal?.removeEventListener('abort', abort);
    unsubscribe();
  }
}

/** The public view of what `waitForSettled` returned (its trace read now when the wait ended unsettled). */
export async function waitedView(
  db: Db,
  waited: { generation: GenerationViewRow; steps: StepEntry[] | null },
): Promise<GenerationView> {
  return generationView(waited.generation, waited.steps ?? (await loadSteps(db, waited.generation.id)));
}
