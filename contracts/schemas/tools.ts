import { builtinCatalog, builtinConfigIssues, builtinConfigRules } from '../builtins/index.js';
import { HTTP_TOOL_METHODS, urlPlaceholders } from '../http-tool-request.js';
import { DRAFT_07, jsonSchemaProblems, statedSchemaProblems } from '../json-schema.js';
import {
  z,
  agentIdSchema,
  boundedJsonObjectSchema,
  httpUrlSchema,
  httpUrlTemplateSchema,
  jsonObjectSchema,
  orNull,
  secretHeaderMapSchema,
  toolNameSchema,
  UNPROCESSABLE_RULE,
} from './common.js';

/** The top-level keywords whose rules the document states (ToolParameters below). */
const STATED_KEYWORDS = new Set<unknown>(['type', '$schema']);

/**
 * A JSON Schema (draft-07) of type "object" for the tool's arguments; checked as a schema at write
 * time. The document states the top-level `type` and `$schema` (a 400 when broken); the rest
 * (draft-07's meta-schema, `required` names declared in `properties`, local `$ref`s, compiling
 * patterns, the size bound) is not in the document: breaking only those is a 422.
 */
export const toolParametersSchema = jsonObjectSchema
  .superRefine((schema, ctx) => {
    for (const p of jsonSchemaProblems(schema))
      if (!(p.path.length === 1 && STATED_KEYWORDS.has(p.path[0])))
        ctx.addIssue({ code: 'custom', path: p.path, message: p.message, params: UNPROCESSABLE_RULE });
    for (const p of statedSchemaProblems(schema)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  })
  .openapi('ToolParameters', {
    description:
      'JSON Schema (draft-07) of the tool arguments; top-level type must be "object". It must be a valid draft-07 ' +
      'schema whose `required` names are declared in `properties`, whose `$ref`s point inside it (#/…) and whose ' +
      'patterns compile, nested at most 32 levels with at most 20,000 values; a schema that breaks only these ' +
      'rules is a 422.',
    properties: { type: { const: 'object' }, $schema: { type: 'string', pattern: DRAFT_07.source } },
    required: ['type'],
  });

/** The builtin tools; a builtin tool's name is one of these ids. */
export const builtinToolNames = [
  'agent_clarify',
  'session_cache_list',
  'session_cache_get',
  'http_request',
  'database_query',
  'database_write',
  'code_execute',
  'web_search',
  'web_scrape',
  'send_email',
  'storage_read',
  'storage_write',
  'storage_list',
  'summarize',
  'generate_text',
  'memory_save',
  'memory_search',
  'memory_forget',
  'classify_document',
  'extract_from_document',
  // Refused (422 not_implemented, contracts/builtins/refused.ts): named so the answer can say why.
  'fetch_drive_file',
] as const;

const httpUrl = httpUrlSchema();

const common = {
  name: toolNameSchema,
  description: z.string().max(4000).optional(),
  timeoutSeconds: z.number().int().min(1).max(3600).default(30),
  readOnly: z.boolean().default(false),
  maxResultChars: z.number().int().min(100).max(1_000_000).default(50_000),
};

/**
 * What a retry after an interrupted call does (a worker crash or timeout mid-call):
 * `at_least_once` calls the tool again (http tools get the same Idempotency-Key);
 * `at_most_once` never calls it again and gives the model an "outcome unknown" result.
 */
export const toolDeliverySchema = z.enum(['at_least_once', 'at_most_once']).openapi('ToolDelivery', {
  description:
    'at_least_once: an interrupted call is retried (http tools with the same Idempotency-Key). at_most_once: an interrupted call is never repeated; the model gets an "outcome unknown" result and the trace says so.',
});
export type ToolDelivery = z.infer<typeof toolDeliverySchema>;

const executeSchema = z
  .object({
    url: httpUrlTemplateSchema().describe(
      'May hold `{argument}` placeholders in its path and query (`/orders/{orderId}?status={status}`), filled from the call (URL-encoded).',
    ),
    method: z
      .enum(HTTP_TOOL_METHODS)
      .optional()
      .describe(
        'Default POST. GET and DELETE send the arguments no placeholder used as query parameters; POST, PUT and PATCH as the body.',
      ),
    bodyEncoding: z
      .enum(['json', 'form'])
      .optional()
      .describe('The body of POST, PUT and PATCH: JSON (default) or application/x-www-form-urlencoded.'),
    headers: secretHeaderMapSchema.optional(),
  })
  .strict()
  .superRefine((e, ctx) => {
    if (e.bodyEncoding !== undefined && (e.method === 'GET' || e.method === 'DELETE'))
      ctx.addIssue({
        code: 'custom',
        path: ['bodyEncoding'],
        message: `a ${e.method} request has no body`,
        params: UNPROCESSABLE_RULE,
      });
  })
  .openapi('ToolExecute', {
    description: 'Header values may be { value, secret: true }: encrypted at rest and shown as "[secret]".',
  });

const mcpConnectionSchema = z
  .object({
    url: httpUrl,
    headers: secretHeaderMapSchema.optional(),
    transport: z.enum(['streamable_http', 'sse']).default('streamable_http'),
  })
  .strict()
  .openapi('ToolMcpConnection');

/** The prefix of every tool discovered on an MCP server: leaves room for `_{mcpToolName}`. */
const mcpPrefixSchema = z
  .string()
  .regex(/^[a-zA-Z0-9_-]{1,32}$/, 'must match ^[a-zA-Z0-9_-]{1,32}$ (it prefixes discovered names)');

/**
 * The fields of an http tool but its `type`, and its cross-field rule: shared by `HttpTool` and an
 * agent's inline `customTools` (zod cannot omit a field of a refined object, so both are built here).
 */
export const httpToolFields = {
  ...common,
  parameters: toolParametersSchema,
  execute: executeSchema.optional(),
  delivery: toolDeliverySchema.default('at_least_once'),
};

export function checkHttpTool(
  tool: { parameters: Record<string, unknown>; execute?: { url: string } | undefined },
  ctx: z.RefinementCtx,
): void {
  // Every placeholder must name a declared argument, or the model is never asked for it.
  const declared = Object.keys((tool.parameters as { properties?: object } | undefined)?.properties ?? {});
  const unknown = urlPlaceholders(tool.execute?.url ?? '').filter((name) => !declared.includes(name));
  if (unknown.length)
    ctx.addIssue({
      code: 'custom',
      path: ['execute', 'url'],
      message: `placeholders name no property of parameters: ${unknown.join(', ')}`,
      params: UNPROCESSABLE_RULE,
    });
}

export const httpToolSchema = z
  .object({ type: z.literal('http'), ...httpToolFields })
  .strict()
  .superRefine(checkHttpTool)
  .openapi('HttpTool');

// A client tool's call waits for the client and an agent tool's for the child generation: neither
// applies a per-call timeout yet (a timed-out pause must settle against an answer claimed at the
// same moment, as approval expiry does), so the field is refused rather than ignored.
const unappliedTimeout = common.timeoutSeconds
  .unwrap()
  .optional()
  .describe(
    'Refused (422 `not_implemented`): the call waits for the client or the child generation without a timeout.',
  );

export const clientToolSchema = z
  .object({ type: z.literal('client'), ...common, timeoutSeconds: unappliedTimeout, parameters: toolParametersSchema })
  .strict()
  .openapi('ClientTool');

/** The fields of an mcp tool but its `type`: shared by `McpTool` and an agent's inline `mcpServers`. */
export const mcpToolFields = {
  ...common,
  name: mcpPrefixSchema,
  mcp: mcpConnectionSchema,
  enabled: z.boolean().default(true),
  /** Absent: destructive tools of the server (per their MCP annotations) at_most_once, the others at_least_once. */
  delivery: toolDeliverySchema.optional(),
};

export const mcpToolSchema = z
  .object({ type: z.literal('mcp'), ...mcpToolFields })
  .strict()
  .openapi('McpTool');

export const agentToolTypeSchema = z
  .object({
    type: z.literal('agent'),
    ...common,
    timeoutSeconds: unappliedTimeout,
    agentId: agentIdSchema,
    parameters: toolParametersSchema.optional(),
  })
  .strict()
  .openapi('AgentCallTool');

export const builtinToolSchema = z
  .object({
    type: z.literal('builtin'),
    ...common,
    name: z.enum(builtinToolNames),
    config: boundedJsonObjectSchema.optional(),
  })
  .strict()
  .superRefine((tool, ctx) => {
    for (const issue of builtinConfigIssues(tool.name, tool.config))
      ctx.addIssue({ code: 'custom', path: ['config', ...issue.path], message: issue.message });
  })
  .openapi('BuiltinTool', {
    description:
      'A tool implemented by the platform. `name` is the builtin id; `config` is checked against that builtin ' +
      "(see x-builtins: each builtin's description, limits, the JSON Schema of the arguments the model sends, and " +
      'the JSON Schema of its config). `fetch_drive_file` is refused (422 `not_implemented`): it would need Google ' +
      'OAuth credentials and a Google Drive API integration.',
    allOf: builtinConfigRules(builtinToolNames),
    'x-builtins': builtinCatalog(),
  } as Record<string, unknown>);

const platformFields = {
  ...common,
  // Each action says whether it only reads (contracts/platform-actions.ts); a tool-wide readOnly
  // would override that for writes, so it is refused (422 not_implemented) rather than ignored.
  readOnly: z
    .boolean()
    .optional()
    .describe("Refused (422 `not_implemented`): each action's own read-only flag decides."),
  // The prefix of `{name}_{action}`: leaves room for the longest action name.
  name: mcpPrefixSchema,
  actions: z
    .array(z.string().min(1).max(100))
    .min(1)
    .max(50)
    .describe("Actions of the platform's registry (e.g. list-agents, create-agent-generation); unknown ones are a 422"),
};

export const platformToolSchema = z
  .object({ type: z.literal('platform'), ...platformFields })
  .strict()
  .openapi('PlatformTool', {
    description: 'Platform actions as tools; the model sees `{name}_{action}` (dashes as underscores).',
  });

/** `soat`: another name for `platform` (stored and shown as `platform`). */
export const soatToolSchema = z
  .object({ type: z.literal('soat'), ...platformFields })
  .strict()
  .openapi('SoatTool', { description: 'Alias of PlatformTool.' });

export const createToolSchema = z
  .discriminatedUnion('type', [
    httpToolSchema,
    clientToolSchema,
    mcpToolSchema,
    agentToolTypeSchema,
    builtinToolSchema,
    platformToolSchema,
    soatToolSchema,
  ])
  .openapi('CreateAgentTool');
export type CreateTool = z.infer<typeof createToolSchema>;
export type ToolType = Exclude<CreateTool['type'], 'soat'>;

/** PUT: the whole tool (any type). Secret header values must be sent again. */
export const replaceToolSchema = createToolSchema.openapi('ReplaceAgentTool');

/**
 * PATCH: a merge patch on top-level fields; the result must be a valid tool of its type.
 * `execute`/`mcp` are replaced whole when given (their secret headers are kept when not given);
 * null clears a field (needed to drop the old type's fields when changing `type`).
 */
export const patchToolSchema = z
  .object({
    type: z.enum(['http', 'client', 'mcp', 'agent', 'builtin', 'platform', 'soat']).optional(),
    name: toolNameSchema.optional(),
    description: common.description.unwrap().nullable().optional(),
    timeoutSeconds: common.timeoutSeconds.unwrap().optional(),
    readOnly: z.boolean().optional(),
    maxResultChars: common.maxResultChars.unwrap().optional(),
    parameters: jsonObjectSchema.nullable().optional(),
    execute: jsonObjectSchema.nullable().optional(),
    mcp: jsonObjectSchema.nullable().optional(),
    enabled: z.boolean().nullable().optional(),
    agentId: agentIdSchema.nullable().optional(),
    config: jsonObjectSchema.nullable().optional(),
    delivery: orNull(toolDeliverySchema).optional(),
    actions: platformFields.actions.nullable().optional(),
  })
  .strict()
  .openapi('PatchAgentTool', {
    description: 'Fields are checked against the tool type after merging (see CreateAgentTool).',
  });
export type PatchTool = z.infer<typeof patchToolSchema>;

export const toolSchema = z
  .object({
    id: z.string(),
    projectId: z.string(),
    type: z.enum(['http', 'client', 'mcp', 'agent', 'builtin', 'platform']),
    name: z.string(),
    description: z.string().nullable(),
    parameters: jsonObjectSchema.nullable(),
    execute: z
      .object({
        url: z.string(),
        method: z.enum(HTTP_TOOL_METHODS),
        bodyEncoding: z.enum(['json', 'form']).optional(),
        headers: z.record(z.string(), z.string()).optional(),
      })
      .nullable(),
    mcp: z
      .object({ url: z.string(), transport: z.string(), headers: z.record(z.string(), z.string()).optional() })
      .nullable(),
    enabled: z.boolean(),
    agentId: z.string().nullable(),
    config: jsonObjectSchema.nullable(),
    actions: z.array(z.string()).nullable(),
    timeoutSeconds: z.number(),
    readOnly: z.boolean(),
    maxResultChars: z.number(),
    /** http and mcp tools; null on an mcp tool = by annotation (destructive tools at_most_once). */
    delivery: orNull(toolDeliverySchema),
    ownerAgentId: z
      .string()
      .nullable()
      .describe(
        'Set on a tool defined inline on an agent (its customTools or mcpServers): only that agent uses it, it is edited through the agent and deleted with it.',
      ),
    importedFrom: z
      .object({ source: z.string(), operation: z.string() })
      .nullable()
      .describe('Set on a tool made by POST /v1/tools/import/openapi: importing that document again updates it.'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('AgentTool');
export type ToolView = z.infer<typeof toolSchema>;

/** One entry of the builtin catalogue (`GET /v1/builtin-tools`): what a builtin tool takes and does. */
export const builtinToolTypeSchema = z
  .object({
    name: z.enum(builtinToolNames).describe('The `name` of a `builtin` tool.'),
    description: z.string().describe('What the model is told the tool does.'),
    limits: z.string().describe('The limits the builtin enforces.'),
    parameters: z.record(z.string(), z.unknown()).describe('JSON Schema of the arguments the model sends.'),
    config: z.record(z.string(), z.unknown()).describe("JSON Schema of the tool's `config`."),
    secretConfigKeys: z.array(z.string()).describe('Config keys stored encrypted and never returned.'),
    requiresApprovalByDefault: z
      .boolean()
      .describe('Calls wait for a human approval unless the config says `requireApproval: false`.'),
  })
  .openapi('BuiltinCatalogEntry');
export type BuiltinToolTypeView = z.infer<typeof builtinToolTypeSchema>;

export const builtinToolTypeListSchema = z.object({ data: z.array(builtinToolTypeSchema) }).openapi('BuiltinCatalog');
