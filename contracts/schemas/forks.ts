import { z } from './common.js';

/** POST /v1/generations/{generationId}/fork: start a new generation from a step of this one (docs/fork.md). */
export const forkRequestSchema = z
  .object({
    fromStep: z
      .number()
      .int()
      .min(0)
      .max(10_000)
      .describe(
        'The last step of the origin the fork replays (its recorded model replies and tool results, nothing called again); the fork runs live from fromStep + 1. 0 keeps only the initial messages.',
      ),
    messages: z
      .array(
        z
          .object({
            index: z
              .number()
              .int()
              .min(0)
              .max(100_000)
              .describe(
                '0-based position in the kept conversation (initial messages first); must be a system or user message.',
              ),
            content: z.string().min(1).max(200_000).describe('The replacement content.'),
          })
          .strict(),
      )
      .max(100)
      .optional()
      .describe(
        'Edits of kept system or user messages (422 for an index beyond the kept conversation or of another role).',
      ),
    appendMessages: z
      .array(z.object({ content: z.string().min(1).max(200_000) }).strict())
      .max(100)
      .optional()
      .describe('User messages added after the kept conversation, before the first live step.'),
  })
  .strict()
  .openapi('ForkRequest', {
    example: { fromStep: 3, messages: [{ index: 1, content: 'Book the flight for Tuesday instead.' }] },
  });
export type ForkRequest = z.infer<typeof forkRequestSchema>;

/** Where a fork came from (GET /v1/generations/{id}, traces). */
export const forkedFromSchema = z
  .object({
    generationId: z.string(),
    step: z.number().int().describe('The last step of the origin the fork replayed.'),
  })
  .openapi('ForkedFrom');
