import { inWorkflowContext, log } from '@temporalio/workflow';
import type { ClaimedAnswer, QueuedWrite, StatusWrite } from '../contracts/generation/index.js';
import type { RequiredAction } from '../contracts/schemas/index.js';
import type { GenerationState } from './generation-state.js';

/** How a pause is entered: who builds the write that shows it. */
export type PauseEntry =
  /** The model call whose reply opened it (decision `pause`): the reply's client-tool calls. */
  | 'inModelCall'
  /** The loop: approvals, clarifications, client calls after other calls, a child's pause. */
  | 'ownWrite';

/** How a pause is left. A cancel is not a way out: the run ends with its final write. */
export type PauseExit =
  /** Claimed answers (signals) answered everything it waited for. */
  | 'answered'
  /** Approvals past their deadline: `expireApprovals` settled them, against decisions claimed first. */
  | 'expired'
  /** A child generation the parent mirrors runs again. */
  | 'childResumed';

/**
 * Which writer makes each edge of a pause, and the crash window it leaves. `now` is a local
 * activity of its own (`flushWrites`); `queued` rides on the run's next activity, whatever it is
 * (contracts/generation/writes.ts).
 *
 * - Entering, the write is made before the run waits: until it is stored nobody can answer. It is a
 *   local activity (or inside the model call), so PostgreSQL can show the pause before Temporal's
 *   history does: a worker killed in between re-runs the step from its last completed task. The
 *   re-run opens the same pause at the same state version (the reply is read back from its record,
 *   approval ids come from the run's seeded random), and an answer claimed meanwhile waits in the
 *   run's inbox until then (`AnswerInbox`).
 * - Left by an answer, the write is queued: the answer's signal is in history before the task that
 *   leaves, so a re-run leaves again and queues the same write. The write is idempotent (results
 *   keyed by call, the state only moves forward).
 * - Left by an expiry, `expireApprovals` first claims the undecided approvals as expired in
 *   PostgreSQL, the arbiter between a decision and the deadline; its result is in history.
 * - A child's mirror is written at once: the parent keeps waiting for the child.
 */
export const pauseWriters = {
  enter: { inModelCall: 'none: the model call wrote it', ownWrite: 'now' },
  leave: { answered: 'queued', expired: 'queued', childResumed: 'now' },
} as const satisfies {
  enter: Record<PauseEntry, string>;
  leave: Record<PauseExit, 'now' | 'queued'>;
};

/**
 * Claimed answers on their way to the pause they answer (docs/adr/0041). An answer for the open
 * pause is taken at once; one for a pause the run has not opened yet (a re-run after a crash, see
 * above) waits for it; one for a pause the run has left is dropped (logged). Each answer is taken
 * once, however often it is sent.
 */
export class AnswerInbox {
  private readonly seen = new Set<string>();
  private held: ClaimedAnswer[] = [];
  private open: { version: number; take: (answer: ClaimedAnswer) => void } | null = null;

  constructor(private readonly state: Pick<GenerationState, 'stateVersion'>) {}

  receive(answer: ClaimedAnswer): void {
    if (this.seen.has(answer.answerId)) return;
    this.seen.add(answer.answerId);
    this.held.push(answer);
    this.deliver();
  }

  /** The pause at `version` takes its answers from now on. */
  openPause(version: number, take: (answer: ClaimedAnswer) => void): void {
    this.open = { version, take };
    this.deliver();
  }

  closePause(): void {
    this.open = null;
  }

  private deliver(): void {
    const open = this.open;
    const kept: ClaimedAnswer[] = [];
    for (const answer of this.held) {
      if (open && answer.pauseVersion === open.version) open.take(answer);
      else if (answer.pauseVersion > this.state.stateVersion) kept.push(answer);
      else if (inWorkflowContext())
        log.warn('answer for a pause this run has left', {
          answerId: answer.answerId,
          pauseVersion: answer.pauseVersion,
        });
    }
    this.held = kept;
  }
}

/** One pause, as `runPause` drives it. */
export interface PauseSpec {
  entry: PauseEntry;
  /** The pause's required action now (a partial answer shrinks it). */
  action: () => RequiredAction;
  /** What enters the pause, around its status write (`ownWrite` only). */
  enterWrite?: (status: StatusWrite) => QueuedWrite;
  /** Takes a claimed answer for this pause. */
  take: (answer: ClaimedAnswer) => void;
  /** Waits until the pause is over; `progress` stores the required action as it shrinks. */
  wait: (progress: () => Promise<void>, pauseVersion: number) => Promise<PauseExit>;
  /** What leaves the pause, around its status write. */
  leaveWrite: (status: StatusWrite) => QueuedWrite;
  /** A client answer's `running` is shown after the next model call (docs/adr/0036). */
  showRunningAfterModelCall: boolean;
}

/**
 * A pause from start to end: enter (table above), tell the webhooks and the parent, wait for the
 * answers, leave. The inbox opens before the entering write is made: an answer delivered in the
 * same workflow task as that write's result is already this pause's.
 */
export async function runPause(state: GenerationState, inbox: AnswerInbox, spec: PauseSpec): Promise<void> {
  state.phase = 'requires_action';
  let pauseVersion = state.stateVersion;
  if (spec.entry === 'inModelCall') state.show('requires_action', spec.action());
  else {
    const status = state.statusWrite('requires_action', spec.action(), { pauseVersion: state.stateVersion + 1 });
    pauseVersion = status.stateVersion;
    state.writes.queue(spec.enterWrite!(status));
  }
  inbox.openPause(pauseVersion, spec.take);
  await state.writes.flushNow();
  await state.notifyWebhooks('generation.requires_action');
  await state.tellParent(spec.action());
  const progress = async () => {
    state.writes.queue({
      kind: 'status',
      write: state.statusWrite('requires_action', spec.action(), { pauseVersion }),
    });
    await state.writes.flushNow();
  };
  const exit = await spec.wait(progress, pauseVersion);
  inbox.closePause();
  state.phase = 'running';
  const status = state.statusWrite('running', null, { showAfterModelCall: spec.showRunningAfterModelCall });
  state.writes.queue(spec.leaveWrite(status));
  if (pauseWriters.leave[exit] === 'now') await state.writes.flushNow();
  await state.tellParent(null);
}
