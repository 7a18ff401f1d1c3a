import {
  CancellationScope,
  ChildWorkflowCancellationType,
  ParentClosePolicy,
  executeChild,
  proxyActivities,
  workflowInfo,
} from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { type ScheduledRunActivities, type ScheduledRunInput } from '../contracts/generation/scheduled-run.js';
import { bookkeepingOptions } from './activity-proxies.js';
import { generationWorkflowType } from './definitions.js';
import { startSearchAttributes } from './search-attributes.js';

const { createScheduledGeneration, announceGenerationCancel } =
  proxyActivities<ScheduledRunActivities>(bookkeepingOptions);

/**
 * One run of a schedule (docs/schedules.md). A new workflow type, so no recorded history changes.
 * The generation workflow is its child, so the schedule's overlap policy sees a run as running until
 * the generation settles, and `cancel_other` cancels the generation through the child.
 */
export async function scheduledRunWorkflow(input: ScheduledRunInput): Promise<{ generationId: string | null }> {
  const created = await createScheduledGeneration({
    scheduleId: input.scheduleId,
    runWorkflowId: workflowInfo().workflowId,
    runId: workflowInfo().firstExecutionRunId,
  });
  const start = created.start;
  if (!start) return { generationId: created.generationId };
  // cancel_other (or a cancel of the run): Temporal's request reaches a model or tool call in flight
  // only at its workflow task's next heartbeat, seconds on; the announcement stops it now, as
  // POST …/cancel does (docs/adr/0027).
  CancellationScope.current()
    .cancelRequested.catch(() =>
      CancellationScope.nonCancellable(() => announceGenerationCancel({ generationId: start.generationId })),
    )
    .catch(() => {});
  try {
    await executeChild(generationWorkflowType, {
      workflowId: start.generationId,
      args: [start],
      cancellationType: ChildWorkflowCancellationType.WAIT_CANCELLATION_COMPLETED,
      parentClosePolicy: ParentClosePolicy.REQUEST_CANCEL,
      memo: { projectId: start.projectId, agentId: start.agentId, traceId: start.traceId },
      typedSearchAttributes: startSearchAttributes({ ...start, sessionId: created.sessionId ?? null }),
    });
  } catch (err) {
    // The API's reconciler started the stored row first (the run was down for its whole grace
    // period): the generation runs all the same, only not as this run's child.
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
  return { generationId: start.generationId };
}
