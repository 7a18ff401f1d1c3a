import type { QueuedWrite, StatusWrite } from '../contracts/generation/index.js';
import type { Db } from '../infra/db/prisma.js';
import type { ChangeFeed } from '../infra/events/change-feed.js';
import { closeApprovals, openApprovals } from './approval-records.js';
import type { GenerationStore } from './generation-store.js';

/** What makes a run's queued writes (contracts/generation/writes.ts). */
export interface QueuedWriteDeps {
  db: Db;
  feed: ChangeFeed;
  store: GenerationStore;
  /** Told of every status a write stores (the worker's log line and metrics). */
  onStatus?: ((write: StatusWrite) => void) | undefined;
  /** Crash tests only: called once each write is made, with the name of the write. */
  crashPoint?: ((reached: string) => void) | undefined;
}

/**
 * The crash point of each kind of write: the name of the activity that made it before writes rode
 * on other activities, which is what crash tests ask for (`WORKER_TEST_KILL_AFTER_ACTIVITY`).
 */
const crashPointOf: Record<QueuedWrite['kind'], string> = {
  status: 'writeStatus',
  pauseResults: 'recordClientOutputs',
  approvalsOpened: 'openApprovals',
  approvalsClosed: 'closeApprovals',
};

/**
 * Makes the writes an activity carries, in order, before its own work. Each is idempotent: results
 * and events are keyed, and a state is stored only over an older one, so an activity run again
 * after a crash makes them again harmlessly.
 */
export async function makeQueuedWrites(deps: QueuedWriteDeps, writes: QueuedWrite[] | undefined): Promise<void> {
  for (const w of writes ?? []) {
    await makeWrite(deps, w);
    deps.onStatus?.(w.kind === 'status' ? w.write : w.write.status);
    deps.crashPoint?.(crashPointOf[w.kind]);
  }
}

function makeWrite(deps: QueuedWriteDeps, w: QueuedWrite): Promise<void> {
  const { db, feed, store } = deps;
  switch (w.kind) {
    case 'status':
      return store.writeStatus(w.write);
    case 'pauseResults': {
      const { generationId, step, outputs, status } = w.write;
      const results = outputs.map((o) => ({
        generationId,
        step,
        seq: o.seq,
        toolCallId: o.toolCallId,
        toolName: o.toolName,
        status: 'success' as const,
        content: typeof o.output === 'string' ? o.output : JSON.stringify(o.output ?? null),
      }));
      return store.recordPauseResults(generationId, results, status);
    }
    case 'approvalsOpened': {
      const { generationId, step, approvals, status } = w.write;
      return openApprovals(db, feed, generationId, step, approvals, status);
    }
    case 'approvalsClosed': {
      const { generationId, step, outcomes, status } = w.write;
      return closeApprovals(db, feed, generationId, step, outcomes, status);
    }
  }
}
