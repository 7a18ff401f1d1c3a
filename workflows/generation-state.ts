import { ParentClosePolicy, getExternalWorkflowHandle, isCancellation, startChild } from '@temporalio/workflow';
import type { GenerationPhase, LoopPlan, StatusWrite, WebhookEvent } from '../contracts/generation/index.js';
import type { RequiredAction } from '../contracts/schemas/index.js';
import { store } from './activity-proxies.js';
import { childStatusSignal } from './definitions.js';
import type { WriteQueue } from './pending-writes.js';
import { upsertGenerationStatus, type GenerationVisibleStatus } from './search-attributes.js';
import { webhookDeliveryWorkflow } from './webhook-delivery.js';

/**
 * Where a generation is (phase, step, state version) and what every part of the loop does with
 * it: status writes (queued), what Temporal's visibility shows, webhooks and the parent workflow.
 */
export class GenerationState {
  phase: GenerationPhase = 'running';
  step = 0;
  /** Increases with every stored state; waiters in the API look for a newer one. */
  stateVersion = 0;
  /** The status and required action last shown to Temporal's visibility (the start set `running`). */
  private shown = 'running:';
  /** A client answer's `running`, not shown yet: the run's next model call comes first (docs/adr/0036). */
  private runningUnshown = false;
  /** Child generations: the parent workflow to tell about pauses. */
  private parentWorkflowId: string | null = null;

  constructor(
    readonly generationId: string,
    private readonly webhooks: LoopPlan['webhooks'],
    readonly writes: WriteQueue,
  ) {}

  /** A status write at the next state version. */
  statusWrite(
    status: StatusWrite['status'],
    requiredAction: RequiredAction | null,
    opts: { showAfterModelCall?: boolean; pauseVersion?: number } = {},
  ): StatusWrite {
    this.stateVersion += 1;
    if (opts.showAfterModelCall && status === 'running') this.runningUnshown = true;
    else this.show(status, requiredAction);
    return {
      generationId: this.generationId,
      stateVersion: this.stateVersion,
      status,
      requiredAction,
      iterationCount: this.step,
      ...(opts.pauseVersion === undefined ? {} : { pauseVersion: opts.pauseVersion }),
    };
  }

  /**
   * The run's state moved to `version` through a write it did not build itself (a model call's,
   * docs/architecture.md), or may have: a call that never reported back may still make its write,
   * so the run's next write must pass it.
   */
  passTo(version: number): void {
    this.stateVersion = Math.max(this.stateVersion, version);
  }

  /** Search attributes follow the stored status, so Temporal can be asked which generations wait. */
  show(status: GenerationVisibleStatus, requiredAction: RequiredAction | null): void {
    this.runningUnshown = false;
    const shown = `${status}:${requiredAction?.type ?? ''}`;
    if (shown === this.shown) return;
    this.shown = shown;
    upsertGenerationStatus(status, requiredAction);
  }

  /**
   * Shows a client answer's `running` now that the run goes on past the model call that followed
   * the answer. A run that ends at that call shows only its end: one visibility write less per
   * resume (docs/adr/0036).
   */
  showUnshownRunning(): void {
    if (this.runningUnshown) this.show('running', null);
  }

  reportPausesTo(parentWorkflowId: string): void {
    this.parentWorkflowId = parentWorkflowId;
  }

  /** Only child generations send this (top-level runs add no command); the parent sees the child's row first. */
  async tellParent(requiredAction: RequiredAction | null): Promise<void> {
    if (this.parentWorkflowId === null) return;
    await this.writes.flushNow();
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
    const deliveryIds = await store.prepareWebhooks(
      this.writes.carry({ generationId: this.generationId, event, stateVersion: this.stateVersion }),
    );
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
