import {
  z,
  aiProviderIdSchema,
  modelParametersSchema,
  orNull,
  UNPROCESSABLE_RULE,
  withRequiredKeys,
} from './common.js';
import { toolParametersSchema } from './tools.js';

const toolNameSchema = z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'must match ^[a-zA-Z0-9_-]{1,64}$');

const toolRequestSchema = withRequiredKeys(
  z.object({ id: z.string().min(1).max(200), name: toolNameSchema, arguments: z.unknown() }).strict(),
).openapi('AgentStepToolRequest');

/** The conversation the caller keeps: user, system, agent (answer or tool request) and tool messages. */
const stepMessageSchema = z
  .discriminatedUnion('role', [
    z.object({ role: z.literal('user'), content: z.string().max(200_000) }).strict(),
    z.object({ role: z.literal('system'), content: z.string().max(200_000) }).strict(),
    z
      .object({
        role: z.literal('agent'),
        content: z.string().max(200_000).nullable().optional(),
        toolRequest: toolRequestSchema.optional(),
      })
      .strict(),
    z
      .object({
        role: z.literal('tool'),
        toolRequestId: z.string().min(1).max(200).describe("The id of the agent message's toolRequest it answers"),
        content: z.string().max(200_000),
      })
      .strict(),
  ])
  .openapi('AgentStepMessage');
export type AgentStepMessage = z.infer<typeof stepMessageSchema>;

export const agentStepRequestSchema = z
  .object({
    aiProviderId: aiProviderIdSchema,
    model: z.string().min(1).max(200).optional().describe("Default: the provider's defaultModel"),
    instructions: z.string().max(100_000).optional().describe('System prompt placed before the messages'),
    messages: z.array(stepMessageSchema).min(1).max(1000),
    tools: z
      .array(
        z
          .object({
            name: toolNameSchema,
            description: z.string().max(4000).optional(),
            arguments: toolParametersSchema.describe('JSON Schema of the arguments'),
          })
          .strict(),
      )
      .max(128)
      .default([])
      .describe('Tool names must be unique (a repeated name is a 422)'),
    memoryStrategy: z
      .object({ name: z.literal('last_k'), k: z.number().int().min(1).max(1000) })
      .strict()
      .optional()
      .describe('Send only the last k messages (system messages are always kept)'),
    modelParameters: modelParametersSchema.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    for (const [i, t] of body.tools.entries()) {
      if (seen.has(t.name))
        ctx.addIssue({
          code: 'custom',
          path: ['tools', i, 'name'],
          message: 'duplicate tool name',
          params: UNPROCESSABLE_RULE,
        });
      seen.add(t.name);
    }
  })
  .openapi('AgentStepRequest');
export type AgentStepRequest = z.infer<typeof agentStepRequestSchema>;

export const agentStepResponseSchema = z
  .object({
    object: z.literal('agent_step'),
    model: z.string(),
    content: z.string().nullable().describe('The final answer, when the model answered'),
    toolRequest: orNull(toolRequestSchema).describe(
      'The tool the caller should run (then send its output as a tool message)',
    ),
    finishReason: z.string().nullable(),
    usage: z.object({ promptTokens: z.number(), completionTokens: z.number(), totalTokens: z.number() }),
  })
  .openapi('AgentStepResponse');
export type AgentStepResponse = z.infer<typeof agentStepResponseSchema>;
