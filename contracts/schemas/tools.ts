import { z, headerMapSchema, jsonObjectSchema, toolNameSchema } from './common.js';

/** A JSON Schema object for tool parameters; checked further (compiles, type object) at write time. */
const parametersSchema = jsonObjectSchema.refine(
  (s) => s.type === undefined || s.type === 'object',
  'tool parameters must be a JSON Schema of type "object"',
);

const common = {
  name: toolNameSchema,
  description: z.string().max(4000).optional(),
  timeoutSeconds: z.number().int().min(1).max(3600).default(30),
  readOnly: z.boolean().default(false),
  maxResultChars: z.number().int().min(100).max(1_000_000).default(50_000),
};

export const httpToolSchema = z
  .object({
    type: z.literal('http'),
    ...common,
    parameters: parametersSchema,
    execute: z
      .object({ url: z.url({ protocol: /^https?$/ }).max(2048), headers: headerMapSchema.optional() })
      .strict()
      .optional(),
  })
  .strict();

export const clientToolSchema = z.object({ type: z.literal('client'), ...common, parameters: parametersSchema }).strict();

export const mcpToolSchema = z
  .object({
    type: z.literal('mcp'),
    ...common,
    // The prefix of every tool discovered on the server: leave room for `_{mcpToolName}`.
    name: z.string().regex(/^[a-zA-Z0-9_-]{1,32}$/, 'must match ^[a-zA-Z0-9_-]{1,32}$ (it prefixes discovered names)'),
    mcp: z
      .object({
        url: z.url({ protocol: /^https?$/ }).max(2048),
        headers: headerMapSchema.optional(),
        transport: z.enum(['streamable_http', 'sse']).default('streamable_http'),
      })
      .strict(),
    enabled: z.boolean().default(true),
  })
  .strict();

export const agentToolTypeSchema = z
  .object({
    type: z.literal('agent'),
    ...common,
    agentId: z.string().regex(/^agt_[0-9a-zA-Z]{8,64}$/, 'must be an agent id (agt_…)'),
    parameters: parametersSchema.optional(),
  })
  .strict();

export const builtinToolSchema = z
  .object({ type: z.literal('builtin'), ...common, config: jsonObjectSchema.optional() })
  .strict();

export const createToolSchema = z
  .discriminatedUnion('type', [httpToolSchema, clientToolSchema, mcpToolSchema, agentToolTypeSchema, builtinToolSchema])
  .openapi('CreateAgentTool');
export type CreateTool = z.infer<typeof createToolSchema>;
export type ToolType = CreateTool['type'];

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
