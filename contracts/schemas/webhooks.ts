import { z, httpUrlSchema } from './common.js';

export const webhookEventSchema = z.enum([
  'generation.completed',
  'generation.failed',
  'generation.requires_action',
  'approval.reminder',
  'schedule.paused',
]);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export const createWebhookSchema = z
  .object({
    url: httpUrlSchema(),
    events: z
      .array(webhookEventSchema)
      .min(1)
      .max(5)
      .default(['generation.completed', 'generation.failed', 'generation.requires_action']),
    active: z.boolean().default(true),
  })
  .strict()
  .openapi('CreateWebhook');

export const webhookSchema = z
  .object({
    id: z.string(),
    object: z.literal('webhook'),
    agentId: z.string(),
    url: z.string(),
    events: z.array(webhookEventSchema),
    active: z.boolean(),
    createdAt: z.string(),
    /** Only in the creation response: the Standard Webhooks signing secret (whsec_…). */
    secret: z.string().optional(),
  })
  .openapi('Webhook');
export type WebhookView = z.infer<typeof webhookSchema>;

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    /** Null for a schedule's event (`schedule.paused`): its `scheduleId` is set instead. */
    generationId: z.string().nullable(),
    scheduleId: z.string().nullable(),
    webhookId: z.string().nullable(),
    url: z.string(),
    event: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number(),
    lastStatus: z.number().nullable(),
    lastError: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('WebhookDelivery');
