import type { ZodOpenAPIMetadata } from '@asteasolutions/zod-to-openapi';
import { USER_REGEX_RULE, userRegexListProblem, userRegexProblem } from '../user-regex.js';
import {
  z,
  apiKeyIdSchema,
  httpUrlSchema,
  secretHeaderMapSchema,
  toolNameSchema,
  UNPROCESSABLE_RULE,
} from './common.js';
import {
  approvalEscalationSchema,
  checkApprovalDeadlines,
  expiresAfterSchema,
  MAX_APPROVAL_SECONDS,
} from './approval-deadlines.js';

/** When a hook fires. */
export const hookEventSchema = z.enum(['OnRunStart', 'PreToolUse', 'PostToolUse', 'PreResponse', 'OnRunComplete']);
export type HookEvent = z.infer<typeof hookEventSchema>;
export const hookTypeSchema = z.enum(['http', 'rule', 'approval']);
export type HookType = z.infer<typeof hookTypeSchema>;

/** Events whose hooks concern one tool call: the only ones where `matcher` means something. */
export const toolEvents: ReadonlySet<HookEvent> = new Set(['PreToolUse', 'PostToolUse']);

/**
 * Which hook types each event accepts. `http` works everywhere (its answer is ignored where the
 * event can neither block nor modify). `rule` evaluates conditions on tool arguments and can only
 * deny, and `approval` pauses a tool call: both only make sense before a tool runs.
 */
export const hookTypesByEvent: Record<HookEvent, ReadonlyArray<HookType>> = {
  OnRunStart: ['http'],
  PreToolUse: ['http', 'rule', 'approval'],
  PostToolUse: ['http'],
  PreResponse: ['http'],
  OnRunComplete: ['http'],
};

export const httpHookConfigSchema = z
  .object({
    url: httpUrlSchema(),
    headers: secretHeaderMapSchema.optional(),
    timeoutSeconds: z.number().int().min(1).max(60).default(5),
    secret: z
      .string()
      .min(16)
      .max(256)
      .optional()
      .describe('Signing secret for the webhook (write-only, encrypted at rest).'),
  })
  .strict()
  .openapi('HttpHookConfig');

const scalar = z.union([z.string().max(4000), z.number(), z.boolean()]);

export const ruleConditionSchema = z
  .object({
    path: z
      .string()
      .max(200)
      .regex(
        /^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/,
        'must be a dot path into the tool arguments, e.g. "query" or "options.table"',
      ),
    operator: z.enum(['CONTAINS', 'STARTS_WITH', 'MATCHES', 'IN']),
    value: z.union([scalar, z.array(scalar).min(1).max(500)]),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.operator === 'IN') {
      if (!Array.isArray(c.value))
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'IN needs an array of values' });
      return;
    }
    if (typeof c.value !== 'string') {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `${c.operator} needs a string value` });
      return;
    }
    if (c.operator === 'MATCHES') {
      const problem = userRegexProblem(c.value);
      if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem, params: UNPROCESSABLE_RULE });
    }
  })
  .openapi('HookRuleCondition', {
    // The refinement above, as JSON Schema (MATCHES values must also compile with RE2).
    if: { properties: { operator: { const: 'IN' } } },
    then: { properties: { value: { type: 'array' } } },
    else: { properties: { value: { type: 'string' } } },
  } as Partial<ZodOpenAPIMetadata>);
export type RuleCondition = z.infer<typeof ruleConditionSchema>;

export const ruleHookConfigSchema = z
  .object({
    conditions: z
      .array(ruleConditionSchema)
      .min(1)
      .max(50)
      .superRefine((conditions, ctx) => {
        // Evaluated together on every tool call of the rule: bound their total matching cost.
        const patterns = conditions.flatMap((c) =>
          c.operator === 'MATCHES' && typeof c.value === 'string' ? [c.value] : [],
        );
        const problem = userRegexListProblem(patterns);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, params: UNPROCESSABLE_RULE });
      })
      .describe(
        `All conditions must hold for the rule to match. A MATCHES value is a regular expression: ${USER_REGEX_RULE}`,
      ),
    decision: z
      .enum(['deny', 'allow'])
      .describe('`deny` blocks matching calls. `allow` is refused (422 `not_implemented`): rules have no order yet.'),
    reason: z.string().max(1000).optional(),
  })
  .strict()
  .openapi('RuleHookConfig');
export type RuleHookConfig = z.infer<typeof ruleHookConfigSchema>;

export const approvalHookConfigSchema = z
  .object({
    timeoutSeconds: z
      .number()
      .int()
      .min(1)
      .max(MAX_APPROVAL_SECONDS)
      .optional()
      .describe("Seconds a decision may take; defaults to the agent's approvalTimeoutSeconds."),
    expiresAfter: expiresAfterSchema
      .optional()
      .describe(
        'Another name for `timeoutSeconds` (give one): seconds or an ISO-8601 duration such as `PT30M`, `P2D`.',
      ),
    onExpiry: z
      .enum(['deny', 'approve', 'escalate'])
      .optional()
      .describe(
        'What the deadline decides: `deny` (default; the model sees `expiryReason`), `approve` (needs ' +
          '`allowAutoApprove`, else 422), `escalate` (to `escalation.approvers`, with its own deadline).',
      ),
    expiryReason: z.string().min(1).max(1000).optional().describe('Shown to the model when the deadline denies.'),
    allowAutoApprove: z
      .boolean()
      .optional()
      .describe('Must be true for `onExpiry` (or `escalation.onExpiry`) `approve`: opting in to unattended approval.'),
    escalation: approvalEscalationSchema.optional(),
    remindBefore: z
      .number()
      .int()
      .min(1)
      .max(MAX_APPROVAL_SECONDS)
      .optional()
      .describe(
        'Seconds before each deadline (first, and escalated when it fits) to send the `approval.reminder` webhook event.',
      ),
    approvers: z
      .array(apiKeyIdSchema)
      .min(1)
      .max(100)
      .optional()
      .describe('API key ids that may decide (403 for any other key); omitted = any key allowed to decide approvals.'),
    requesterMayNotApprove: z
      .boolean()
      .optional()
      .describe(
        'When true, the API key that started the generation may not decide its approvals (403). Default false.',
      ),
  })
  .strict()
  .superRefine(checkApprovalDeadlines)
  .openapi('ApprovalHookConfig');
export type ApprovalHookConfig = z.infer<typeof approvalHookConfigSchema>;

const hookCommon = {
  event: hookEventSchema,
  matcher: toolNameSchema
    .optional()
    .describe('A resolved tool name; omitted = every tool. Only for PreToolUse and PostToolUse.'),
};

function checkCombination(
  h: { event: HookEvent; type: HookType; matcher?: string | null },
  ctx: z.core.$RefinementCtx,
): void {
  if (h.matcher != null && !toolEvents.has(h.event)) {
    ctx.addIssue({
      code: 'custom',
      path: ['matcher'],
      message: `matcher only applies to PreToolUse and PostToolUse hooks, not ${h.event}`,
    });
  }
  if (!hookTypesByEvent[h.event].includes(h.type)) {
    ctx.addIssue({
      code: 'custom',
      path: ['type'],
      message: `${h.type} hooks are not valid on ${h.event} (allowed: ${hookTypesByEvent[h.event].join(', ')})`,
    });
  }
}

/** checkCombination as JSON Schema, derived from the same tables. */
function combinationRules() {
  const toolEventList = [...toolEvents];
  return [
    { anyOf: [{ properties: { event: { enum: toolEventList } } }, { not: { required: ['matcher'] } }] },
    {
      anyOf: hookTypeSchema.options.map((type) => ({
        properties: {
          type: { const: type },
          event: { enum: hookEventSchema.options.filter((e) => hookTypesByEvent[e].includes(type)) },
        },
      })),
    },
  ];
}

export const createHookSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('http'), ...hookCommon, config: httpHookConfigSchema }).strict(),
    z.object({ type: z.literal('rule'), ...hookCommon, config: ruleHookConfigSchema }).strict(),
    z.object({ type: z.literal('approval'), ...hookCommon, config: approvalHookConfigSchema.default({}) }).strict(),
  ])
  .superRefine(checkCombination)
  .openapi('CreateHook', {
    allOf: combinationRules(),
    example: { event: 'PreToolUse', type: 'approval', matcher: 'issue_refund', config: { timeoutSeconds: 3600 } },
  });
export type CreateHook = z.infer<typeof createHookSchema>;

/** PUT: the whole hook. Secret values (header values marked secret, `secret`) must be sent again. */
export const replaceHookSchema = createHookSchema.openapi('ReplaceHook');

/** PATCH: merge on top-level fields; `config` is replaced whole when given; null clears matcher. */
export const patchHookSchema = z
  .object({
    event: hookEventSchema.optional(),
    type: hookTypeSchema.optional(),
    matcher: toolNameSchema.nullable().optional(),
    config: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .openapi('PatchHook', { description: 'Merged with the stored hook, then checked like CreateHook.' });
export type PatchHook = z.infer<typeof patchHookSchema>;

export const hookConfigViewSchema = z
  .union([
    z
      .object({
        url: z.string(),
        headers: z.record(z.string(), z.string()).optional(),
        timeoutSeconds: z.number(),
        hasSecret: z.boolean(),
      })
      .openapi('HttpHookConfigView'),
    ruleHookConfigSchema,
    approvalHookConfigSchema,
  ])
  .openapi('HookConfig');

export const hookSchema = z
  .object({
    id: z.string(),
    projectId: z.string(),
    agentId: z.string(),
    event: hookEventSchema,
    type: hookTypeSchema,
    matcher: z.string().nullable(),
    config: hookConfigViewSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Hook');
export type HookView = z.infer<typeof hookSchema>;
