import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { GenerationActivities } from '../contracts/generation/index.js';

export interface WebhookDeliveryInput {
  deliveryId: string;
  maxAttempts: number;
}

/**
 * One webhook event to one URL, in its own workflow so delivery retries (with backoff, until a
 * 2xx or the attempt limit) never hold up the generation and survive restarts.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<void> {
  const { deliverWebhook } = proxyActivities<GenerationActivities>({
    startToCloseTimeout: '30 seconds',
    retry: {
      initialInterval: '1 second',
      backoffCoefficient: 2,
      maximumInterval: '5 minutes',
      maximumAttempts: input.maxAttempts,
    },
  });
  const { finishWebhookDelivery } = proxyActivities<GenerationActivities>({
    startToCloseTimeout: '30 seconds',
    retry: { maximumAttempts: 20 },
  });
  try {
    await deliverWebhook({ deliveryId: input.deliveryId });
    await finishWebhookDelivery({ deliveryId: input.deliveryId, delivered: true });
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    await finishWebhookDelivery({ deliveryId: input.deliveryId, delivered: false });
  }
}
