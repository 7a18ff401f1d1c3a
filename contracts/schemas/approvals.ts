import { z, cursorSchema, jsonObjectSchema, orNull, withRequiredKeys } from './common.js';

export const approvalStatusSchema = z.enum(['pending', 'approved', 'denied', 'expired', 'cancelled']);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

export const approvalDecisionRequestSchema = z
  .object({
    approved: z.boolean(),
    reason: z.string().max(2000).optional(),
    /** Replaces the call's arguments when approving. */
    arguments: jsonObjectSchema.optional(),
    async: z.boolean().default(false),
    waitSeconds: z.number().int().min(0).max(600).default(60),
  })
  .strict()
  .refine((v) => v.approved || v.arguments === undefined, {
    message: 'arguments can only be given when approving',
    path: ['arguments'],
  })
  .openapi('ApprovalDecisionRequest', {
    // Wrapped in allOf: generators read a top-level anyOf as alternatives to the object.
    allOf: [{ anyOf: [{ properties: { approved: { const: true } } }, { not: { required: ['arguments'] } }] }],
  });
export type ApprovalDecisionRequest = z.infer<typeof approvalDecisionRequestSchema>;

export const allApprovalsDecisionRequestSchema = z
  .object({
    approved: z.boolean().describe('The decision for every approval the generation waits for.'),
    reason: z.string().max(2000).optional(),
    async: z.boolean().default(false),
    waitSeconds: z.number().int().min(0).max(600).default(60),
  })
  .strict()
  .openapi('AllApprovalsDecisionRequest');
export type AllApprovalsDecisionRequest = z.infer<typeof allApprovalsDecisionRequestSchema>;

export const approvalSchema = withRequiredKeys(
  z.object({
    id: z.string(),
    object: z.literal('approval'),
    projectId: z.string(),
    generationId: z.string(),
    agentId: z.string(),
    traceId: z.string().nullable(),
    /** Set when the approval belongs to a child generation (started by an agent tool). */
    parentGenerationId: z.string().nullable(),
    toolCallId: z.string(),
    toolName: z.string(),
    arguments: z.unknown(),
    status: approvalStatusSchema,
    requestedAt: z.string(),
    expiresAt: z.string(),
    decidedAt: z.string().nullable(),
    decidedBy: z
      .string()
      .nullable()
      .describe('The deciding API key id, or `system:expiry` / `system:escalation` when a deadline decided.'),
    escalatedAt: z
      .string()
      .nullable()
      .describe("When the first deadline handed the approval to the hook's escalation approvers."),
    onExpiry: z
      .enum(['deny', 'approve', 'escalate'])
      .describe("What the first deadline decides (the matching approval hook's `onExpiry`; `deny` when none sets it)."),
    escalationOnExpiry: z
      .enum(['deny', 'approve'])
      .nullable()
      .describe("What the escalation's deadline decides; null unless `onExpiry` is `escalate`."),
    reason: z.string().nullable(),
    editedArguments: z.unknown().nullable(),
    requestedBy: z
      .object({ channel: z.enum(['api', 'public_chat']), apiKeyId: z.string().nullable() })
      .describe('Who started the generation: an API key, or a public-chat visitor (no key).'),
    toolParameters: orNull(z.record(z.string(), z.unknown())).describe(
      "The tool's arguments JSON Schema (edited arguments must match it); null when the tool has none.",
    ),
  }),
).openapi('Approval');
export type ApprovalView = z.infer<typeof approvalSchema>;

export const listApprovalsQuerySchema = z
  .object({
    cursor: cursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    status: approvalStatusSchema.optional(),
    generationId: z.string().max(100).optional(),
    agentId: z.string().max(100).optional(),
  })
  .strict();

export const clarificationAnswerRequestSchema = z
  .object({
    answer: z.string().min(1).max(100_000),
    toolCallId: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe(
        "The question's id (requiredAction.clarification.toolCallId). When given, the answer is refused with 409 unless that question is the one waiting, so a late retry never answers a later question.",
      ),
    async: z.boolean().default(false),
    waitSeconds: z.number().int().min(0).max(600).default(60),
  })
  .strict()
  .openapi('ClarificationAnswerRequest');
