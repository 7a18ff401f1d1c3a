import { z, stepRuleSchema, stopConditionSchema, toolChoiceSchema, toolIdSchema } from './common.js';

const slugSchema = z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, 'must be lowercase letters, digits and dashes');

const regexString = z.string().max(1000).superRefine((value, ctx) => {
  try {
    new RegExp(value);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: `invalid regular expression: ${(err as Error).message}` });
  }
});

export const agentFieldsSchema = z
  .object({
    aiProviderId: z.string().regex(/^aip_[0-9a-zA-Z]{8,64}$/, 'must be an AI provider id (aip_…)'),
    name: z.string().min(1).max(200),
    slug: slugSchema.optional(),
    description: z.string().max(4000).optional(),
    instructions: z.string().max(100_000).optional(),
    model: z.string().min(1).max(200).optional(),
    temperature: z.number().min(0).max(2).optional(),
    toolIds: z.array(toolIdSchema).max(128).default([]),
    activeToolIds: z.array(toolIdSchema).max(128).optional(),
    toolChoice: toolChoiceSchema.optional(),
    stepRules: z.array(stepRuleSchema).max(100).optional(),
    stopConditions: z.array(stopConditionSchema).max(20).optional(),
    maxSteps: z.number().int().min(1).max(1000).optional(),
    boundaryPolicy: z.unknown().optional(),
    guardrails: z
      .object({
        blockPatterns: z.array(regexString).max(50).default([]),
        requireToolFor: z.array(regexString).max(50).default([]),
      })
      .strict()
      .optional(),
    conversational: z.boolean().default(false),
    memory: z
      .object({ strategy: z.enum(['all', 'last_k']), k: z.number().int().min(1).max(1000).optional() })
      .strict()
      .optional(),
    contextWindow: z.number().int().min(1000).max(10_000_000).optional(),
    approvalTimeoutSeconds: z.number().int().min(1).max(365 * 24 * 3600).default(300),
    active: z.boolean().default(true),
    publicChat: z
      .object({ enabled: z.boolean(), allowedOrigins: z.array(z.string().max(500)).max(50).default([]) })
      .strict()
      .optional(),
  })
  .strict();

export const createAgentSchema = agentFieldsSchema.openapi('CreateAgent');
export type CreateAgent = z.infer<typeof createAgentSchema>;

export const agentSchema = z
  .object({
    id: z.string(),
    projectId: z.string(),
    aiProviderId: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    instructions: z.string().nullable(),
    model: z.string().nullable(),
    temperature: z.number().nullable(),
    toolIds: z.array(z.string()),
    activeToolIds: z.array(z.string()).nullable(),
    toolChoice: toolChoiceSchema.nullable(),
    stepRules: z.array(stepRuleSchema).nullable(),
    stopConditions: z.array(stopConditionSchema).nullable(),
    maxSteps: z.number(),
    boundaryPolicy: z.unknown().nullable(),
    guardrails: z.object({ blockPatterns: z.array(z.string()), requireToolFor: z.array(z.string()) }).nullable(),
    conversational: z.boolean(),
    memory: z.object({ strategy: z.enum(['all', 'last_k']), k: z.number().optional() }).nullable(),
    contextWindow: z.number().nullable(),
    approvalTimeoutSeconds: z.number(),
    active: z.boolean(),
    publicChat: z.object({ enabled: z.boolean(), allowedOrigins: z.array(z.string()) }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Agent');
export type AgentView = z.infer<typeof agentSchema>;
