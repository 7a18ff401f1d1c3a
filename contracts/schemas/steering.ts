import { z } from './common.js';

/** POST /v1/generations/{generationId}/messages: a user message for the run's next step (docs/steering.md). */
export const steeringMessageRequestSchema = z
  .object({
    content: z.string().min(1).max(100_000).describe('The user message the next model call reads.'),
    clientMessageId: z
      .string()
      .regex(/^[\x21-\x7e]{1,255}$/)
      .optional()
      .describe(
        'Makes the request idempotent: the same id again answers with the message it stored (one message); with other content it is a 422.',
      ),
  })
  .strict()
  .openapi('SteeringMessageRequest', { example: { content: 'Use the EU warehouse instead.', clientMessageId: 'c-1' } });
export type SteeringMessageRequest = z.infer<typeof steeringMessageRequestSchema>;

export const steeringMessageSchema = z
  .object({
    id: z.string(),
    object: z.literal('generation.message'),
    generationId: z.string(),
    clientMessageId: z.string().nullable(),
    content: z.string(),
    status: z
      .enum(['pending', 'applied', 'not_applied'])
      .describe(
        'pending until the run adds it to the conversation at a step boundary, then applied; not_applied when the run ended without another model call after it arrived.',
      ),
    appliedAtStep: z.number().int().nullable().describe('The step whose model call first read it.'),
    createdAt: z.string(),
  })
  .openapi('SteeringMessageRecord', {
    example: {
      id: 'msg_5Jx0aQn2b9LmP4rT7wYz1c',
      object: 'generation.message',
      generationId: 'agt_gen_5Jx0aQn2b9LmP4rT7wYz1c',
      clientMessageId: 'c-1',
      content: 'Use the EU warehouse instead.',
      status: 'pending',
      appliedAtStep: null,
      createdAt: '2026-12-02T10:00:00.000Z',
    },
  });
export type SteeringMessageView = z.infer<typeof steeringMessageSchema>;
