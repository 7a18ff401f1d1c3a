import {
  ParentClosePolicy,
  currentUpdateInfo,
  getExternalWorkflowHandle,
  isCancellation,
  startChild,
} from '@temporalio/workflow';
import type {
  AnswerDelivery,
  GenerationPhase,
  LoopPlan,
  StatusWrite,
  WebhookEvent,
} from '../contracts/generation/index.js';
import type { RequiredAction } from '../contracts/schemas/index.js';
import { localStore, store } from './activity-proxies.js';
import type { RunPatches } from './release.js';
import { upsertGenerationStatus, type GenerationVisibleStatus } from './search-attributes.js';
import { childStatusSignal, updateRejection } from './definitions.js';
import { reject } from './pauses.js';
import { webhookDeliveryWorkflow } from './webhook-delivery.js';

/** The activities a pause's enter- and leave-writes run through: regular (`store`) or local (`localStore`). */
export type PauseWriter = typeof store;

/**
 * Where a generation is (phase, step, state version) and the moves every part of the loop makes
 * with it: status writes, pauses and webhook notifications.
 */
export class GenerationState {
  phase: GenerationPhase = 'running';
  step = 0;
  /** Increases with every stored state; waiters in the API look for a newer one. */
  stateVersion = 0;
  /** The status and required action last shown to Temporal's visibility (the start set `running`). */
  private shown = 'running:';
  /** The required action of the last requires_action write (what a parent shows for this child). */
  private requiredAction: RequiredAction | null = null;
  /** Child generations: the parent workflow to tell about pauses. */
  private parentWorkflowId: string | null = null;
  /** Whether the last answer to the open pause came from a caller that waits for the generation. */
  private answerAwaited = false;
  /**
   * The update of the run's last accepted answer, named by every state write of the run
   * (docs/adr/0026): the settled row then says which answer the run that wrote it had accepted.
   */
  private answerUpdateId: string | null = null;
  /**
   * Whether the last pause was left through a local write: the update that answered it is not in
   * history until the task that ran it completes, so the next pause's entering write is regular
   * (docs/adr/0023). A local one could show a newer pause in PostgreSQL while a lost update leaves
   * the run at the old one.
   */
  private leftLocally = false;
  /**
   * Whether the open pause was answered by a claimed signal (docs/adr/0037): the signal is in
   * history before the task that leaves the pause, so that write is local with no window to close.
   */
  private answerSignalled = false;
  /** A client answer's `running`, not shown yet: the run's next model call comes first (docs/adr/0036). */
  private runningUnshown = false;

  constructor(
    readonly generationId: string,
    private readonly webhooks: LoopPlan['webhooks'],
    private readonly patches: RunPatches,
  ) {}

  statusWrite(
    status: StatusWrite['status'],
    requiredAction: RequiredAction | null,
    opts: { showAfterModelCall?: boolean } = {},
  ): StatusWrite {
    this.stateVersion += 1;
    if (opts.showAfterModelCall && status === 'running' && this.patches.has('running-shown-after-model-call'))
      this.runningUnshown = true;
    else this.show(status, requiredAction);
    this.requiredAction = requiredAction;
    return {
      generationId: this.generationId,
      stateVersion: this.stateVersion,
      status,
      requiredAction,
      iterationCount: this.step,
      ...this.lastAnswer(),
    };
  }

  /**
   * What every state write of the run carries to name its last accepted answer (docs/adr/0026). In
   * the activities' input only, so naming it changed no command of the run (histories replay unchanged).
   */
  lastAnswer(): { answeredUpdateId?: string } {
    return this.answerUpdateId !== null ? { answeredUpdateId: this.answerUpdateId } : {};
  }

  /** Search attributes follow the stored status, so Temporal can be asked which generations wait. */
  show(status: GenerationVisibleStatus, requiredAction: RequiredAction | null): void {
    this.runningUnshown = false;
    const shown = `${status}:${requiredAction?.type ?? ''}`;
    if (shown === this.shown) return;
    this.shown = shown;
    upsertGenerationStatus(this.patches, status, requiredAction);
  }

  /**
   * Shows a client answer's `running` now that the run goes on past the model call that followed
   * the answer. A run that ends at that call shows only its end: one visibility write less per
   * resume, about a quarter of the Temporal server's CPU for it (docs/adr/0036).
   */
  showUnshownRunning(): void {
    if (this.runningUnshown) this.show('running', null);
  }

  /** Whether the next pause's entering write may be local (docs/adr/0023): inside a model call too. */
  get enterMayBeLocal(): boolean {
    return !this.leftLocally && this.patches.has('local-pause-entering-writes');
  }

  /**
   * Moves to requires_action (`enter` stores it), tells the webhooks, waits durably until the pause
   * is answered, and moves back to running (`leave` stores the answers, through the writer
   * `answered` chose).
   */
  async pause(
    enter: (writer: PauseWriter) => Promise<void>,
    wait: () => Promise<void>,
    leave: (writer: PauseWriter, local: boolean) => Promise<void>,
  ): Promise<void> {
    this.phase = 'requires_action';
    this.answerAwaited = false;
    this.answerSignalled = false;
    await enter(this.enterMayBeLocal ? localStore : store);
    this.leftLocally = false;
    await this.notifyWebhooks('generation.requires_action');
    await this.tellParent(this.requiredAction);
    await wait();
    this.phase = 'running';
    this.leftLocally = !this.answerSignalled && this.answerAwaited && this.patches.has('local-leave-writes');
    const local = this.leftLocally || this.answerSignalled;
    await leave(local ? localStore : store, local);
    await this.tellParent(null);
  }

  /**
   * Refuses an answer for a pause this run has not opened yet: PostgreSQL showed it (a local
   * enter-write of a task that did not complete, docs/adr/0023) and the run is re-running that step.
   */
  checkRecorded(delivery: AnswerDelivery): void {
    if (delivery.seenStateVersion !== undefined && delivery.seenStateVersion > this.stateVersion)
      reject(
        updateRejection.pauseNotRecorded,
        `The generation is re-opening this pause after a restart (state ${this.stateVersion} of ${delivery.seenStateVersion})`,
      );
  }

  /** Every accepted answer says how its caller waits; the last one before the pause ends decides. */
  answered(delivery: AnswerDelivery): void {
    this.answerAwaited = delivery.callerWaits === true;
    this.answerUpdateId = currentUpdateInfo()?.id ?? null;
  }

  /** A claimed answer, taken from its signal (docs/adr/0037): its id names the run's last answer. */
  answeredBySignal(answerId: string): void {
    this.answerAwaited = false;
    this.answerSignalled = true;
    this.answerUpdateId = answerId;
  }

  reportPausesTo(parentWorkflowId: string): void {
    this.parentWorkflowId = parentWorkflowId;
  }

  /** Only child generations send this (top-level runs add no command). */
  async tellParent(requiredAction: RequiredAction | null): Promise<void> {
    if (this.parentWorkflowId === null) return;
    try {
      await getExternalWorkflowHandle(this.parentWorkflowId).signal(childStatusSignal, {
        childGenerationId: this.generationId,
        requiredAction,
      });
    } catch (err) {
      if (isCancellation(err)) throw err;
      // The parent already closed (cancelled or terminated): nobody is left to tell.
    }
  }

  /**
   * Webhooks (per-request callbackUrl and agent subscriptions): each delivery is its own workflow,
   * abandoned by this one, so retries never delay the generation and outlive it.
   */
  async notifyWebhooks(event: WebhookEvent): Promise<void> {
    if (!this.webhooks) return;
    const deliveryIds = await store.prepareWebhooks({
      generationId: this.generationId,
      event,
      stateVersion: this.stateVersion,
    });
    for (const deliveryId of deliveryIds) {
      const args: Parameters<typeof webhookDeliveryWorkflow> = [{ deliveryId, maxAttempts: this.webhooks.maxAttempts }];
      await startChild(webhookDeliveryWorkflow, {
        workflowId: deliveryId,
        args,
        parentClosePolicy: ParentClosePolicy.ABANDON,
      });
    }
  }
}
