import {
  z,
  cursorSchema,
  httpUrlSchema,
  jsonObjectSchema,
  jsonSchemaKeywords,
  modelParametersSchema,
  orNull,
  sessionIdSchema,
  withRequiredKeys,
  stepRuleSchema,
  stopConditionSchema,
  toolChoiceSchema,
  toolIdSchema,
} from './common.js';
import { multitaskStrategies } from '../generation/double-texting.js';
import { endUserIdSchema } from './memories.js';
import { forkedFromSchema } from './forks.js';

const chatMessageSchema = z
  .discriminatedUnion('role', [
    z.object({ role: z.literal('system'), content: z.string().max(200_000) }).strict(),
    z.object({ role: z.literal('user'), content: z.string().max(200_000) }).strict(),
    z
      .object({
        role: z.literal('assistant'),
        content: z.string().max(200_000).nullable().optional(),
        toolCalls: z
          .array(
            withRequiredKeys(
              z
                .object({ id: z.string().min(1).max(200), name: z.string().min(1).max(200), arguments: z.unknown() })
                .strict(),
            ).openapi('ChatToolCall'),
          )
          .max(64)
          .optional(),
      })
      .strict(),
    z
      .object({ role: z.literal('tool'), toolCallId: z.string().min(1).max(200), content: z.string().max(200_000) })
      .strict(),
  ])
  .openapi('ChatMessage');
export type ChatMessage = z.infer<typeof chatMessageSchema>;

const VARIABLE_NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,63}$/;

/** The generate request's fields before its refinements (scheduled runs reuse them, minus delivery). */
export const generateRequestFields = z
  .object({
    prompt: z.string().min(1).max(200_000).openapi({ example: 'Where is order 1042?' }).optional(),
    messages: z.array(chatMessageSchema).max(500).optional(),
    toolChoice: toolChoiceSchema.optional(),
    activeToolIds: z.array(toolIdSchema).max(128).optional(),
    stepRules: z.array(stepRuleSchema).max(100).optional(),
    stopConditions: z.array(stopConditionSchema).max(20).optional(),
    maxSteps: z.number().int().min(1).max(1000).optional(),
    maxCallDepth: z
      .number()
      .int()
      .min(1)
      .max(50)
      .default(10)
      .describe(
        "Generations in a chain of nested calls (agent tools, platform create-agent-generation), this one included: 3 lets A call B and B call C, and C's nested call is an error result; 1 allows none.",
      ),
    variables: z
      .record(z.string().regex(VARIABLE_NAME), z.string().max(100_000))
      .openapi(jsonSchemaKeywords({ propertyNames: { pattern: VARIABLE_NAME.source } }))
      .optional(),
    sessionId: sessionIdSchema
      .optional()
      .describe(
        'Continue this session of the agent: its earlier turns are the history the model sees. A session waiting on agent_clarify takes the prompt as the answer instead.',
      ),
    sessionKey: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._:@#+-]{0,199}$/, 'must be 1-200 letters, digits or . _ : @ # + -')
      .optional()
      .describe(
        "Your own id of the conversation (a ticket number, `sess-1`, …), unique per agent within the project: the first turn opens a session with it, later ones continue it, as `sessionId` does. A conversational agent's only (422 otherwise); not with `sessionId`.",
      ),
    endUserId: endUserIdSchema
      .optional()
      .describe(
        "Who this generation talks to: the scope of long-term memory (memory_save, memory_search, memory_forget and memoryRecall see only this end user's memories of this agent). Without it those tools refuse (docs/memory.md).",
      ),
    queue: z
      .boolean()
      .optional()
      .describe(
        'The older name of multitaskStrategy enqueue (true) or reject (false); given with a multitaskStrategy that means otherwise, 422',
      ),
    multitaskStrategy: z
      .enum(multitaskStrategies)
      .optional()
      .describe(
        "When the session is busy (double-texting, docs/double-texting.md): reject (409), enqueue (wait for the turn, durably, in arrival order), interrupt (stop the running turn, keep its work in the history) or rollback (stop it and drop its messages; 409 once it called an at_most_once tool). Default: the agent's multitaskStrategy, else reject.",
      ),
    modelParameters: modelParametersSchema
      .optional()
      .describe("Overrides the agent's modelParameters field by field for this generation"),
    metadata: jsonObjectSchema.optional(),
    callbackUrl: httpUrlSchema().optional(),
    async: z.boolean().default(false),
    stream: z.boolean().default(false),
    waitSeconds: z.number().int().min(0).max(600).default(60),
  })
  .strict();

export const generateRequestSchema = generateRequestFields
  .refine((v) => v.prompt !== undefined || (v.messages !== undefined && v.messages.length > 0), {
    message: 'prompt and/or messages is required',
    path: ['prompt'],
  })
  .refine((v) => !(v.async && v.stream), { message: 'async and stream cannot both be true', path: ['stream'] })
  .openapi('GenerateRequest', {
    // The two refinements above, as JSON Schema.
    allOf: [
      { anyOf: [{ required: ['prompt'] }, { required: ['messages'], properties: { messages: { minItems: 1 } } }] },
      { not: { required: ['async', 'stream'], properties: { async: { const: true }, stream: { const: true } } } },
    ],
  });
export type GenerateRequest = z.infer<typeof generateRequestSchema>;

export const toolOutputsRequestSchema = z
  .object({
    toolOutputs: z
      .array(withRequiredKeys(z.object({ toolCallId: z.string().min(1).max(200), output: z.unknown() }).strict()))
      .min(1)
      .max(64),
    toolChoice: toolChoiceSchema.optional(),
    activeToolIds: z.array(toolIdSchema).max(128).optional(),
    stepRules: z.array(stepRuleSchema).max(100).optional(),
    defaults: z
      .object({ toolChoice: toolChoiceSchema.optional(), activeToolIds: z.array(toolIdSchema).max(128).optional() })
      .strict()
      .optional(),
    async: z.boolean().default(false),
    stream: z.boolean().default(false),
    waitSeconds: z.number().int().min(0).max(600).default(60),
  })
  .strict()
  .openapi('ToolOutputsRequest');
export type ToolOutputsRequest = z.infer<typeof toolOutputsRequestSchema>;

/** The `event` names of a generation's event stream (activities/event-log.ts writes them). */
export const streamEventTypes = [
  'start',
  'step_started',
  'chunk',
  'reset',
  'tool_call',
  'tool_result',
  'step_completed',
  'approval_requested',
  'approval_resolved',
  'requires_action',
  'clarification_requested',
  'done',
  'compaction',
  'user_message',
  'error',
] as const;
export type StreamEventType = (typeof streamEventTypes)[number];

export const generationStatusSchema = z.enum([
  'queued',
  'running',
  'requires_action',
  'completed',
  'failed',
  'cancelled',
]);
export type GenerationStatus = z.infer<typeof generationStatusSchema>;

/** Why a generation ended. */
export const stopReasonSchema = z.enum([
  'final_answer',
  'max_steps',
  'stop_condition',
  'done_tool',
  'doom_loop',
  'cancelled',
  'interrupted',
  'rolled_back',
  'guardrail_blocked',
  'hook_blocked',
  'error',
]);
export type StopReason = z.infer<typeof stopReasonSchema>;

/** How a tool call ended, as the model and the trace see it. */
export const toolResultStatusSchema = z.enum(['success', 'error', 'timeout', 'denied']);
export type ToolResultStatus = z.infer<typeof toolResultStatusSchema>;

export const settledStatuses: ReadonlySet<GenerationStatus> = new Set([
  'requires_action',
  'completed',
  'failed',
  'cancelled',
]);

/**
 * Reasoning trace entries: think / act / observe / answer, plus `hook` (a hook ran:
 * its decision, or the failure it was allowed through with), `approval` (a human decision: who,
 * when, why, edited arguments), `model_call` (a nested model call of a builtin tool, with its usage)
 * and `user_message` (a steering message the run added before the step's model call).
 */
export const stepEntrySchema = z
  .object({
    step: z.number(),
    type: z.enum([
      'think',
      'act',
      'observe',
      'answer',
      'hook',
      'approval',
      'discovery',
      'compaction',
      'model_call',
      'user_message',
    ]),
    level: z.number().optional().describe('compaction: 1 pruned tool results, 2 summarised, 3 summarised harder'),
    tokensBefore: z.number().optional(),
    tokensAfter: z.number().optional(),
    text: z.string().optional(),
    model: z
      .string()
      .optional()
      .describe('compaction: the model that wrote the summary; model_call: the model of a builtin tool nested call'),
    usage: z
      .object({ promptTokens: z.number(), completionTokens: z.number() })
      .optional()
      .describe(
        'compaction: tokens of the summary call; model_call: tokens of the nested call (both counted in the generation usage)',
      ),
    toolCallId: z.string().optional(),
    toolName: z.string().optional(),
    arguments: z.unknown().optional(),
    status: z
      .enum(['success', 'error', 'denied', 'timeout', 'pending', 'approved', 'expired', 'escalated'])
      .optional()
      .describe(
        'approval `escalated`: the first deadline passed the approval to its escalation group (docs/approvals.md)',
      ),
    result: z.unknown().optional(),
    durationMs: z.number().optional(),
    hookId: z.string().optional(),
    event: z.string().optional(),
    decision: z.string().optional(),
    reason: z.string().optional(),
    error: z.string().optional(),
    approvalId: z.string().optional(),
    messageId: z.string().optional().describe('user_message: the steering message (docs/steering.md)'),
    decidedBy: z.string().nullable().optional(),
    decidedAt: z.string().optional(),
    expiresAt: z.string().optional(),
    editedArguments: z.unknown().optional(),
    /** observe: `unknown` when an at-most-once call was interrupted and not called again. */
    outcome: z.enum(['unknown']).optional(),
    replayed: z
      .boolean()
      .optional()
      .describe("A fork's entry copied from its origin: the step was replayed, nothing was called (docs/fork.md)"),
    at: z.string(),
  })
  .openapi('GenerationStep');
export type StepEntry = z.infer<typeof stepEntrySchema>;

export const requiredActionSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('submit_tool_outputs'),
      toolCalls: z.array(
        withRequiredKeys(z.object({ toolCallId: z.string(), toolName: z.string(), arguments: z.unknown() })),
      ),
    }),
    z.object({
      type: z.literal('approve_tool_calls'),
      approvals: z.array(
        withRequiredKeys(
          z.object({
            approvalId: z.string(),
            toolCallId: z.string(),
            toolName: z.string(),
            arguments: z.unknown(),
            expiresAt: z.string(),
          }),
        ),
      ),
    }),
    z.object({
      type: z.literal('answer_clarification'),
      clarification: z.object({ question: z.string(), reason: z.string().optional(), toolCallId: z.string() }),
    }),
    z.object({
      type: z.literal('child_requires_action'),
      childGenerationId: z.string(),
      // Described, not referenced: a self-referencing union defeats client generators.
      childRequiredAction: z
        .record(z.string(), z.unknown())
        .describe(
          "The child's own RequiredAction (one of these shapes; child_requires_action again for a deeper pause)",
        ),
    }),
  ])
  .openapi('RequiredAction');
export type RequiredAction =
  | { type: 'submit_tool_outputs'; toolCalls: Array<{ toolCallId: string; toolName: string; arguments: unknown }> }
  | {
      type: 'approve_tool_calls';
      approvals: Array<{
        approvalId: string;
        toolCallId: string;
        toolName: string;
        arguments: unknown;
        expiresAt: string;
      }>;
    }
  | { type: 'answer_clarification'; clarification: { question: string; reason?: string; toolCallId: string } }
  | { type: 'child_requires_action'; childGenerationId: string; childRequiredAction: RequiredAction };

export const generationSchema = withRequiredKeys(
  z.object({
    id: z.string(),
    generationId: z.string(),
    object: z.literal('generation'),
    agentId: z.string(),
    projectId: z.string(),
    traceId: z.string(),
    sessionId: z.string().nullable(),
    parentGenerationId: z.string().nullable(),
    forkedFrom: orNull(forkedFromSchema).describe(
      'Set on a fork (docs/fork.md): its origin and the last step it replayed',
    ),
    status: generationStatusSchema,
    stopReason: orNull(stopReasonSchema),
    text: z.string().nullable(),
    output: z.unknown().nullable(),
    requiredAction: orNull(requiredActionSchema),
    steps: z.array(stepEntrySchema),
    toolsUsed: z.array(z.string()),
    iterationCount: z.number(),
    usage: z.object({ promptTokens: z.number(), completionTokens: z.number(), totalTokens: z.number() }),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    metadata: jsonObjectSchema.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    completedAt: z.string().nullable(),
    temporalUiUrl: z
      .string()
      .nullable()
      .describe("The generation's workflow in the Temporal UI (null unless the server sets TEMPORAL_UI_URL)"),
  }),
).openapi('Generation');
export type GenerationView = z.infer<typeof generationSchema>;

export const listGenerationsQuerySchema = z
  .object({
    cursor: cursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    agentId: z.string().max(100).optional(),
    status: generationStatusSchema.optional(),
    sessionId: z.string().max(100).optional(),
    traceId: z.string().max(100).optional(),
  })
  .strict();

/** Query of GET /v1/generations/{id}/events. */
export const streamQuerySchema = z
  .object({
    follow: z
      .enum(['true', 'false'])
      .optional()
      .describe('Keep streaming across requires_action instead of ending there'),
    lastEventId: z
      .string()
      .regex(/^\d{1,12}$/)
      .optional()
      .describe('Same as the Last-Event-ID header'),
  })
  .strict();
