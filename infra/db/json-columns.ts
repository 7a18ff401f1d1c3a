import { HTTP_TOOL_METHODS } from '../../contracts/http-tool-request.js';
import { z } from 'zod';
import type { LoopPlan } from '../../contracts/generation/index.js';
import {
  agentFields,
  policySchema,
  providerKindSchema,
  type guardrailsSchema,
  type ApprovalHookConfig,
  type RuleHookConfig,
} from '../../contracts/schemas/index.js';
import type { GenerationSnapshot, StoredHeaderValue } from '../../contracts/snapshot.js';

/**
 * Readers of the JSON columns: each column is parsed once, with a schema, where it is read, so
 * defaults live in one place and a malformed row fails loudly instead of flowing on as a cast.
 */

const storedHeaderValueSchema: z.ZodType<StoredHeaderValue> = z.union([
  z.string(),
  z.object({ encrypted: z.string() }),
]);
const storedHeadersSchema = z.record(z.string(), storedHeaderValueSchema);

/** An http hook's config as stored: secret header values and the signing secret encrypted. */
const storedHttpHookConfigSchema = z.object({
  url: z.string(),
  headers: storedHeadersSchema.optional(),
  timeoutSeconds: z.number().int().default(5),
  secretEncrypted: z.string().optional(),
});
export type StoredHttpHookConfig = z.infer<typeof storedHttpHookConfigSchema>;

export function readHttpHookConfig(config: unknown): StoredHttpHookConfig {
  return storedHttpHookConfigSchema.parse(config);
}

const scalarSchema = z.union([z.string(), z.number(), z.boolean()]);

/**
 * Stored rule configs are read for their shape only: their patterns were checked when written, and
 * a pattern that a later, stricter check would refuse must not make the agent unusable.
 */
const storedRuleHookConfigSchema = z.object({
  conditions: z.array(
    z.object({
      path: z.string(),
      operator: z.enum(['CONTAINS', 'STARTS_WITH', 'MATCHES', 'IN']),
      value: z.union([scalarSchema, z.array(scalarSchema)]),
    }),
  ),
  decision: z.enum(['deny', 'allow']),
  reason: z.string().optional(),
}) satisfies z.ZodType<RuleHookConfig>;

export function readRuleHookConfig(config: unknown): RuleHookConfig {
  return storedRuleHookConfigSchema.parse(config);
}

/** Read for shape only: approvers written before they had to be key ids still read (and match no key). */
const storedApprovalHookConfigSchema = z.object({
  timeoutSeconds: z.number().optional(),
  expiresAfter: z.union([z.number(), z.string()]).optional(),
  onExpiry: z.enum(['deny', 'approve', 'escalate']).optional(),
  expiryReason: z.string().optional(),
  allowAutoApprove: z.boolean().optional(),
  escalation: z
    .object({
      approvers: z.array(z.string()),
      expiresAfter: z.union([z.number(), z.string()]),
      onExpiry: z.enum(['deny', 'approve']).default('deny'),
      expiryReason: z.string().optional(),
    })
    .optional(),
  remindBefore: z.number().optional(),
  approvers: z.array(z.string()).optional(),
  requesterMayNotApprove: z.boolean().optional(),
}) satisfies z.ZodType<ApprovalHookConfig>;

export function readApprovalHookConfig(config: unknown): ApprovalHookConfig {
  return storedApprovalHookConfigSchema.parse(config ?? {});
}

const agentOptionsSchema = z.object({
  allowClarification: agentFields.allowClarification,
  knowledgeBaseIds: z.array(z.string()).default([]),
  requireApprovalFor: agentFields.requireApprovalFor,
  multitaskStrategy: agentFields.multitaskStrategy,
  welcomeMessage: agentFields.welcomeMessage,
  branding: agentFields.branding,
  contextResolvers: agentFields.contextResolvers,
  businessHours: agentFields.businessHours,
  modelParameters: agentFields.modelParameters,
  compaction: agentFields.compaction,
  memoryRecall: agentFields.memoryRecall,
  builtins: agentFields.builtins,
});
export type AgentOptions = z.infer<typeof agentOptionsSchema>;

/** Agent options kept in the `extra` column. */
export function readAgentOptions(extra: unknown): AgentOptions {
  return agentOptionsSchema.parse(extra ?? {});
}

/** Stored guardrails, read for their shape only (their patterns were checked when written). */
const storedGuardrailsSchema = z.object({
  blockPatterns: z.array(z.string()).default([]),
  requireToolFor: z.array(z.string()).default([]),
}) satisfies z.ZodType<z.infer<typeof guardrailsSchema>>;
export type Guardrails = z.infer<typeof storedGuardrailsSchema>;

export function readGuardrails(guardrails: unknown): Guardrails {
  return storedGuardrailsSchema.parse(guardrails ?? {});
}

const toolTypeSchema = z.enum(['http', 'client', 'mcp', 'agent', 'builtin', 'platform']);

const snapshotProviderSchema = z.object({
  id: z.string(),
  kind: providerKindSchema,
  baseUrl: z.string().nullable(),
  apiKeyEncrypted: z.string().nullable(),
  defaultModel: z.string(),
  headers: z.record(z.string(), z.string()).nullable(),
});

// Loose at the top level: a field added to the snapshot later is kept, never silently dropped.
const snapshotSchema = z.looseObject({
  agent: z.object({
    id: z.string(),
    name: z.string(),
    instructions: z.string().nullable(),
    temperature: z.number().nullable(),
    boundaryPolicy: policySchema.nullable().optional(),
    inheritedBoundaryPolicies: z.array(policySchema).optional(),
  }),
  model: z.string(),
  provider: snapshotProviderSchema,
  tools: z.array(
    z.object({
      id: z.string(),
      type: toolTypeSchema,
      name: z.string(),
      description: z.string().nullable(),
      parameters: z.record(z.string(), z.unknown()).nullable(),
      execute: z
        .object({
          url: z.string(),
          method: z.enum(HTTP_TOOL_METHODS).optional(),
          bodyEncoding: z.enum(['json', 'form']).optional(),
          headers: storedHeadersSchema.optional(),
        })
        .nullable(),
      mcp: z
        .object({
          url: z.string(),
          headers: storedHeadersSchema.optional(),
          transport: z.enum(['streamable_http', 'sse']),
        })
        .nullable()
        .optional(),
      enabled: z.boolean().optional(),
      config: z.record(z.string(), z.unknown()).nullable().optional(),
      agentId: z.string().nullable().optional(),
      action: z.string().optional(),
      timeoutSeconds: z.number(),
      readOnly: z.boolean(),
      maxResultChars: z.number(),
      delivery: z.enum(['at_least_once', 'at_most_once']).nullable().optional(),
    }),
  ),
  hooks: z.array(
    z.object({
      id: z.string(),
      event: z.string(),
      type: z.enum(['http', 'rule', 'approval']),
      matcher: z.string().nullable(),
      config: z.record(z.string(), z.unknown()),
    }),
  ),
  webhooks: z
    .array(z.object({ id: z.string(), url: z.string(), events: z.array(z.string()), secretEncrypted: z.string() }))
    .optional(),
  guardrails: storedGuardrailsSchema,
  knowledgeBases: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
  // The plan was built by the API from validated input and is the workflow's argument; it is
  // checked for shape here, not re-validated field by field.
  plan: z.custom<LoopPlan>(
    (v) => typeof v === 'object' && v !== null && Array.isArray((v as { tools?: unknown }).tools),
  ),
  firstMessageSeq: z.number().int(),
  memory: z
    .object({ strategy: z.enum(['all', 'last_k']), k: z.number().int().optional() })
    .nullable()
    .optional(),
  contextWindow: z.number().int().nullable().optional(),
  compaction: z.object({ model: z.string(), provider: snapshotProviderSchema }).optional(),
  modelParameters: z
    .object({
      temperature: z.number().optional(),
      maxTokens: z.number().int().optional(),
      stopSequences: z.array(z.string()).optional(),
    })
    .optional(),
}) satisfies z.ZodType<GenerationSnapshot>;

/** The configuration a generation runs with (the `snapshot` column). */
export function readSnapshot(snapshot: unknown): GenerationSnapshot {
  return snapshotSchema.parse(snapshot);
}
