import {
  z,
  aiProviderIdSchema,
  knowledgeBaseIdSchema,
  modelParametersSchema,
  orNull,
  patchSchemaOf,
  stepRuleSchema,
  stopConditionSchema,
  toolChoiceSchema,
  toolIdSchema,
  UNPROCESSABLE_RULE,
} from './common.js';
import { multitaskStrategies } from '../generation/double-texting.js';
import { builtinDefinitions, refusedBuiltinNames } from '../builtins/index.js';
import { memoryRecallSchema } from './memories.js';
import { agentCustomToolSchema, agentMcpServerSchema, ownedToolsRule } from './agent-inline-tools.js';
import { toolSchema } from './tools.js';
import { policySchema } from './policy.js';
import {
  brandingSchema,
  businessHoursSchema,
  contextResolverSchema,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_WELCOME_MESSAGE,
} from './agent-presence.js';
import { MAX_USER_REGEX_LENGTH, USER_REGEX_RULE, userRegexListProblem, userRegexProblem } from '../user-regex.js';

export const slugSchema = z
  .string()
  .regex(
    /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/,
    'must be 1-64 lowercase letters, digits and dashes, not starting or ending with a dash',
  );

/** Which model writes the summaries of context compaction; omitted parts default to the agent's. */
export const compactionSettingsSchema = z
  .object({
    model: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("Default: the agent's model, or the defaultModel of aiProviderId when that is another provider"),
    aiProviderId: aiProviderIdSchema.optional().describe("An AI provider of the project (default: the agent's)"),
  })
  .strict()
  .openapi('CompactionSettings');
export type CompactionSettings = z.infer<typeof compactionSettingsSchema>;

/**
 * Guardrail patterns run with RE2 (linear time, no backreferences or lookaround): checked as such.
 * The length is in the document; RE2's syntax and its program size are not expressible in JSON
 * Schema, so a pattern that fails only those is a 422 (ADR 0015), and the description says so.
 */
const regexString = z
  .string()
  .max(MAX_USER_REGEX_LENGTH)
  .superRefine((value, ctx) => {
    const problem = userRegexProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, params: UNPROCESSABLE_RULE });
  })
  .describe(USER_REGEX_RULE);

/** Each list is matched against one text (the answer, the prompt): its total cost is bounded too. */
const regexList = z
  .array(regexString)
  .max(50)
  .default([])
  .superRefine((patterns, ctx) => {
    const problem = userRegexListProblem(patterns);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, params: UNPROCESSABLE_RULE });
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

/** Builtins an agent can be given by name (agent_clarify and the session-cache tools come from the loop). */
// The refused ones (fetch_drive_file) are named too, so naming one is a 422 saying why, not a 400.
const attachableBuiltinNames = [...Object.keys(builtinDefinitions), ...refusedBuiltinNames] as [string, ...string[]];

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
  builtins: z
    .union([z.literal('all'), z.array(z.enum(attachableBuiltinNames)).max(50)])
    .optional()
    .describe(
      'Builtins given by name, without a tool resource each: "all", or a list (default: none, so an agent reaches only what it was given). Each is offered with no config: one that needs config (database_query, …) answers that it is not configured; approval-by-default ones wait for approval. An attached tool of the same name wins. `fetch_drive_file` is refused (422 `not_implemented`): it would need Google OAuth credentials and a Google Drive API integration.',
    ),
  goal: z
    .string()
    .max(100_000)
    .optional()
    .describe(
      "Another name for `instructions` (the goal-agent seed's): stored and shown as `instructions`. Not with `instructions` (422).",
    ),
  model: z.string().min(1).max(200).optional().describe("Falls back to the provider's defaultModel."),
  temperature: z.number().min(0).max(2).optional(),
  toolIds: z
    .array(toolIdSchema)
    .max(128)
    .default([])
    .describe(
      "Shared tools to attach. A tool owned by another agent is refused (422); this agent's own tools may be listed and are attached by customTools and mcpServers whatever this list says.",
    ),
  customTools: z
    .array(agentCustomToolSchema)
    .max(32)
    .default([])
    .describe(`http tools defined on the agent. ${ownedToolsRule}`),
  mcpServers: z
    .array(agentMcpServerSchema)
    .max(16)
    .default([])
    .describe(`MCP servers connected on the agent. ${ownedToolsRule}`),
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
    .describe(
      'Bounds what the platform tools of this agent may do: an action runs only when both this policy and the key that started the top-level generation allow it (unset: the key alone).',
    ),
  guardrails: guardrailsSchema.optional(),
  conversational: z
    .boolean()
    .default(false)
    .describe('A generate without sessionId starts a new session (its id is returned)'),
  memory: memorySchema
    .optional()
    .describe('Which earlier turns of a session the model sees (default all); the stored conversation stays whole'),
  contextWindow: z
    .number()
    .int()
    .min(1000)
    .max(10_000_000)
    .optional()
    .describe(
      "Token budget of the model's context (default: a per-model table, else 128k); over 85% of it the conversation sent is compacted",
    ),
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
      'POST /v1/public/agents/{slug}/chat with the X-Agent-Key returned once; browsers are allowed only from allowedOrigins.',
    ),
  allowClarification: z
    .boolean()
    .default(true)
    .describe('Offer the builtin agent_clarify tool, which pauses the run to ask the user a question.'),
  welcomeMessage: z
    .string()
    .min(1)
    .max(2000)
    .default(DEFAULT_WELCOME_MESSAGE)
    .describe('First message the chat widget shows (public chat).'),
  branding: brandingSchema
    .default({ primaryColor: DEFAULT_PRIMARY_COLOR })
    .describe('Chat widget branding: primaryColor (#rrggbb).'),
  contextResolvers: z
    .array(contextResolverSchema)
    .max(3)
    .default([])
    .describe(
      'Context blocks added to the system prompt of every generation: `temporal` (current local time, and open/closed from businessHours), `channel` (api or public_chat), `conversation` (which message of its session the generation answers, when the session started and when the previous message was sent; "standalone" outside a session).',
    ),
  businessHours: businessHoursSchema
    .optional()
    .describe('Opening hours and time zone used by the temporal context resolver.'),
  knowledgeBaseIds: z
    .array(knowledgeBaseIdSchema)
    .max(32)
    .default([])
    .describe(
      'Knowledge bases of the project; when any are linked, generations offer the read-only knowledge_search tool.',
    ),
  modelParameters: modelParametersSchema
    .optional()
    .describe(
      'temperature, maxTokens, stopSequences sent with every model call (a temperature here wins over the agent field)',
    ),
  compaction: compactionSettingsSchema
    .optional()
    .describe("The model that writes context-compaction summaries (default: the agent's own provider and model)"),
  memoryRecall: memoryRecallSchema
    .optional()
    .describe(
      "Long-term memory: before each generation with an end user, the end user's most relevant memories of this agent are added to the system prompt, within maxTokens (docs/memory.md). Unset: nothing is recalled (the memory tools still work).",
    ),
  multitaskStrategy: z
    .enum(multitaskStrategies)
    .optional()
    .describe(
      'What a new turn of a busy session does when its request names no multitaskStrategy: reject (the default), enqueue, interrupt or rollback (docs/double-texting.md).',
    ),
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
  'builtins',
  'description',
  'instructions',
  'goal',
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
  'multitaskStrategy',
  'businessHours',
  'modelParameters',
  'compaction',
  'memoryRecall',
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
    customTools: z.array(toolSchema).describe('The http tools the agent owns, as GET /v1/tools shows them.'),
    mcpServers: z.array(toolSchema).describe('The mcp tools the agent owns, as GET /v1/tools shows them.'),
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
    knowledgeBaseIds: z.array(z.string()),
    builtins: z.union([z.literal('all'), z.array(z.string())]).nullable(),
    requireApprovalFor: z.enum(['destructive']).nullable(),
    multitaskStrategy: z
      .enum(multitaskStrategies)
      .describe('The default for turns of a busy session (reject unless set).'),
    welcomeMessage: z.string(),
    branding: z.object({ primaryColor: z.string() }),
    contextResolvers: z.array(contextResolverSchema),
    businessHours: orNull(businessHoursSchema),
    modelParameters: orNull(modelParametersSchema),
    compaction: orNull(compactionSettingsSchema),
    memoryRecall: z.object({ maxTokens: z.number() }).nullable(),
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
