import {
  z,
  aiProviderIdSchema,
  orNull,
  patchSchemaOf,
  stepRuleSchema,
  stopConditionSchema,
  toolChoiceSchema,
  toolIdSchema,
} from './common.js';
import { policySchema } from './policy.js';
import { MAX_USER_REGEX_LENGTH, userRegexListProblem, userRegexProblem } from '../user-regex.js';

export const slugSchema = z
  .string()
  .regex(
    /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/,
    'must be 1-64 lowercase letters, digits and dashes, not starting or ending with a dash',
  );

/** Guardrail patterns run with RE2 (linear time, no backreferences or lookaround): checked as such. */
const regexString = z
  .string()
  .max(MAX_USER_REGEX_LENGTH)
  .superRefine((value, ctx) => {
    const problem = userRegexProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Each list is matched against one text (the answer, the prompt): its total cost is bounded too. */
const regexList = z
  .array(regexString)
  .max(50)
  .default([])
  .superRefine((patterns, ctx) => {
    const problem = userRegexListProblem(patterns);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const originSchema = z
  .string()
  .max(500)
  .regex(/^(\*|https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?)$/, 'must be an origin like https://example.com (or *)');

export const guardrailsSchema = z
  .object({
    blockPatterns: regexList,
    requireToolFor: regexList,
  })
  .strict()
  .openapi('Guardrails');

const memorySchema = z
  .object({ strategy: z.enum(['all', 'last_k']), k: z.number().int().min(1).max(1000).optional() })
  .strict()
  .superRefine((m, ctx) => {
    if (m.strategy === 'last_k' && m.k === undefined)
      ctx.addIssue({ code: 'custom', path: ['k'], message: 'k is required for strategy last_k' });
  })
  .openapi('Memory', { allOf: [{ anyOf: [{ properties: { strategy: { const: 'all' } } }, { required: ['k'] }] }] });

const publicChatSchema = z
  .object({ enabled: z.boolean(), allowedOrigins: z.array(originSchema).max(50).default([]) })
  .strict()
  .openapi('PublicChat');

export const agentFields = {
  aiProviderId: aiProviderIdSchema,
  name: z.string().min(1).max(200),
  slug: slugSchema.optional().describe('Unique per project; derived from the name when omitted.'),
  description: z.string().max(4000).optional(),
  instructions: z
    .string()
    .max(100_000)
    .optional()
    .describe('System prompt; {{variables}} are replaced at generation time.'),
  model: z.string().min(1).max(200).optional().describe("Falls back to the provider's defaultModel."),
  temperature: z.number().min(0).max(2).optional(),
  toolIds: z.array(toolIdSchema).max(128).default([]),
  activeToolIds: z
    .array(toolIdSchema)
    .max(128)
    .optional()
    .describe('A subset of toolIds; omitted = all attached tools are active.'),
  toolChoice: toolChoiceSchema.optional(),
  stepRules: z.array(stepRuleSchema).max(100).optional(),
  stopConditions: z.array(stopConditionSchema).max(20).optional(),
  maxSteps: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe('Default 20; at most the configured cap (MAX_STEPS_CAP).'),
  boundaryPolicy: policySchema
    .optional()
    .describe(`Not implemented yet: refused (422 not_implemented) when set, so no boundary silently fails open.`),
  guardrails: guardrailsSchema.optional(),
  conversational: z.boolean().default(false).describe('Not implemented yet: true is refused (422 not_implemented).'),
  memory: memorySchema.optional().describe('Not implemented yet: refused (422 not_implemented) when set.'),
  contextWindow: z
    .number()
    .int()
    .min(1000)
    .max(10_000_000)
    .optional()
    .describe('Not implemented yet: refused (422 not_implemented) when set.'),
  approvalTimeoutSeconds: z
    .number()
    .int()
    .min(1)
    .max(365 * 24 * 3600)
    .default(300),
  active: z.boolean().default(true),
  publicChat: publicChatSchema
    .optional()
    .describe(
      'Not implemented yet (no endpoint accepts a public-chat key): enabled true is refused (422 not_implemented).',
    ),
  allowClarification: z
    .boolean()
    .default(true)
    .describe('Offer the builtin agent_clarify tool, which pauses the run to ask the user a question.'),
  requireApprovalFor: z
    .enum(['destructive'])
    .optional()
    .describe(
      '"destructive": destructive MCP tools wait for a human approval. As in the MCP specification, a tool is destructive unless annotated readOnlyHint: true or destructiveHint: false (unannotated tools are).',
    ),
};

export const agentFieldsSchema = z.object(agentFields).strict();

export const createAgentSchema = agentFieldsSchema.openapi('CreateAgent');
export type CreateAgent = z.infer<typeof createAgentSchema>;

/** PUT: the whole agent; omitted optional fields return to their defaults (an omitted slug is kept). */
export const replaceAgentSchema = agentFieldsSchema.openapi('ReplaceAgent');

/** PATCH: a merge patch on top-level fields; null clears an optional field. */
export const patchAgentSchema = patchSchemaOf(agentFields, [
  'description',
  'instructions',
  'model',
  'temperature',
  'activeToolIds',
  'toolChoice',
  'stepRules',
  'stopConditions',
  'maxSteps',
  'boundaryPolicy',
  'guardrails',
  'memory',
  'contextWindow',
  'publicChat',
  'requireApprovalFor',
]).openapi('PatchAgent');
export type PatchAgent = z.infer<typeof patchAgentSchema>;

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
    toolChoice: orNull(toolChoiceSchema),
    stepRules: z.array(stepRuleSchema).nullable(),
    stopConditions: z.array(stopConditionSchema).nullable(),
    maxSteps: z.number(),
    boundaryPolicy: orNull(policySchema),
    guardrails: z.object({ blockPatterns: z.array(z.string()), requireToolFor: z.array(z.string()) }).nullable(),
    conversational: z.boolean(),
    memory: z.object({ strategy: z.enum(['all', 'last_k']), k: z.number().optional() }).nullable(),
    contextWindow: z.number().nullable(),
    approvalTimeoutSeconds: z.number(),
    active: z.boolean(),
    publicChat: z.object({ enabled: z.boolean(), allowedOrigins: z.array(z.string()) }).nullable(),
    publicChatKeyPrefix: z
      .string()
      .nullable()
      .describe('Prefix of the public-chat key (the key itself is shown only once).'),
    allowClarification: z.boolean(),
    requireApprovalFor: z.enum(['destructive']).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Agent');
export type AgentView = z.infer<typeof agentSchema>;

export const createdAgentSchema = agentSchema
  .extend({
    publicChatKey: z
      .string()
      .optional()
      .describe('Only when publicChat.enabled at creation: the X-Agent-Key, shown only in this response.'),
  })
  .openapi('CreatedAgent');
export type CreatedAgentView = z.infer<typeof createdAgentSchema>;

export const agentKeySchema = z
  .object({
    agentId: z.string(),
    publicChatKey: z
      .string()
      .describe('The new X-Agent-Key; shown only in this response. The previous key stops working.'),
    publicChatKeyPrefix: z.string(),
  })
  .openapi('AgentPublicChatKey');
