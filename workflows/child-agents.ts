import {
  CancellationScope,
  ChildWorkflowCancellationType,
  ParentClosePolicy,
  condition,
  isCancellation,
  startChild,
} from '@temporalio/workflow';
import type { ChildStatus, GenerationInput, ToolCallInput } from '../contracts/generation/index.js';
import type { RequiredAction } from '../contracts/schemas/index.js';
import { store } from './activity-proxies.js';
import { startSearchAttributes } from './search-attributes.js';
import { generationWorkflowType } from './definitions.js';
import type { GenerationState } from './generation-state.js';
import { childCallRefusal, DEFAULT_CALL_DEPTH } from './loop/child-calls.js';
import { pauseWriters } from './pause-lifecycle.js';

/**
 * Nested generations (agent tools, platform create-agent-generation): each call starts the target
 * agent's generation as a child workflow on the same task queue and waits for it; the child's
 * final answer becomes the call's result. While a child waits for a client, the parent shows
 * `child_requires_action` pointing at it.
 */
export class ChildAgents {
  /** Children currently paused, in the order they paused; the first one is shown. */
  private readonly paused = new Map<string, RequiredAction>();
  private changed = false;
  /** The child whose pause the parent's stored requiredAction shows (null: none shown). */
  private shown: string | null = null;
  private running = 0;

  constructor(
    private readonly state: GenerationState,
    private readonly input: GenerationInput,
  ) {}

  /** Signal handler: a child paused or runs again. */
  onChildStatus(status: ChildStatus): void {
    if (status.requiredAction) this.paused.set(status.childGenerationId, status.requiredAction);
    else this.paused.delete(status.childGenerationId);
    this.changed = true;
  }

  /** Runs one call: refused (depth), or a child started, awaited and its answer recorded. */
  async run(call: ToolCallInput): Promise<void> {
    const depth = this.input.plan.remainingDepth ?? DEFAULT_CALL_DEPTH;
    const refusal = childCallRefusal(depth);
    const { writes } = this.state;
    if (refusal !== null) {
      await store.recordToolResult(writes.carry({ ...call, status: 'error', result: { error: refusal } }));
      return;
    }
    const { child } = await store.prepareChildGeneration(writes.carry({ ...call, remainingDepth: depth - 1 }));
    if (child === null) return;
    const args: [GenerationInput] = [child];
    const handle = await startChild(generationWorkflowType, {
      workflowId: child.generationId,
      args,
      // Cancelling the parent cancels the child and waits until it has recorded its cancellation.
      cancellationType: ChildWorkflowCancellationType.WAIT_CANCELLATION_COMPLETED,
      parentClosePolicy: ParentClosePolicy.REQUEST_CANCEL,
      typedSearchAttributes: startSearchAttributes({ ...child, parentGenerationId: this.input.generationId }),
    });
    this.running += 1;
    let settled = false;
    // Settles to its error (a cancellation while waiting) so it is never an unhandled rejection.
    const watching = this.watchPauses(() => settled).then(
      () => null,
      (err: unknown) => err,
    );
    try {
      await handle.result();
    } catch (err) {
      // The parent's own cancellation ends the parent; a child that failed or was cancelled on its
      // own is an error result for the parent's model (recordChildResult reads how it ended).
      if (isCancellation(err) && CancellationScope.current().consideredCancelled) throw err;
    } finally {
      settled = true;
      this.running -= 1;
      this.paused.delete(child.generationId);
      this.changed = true;
    }
    const watchFailure = await watching;
    if (watchFailure !== null) throw watchFailure;
    await store.recordChildResult(writes.carry({ ...call, childGenerationId: child.generationId }));
  }

  /**
   * Mirrors the children's pauses on the parent's status until `done()` (one watcher does the
   * writes). The parent keeps waiting for its child, so each write is made at once (pause-lifecycle.ts).
   */
  private async watchPauses(done: () => boolean): Promise<void> {
    while (!done()) {
      await condition(() => done() || this.changed);
      if (!this.changed) continue;
      this.changed = false;
      await this.showPauses();
    }
    if (this.running === 0 && this.shown !== null) {
      this.changed = false;
      await this.showPauses();
    }
  }

  private async showPauses(): Promise<void> {
    const first = this.paused.entries().next();
    const nextShown = first.done ? null : first.value[0];
    if (nextShown === this.shown && nextShown === null) return;
    this.shown = nextShown;
    const { state } = this;
    if (first.done) {
      state.phase = 'running';
      state.writes.queue({ kind: 'status', write: state.statusWrite('running', null) });
      if (pauseWriters.leave.childResumed === 'now') await state.writes.flushNow();
      await state.tellParent(null);
      return;
    }
    const [childGenerationId, childRequiredAction] = first.value;
    const action: RequiredAction = { type: 'child_requires_action', childGenerationId, childRequiredAction };
    const entering = state.phase !== 'requires_action';
    state.phase = 'requires_action';
    state.writes.queue({ kind: 'status', write: state.statusWrite('requires_action', action) });
    await state.writes.flushNow();
    if (entering) await this.state.notifyWebhooks('generation.requires_action');
    await this.state.tellParent(action);
  }
}
