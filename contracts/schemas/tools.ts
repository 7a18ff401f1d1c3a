import { jsonSchemaProblems } from '../json-schema.js';
import {
  z,
  agentIdSchema,
  boundedJsonObjectSchema,
  jsonObjectSchema,
  secretHeaderMapSchema,
  toolNameSchema,
} from './common.js';

/** A JSON Schema (draft-07) of type "object" for the tool's arguments; checked as a schema at write time. */
export const toolParametersSchema = jsonObjectSchema
  .superRefine((schema, ctx) => {
    for (const p of jsonSchemaProblems(schema)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  })
  .openapi('ToolParameters', {
    description: 'JSON Schema (draft-07) of the tool arguments; top-level type must be "object".',
    properties: { type: { const: 'object' } },
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
] as const;

const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);

const common = {
  name: toolNameSchema,
  description: z.string().max(4000).optional(),
  timeoutSeconds: z.number().int().min(1).max(3600).default(30),
  readOnly: z.boolean().default(false),
  maxResultChars: z.number().int().min(100).max(1_000_000).default(50_000),
};

const executeSchema = z
  .object({ url: httpUrl, headers: secretHeaderMapSchema.optional() })
  .strict()
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

export const httpToolSchema = z
  .object({ type: z.literal('http'), ...common, parameters: toolParametersSchema, execute: executeSchema.optional() })
  .strict()
  .openapi('HttpTool');

export const clientToolSchema = z
  .object({ type: z.literal('client'), ...common, parameters: toolParametersSchema })
  .strict()
  .openapi('ClientTool');

export const mcpToolSchema = z
  .object({
    type: z.literal('mcp'),
    ...common,
    name: mcpPrefixSchema,
    mcp: mcpConnectionSchema,
    enabled: z.boolean().default(true),
  })
  .strict()
  .openapi('McpTool');

export const agentToolTypeSchema = z
  .object({ type: z.literal('agent'), ...common, agentId: agentIdSchema, parameters: toolParametersSchema.optional() })
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
  .openapi('BuiltinTool');

export const createToolSchema = z
  .discriminatedUnion('type', [httpToolSchema, clientToolSchema, mcpToolSchema, agentToolTypeSchema, builtinToolSchema])
  .openapi('CreateAgentTool');
export type CreateTool = z.infer<typeof createToolSchema>;
export type ToolType = CreateTool['type'];

/** PUT: the whole tool (any type). Secret header values must be sent again. */
export const replaceToolSchema = createToolSchema.openapi('ReplaceAgentTool');

/**
 * PATCH: a merge patch on top-level fields; the result must be a valid tool of its type.
 * `execute`/`mcp` are replaced whole when given (their secret headers are kept when not given);
 * null clears a field (needed to drop the old type's fields when changing `type`).
 */
export const patchToolSchema = z
  .object({
    type: z.enum(['http', 'client', 'mcp', 'agent', 'builtin']).optional(),
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
    type: z.enum(['http', 'client', 'mcp', 'agent', 'builtin']),
    name: z.string(),
    description: z.string().nullable(),
    parameters: jsonObjectSchema.nullable(),
    execute: z.object({ url: z.string(), headers: z.record(z.string(), z.string()).optional() }).nullable(),
    mcp: z
      .object({ url: z.string(), transport: z.string(), headers: z.record(z.string(), z.string()).optional() })
      .nullable(),
    enabled: z.boolean(),
    agentId: z.string().nullable(),
    config: jsonObjectSchema.nullable(),
    timeoutSeconds: z.number(),
    readOnly: z.boolean(),
    maxResultChars: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('AgentTool');
export type ToolView = z.infer<typeof toolSchema>;
