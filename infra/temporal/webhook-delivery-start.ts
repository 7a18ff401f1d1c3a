import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';

/** The webhook delivery workflow's type (workflows/webhook-delivery.ts), named here for clients. */
export const webhookDeliveryWorkflowType = 'webhookDeliveryWorkflow';

/**
 * Starts the delivery workflow of a stored delivery row from outside a generation (a schedule's
 * `schedule.paused` event). Its workflow id is the delivery id, so a second start of the same
 * delivery (a retried activity, a repeated request) is the one already running.
 */
export async function startWebhookDelivery(
  temporal: Client,
  taskQueue: string,
  deliveryId: string,
  maxAttempts: number,
): Promise<void> {
  try {
    await temporal.workflow.start(webhookDeliveryWorkflowType, {
      workflowId: deliveryId,
      taskQueue,
      args: [{ deliveryId, maxAttempts }],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}
