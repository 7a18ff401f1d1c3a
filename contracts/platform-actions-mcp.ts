import { z } from 'zod';
import type { PlatformActionSpec } from './platform-actions.js';
import {
  createAgentSchema,
  createToolSchema,
  listTracesQuerySchema,
  patchAgentSchema,
  patchToolSchema,
} from './schemas/index.js';

/**
 * Management actions offered over `/mcp` only (seed 001's table names; the project's shorter
 * spellings are aliases, contracts/platform-actions.ts). They are not in `platformActions`, so a
 * platform tool cannot list them (422 unknown action): an agent given them could rewrite its own
 * configuration, boundary policy included, or make tools that reach further than its boundary
 * intends. An MCP client acts as its key, like a REST caller.
 *
 * Each one runs the REST endpoint it names (api/mcp/management.ts): the arguments are that
 * endpoint's path parameters plus its body (or query), validated by the same zod schema, checked
 * with the same policy action and resource, handled by the same handler. Updates are the merge
 * patches of the PATCH endpoints. The parameters below are those schemas as JSON Schema.
 */
export interface McpManagementActionSpec extends PlatformActionSpec {
  /** Arguments that are path parameters of the endpoint; the rest is its body (`query` for a GET). */
  pathParams: string[];
  rest: 'body' | 'query' | 'none';
}

type Json = Record<string, unknown>;
const jsonSchema = (schema: z.ZodType): Json => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return rest;
};
const str = (description: string) => ({ type: 'string', description });
const arg = (args: Record<string, unknown>, name: string) => (typeof args[name] === 'string' ? args[name] : '');

/** A body schema with an id argument in front (the endpoint's path parameter). */
function withId(id: string, description: string, body?: z.ZodType): Json {
  const schema = body ? jsonSchema(body) : { type: 'object', additionalProperties: false };
  const properties = (schema.properties ?? {}) as Json;
  const required = (schema.required ?? []) as string[];
  return { ...schema, properties: { [id]: str(description), ...properties }, required: [id, ...required] };
}

export const mcpManagementActions: McpManagementActionSpec[] = [
  {
    name: 'create-agent',
    description: 'Create an agent (the body of POST /v1/agents).',
    parameters: jsonSchema(createAgentSchema),
    policyAction: 'agents:CreateAgent',
    resource: () => 'agents/*',
    readOnly: false,
    pathParams: [],
    rest: 'body',
  },
  {
    name: 'update-agent',
    description:
      'Change an agent: the fields given replace the stored ones (the merge patch of PATCH /v1/agents/{agentId}).',
    parameters: withId('agentId', 'The agent (agt_…)', patchAgentSchema),
    policyAction: 'agents:UpdateAgent',
    resource: (a) => `agents/${arg(a, 'agentId')}`,
    readOnly: false,
    pathParams: ['agentId'],
    rest: 'body',
  },
  {
    name: 'delete-agent',
    description: 'Delete an agent (refused while agent tools call it).',
    parameters: withId('agentId', 'The agent (agt_…)'),
    policyAction: 'agents:DeleteAgent',
    resource: (a) => `agents/${arg(a, 'agentId')}`,
    readOnly: false,
    pathParams: ['agentId'],
    rest: 'none',
  },
  {
    name: 'create-agent-tool',
    description: 'Create a tool agents can use (the body of POST /v1/tools; `type` picks its kind).',
    parameters: { type: 'object', ...jsonSchema(createToolSchema) },
    policyAction: 'agents:CreateAgentTool',
    resource: () => 'tools/*',
    readOnly: false,
    pathParams: [],
    rest: 'body',
  },
  {
    name: 'update-agent-tool',
    description:
      'Change a tool: the fields given replace the stored ones (the merge patch of PATCH /v1/tools/{toolId}).',
    parameters: withId('toolId', 'The tool (agt_tool_…)', patchToolSchema),
    policyAction: 'agents:UpdateAgentTool',
    resource: (a) => `tools/${arg(a, 'toolId')}`,
    readOnly: false,
    pathParams: ['toolId'],
    rest: 'body',
  },
  {
    name: 'delete-agent-tool',
    description: 'Delete a tool (refused while agents use it).',
    parameters: withId('toolId', 'The tool (agt_tool_…)'),
    policyAction: 'agents:DeleteAgentTool',
    resource: (a) => `tools/${arg(a, 'toolId')}`,
    readOnly: false,
    pathParams: ['toolId'],
    rest: 'none',
  },
  {
    name: 'list-agent-traces',
    description:
      "List the project's traces, newest first (the query of GET /v1/traces: agentId, status, dates, paging).",
    parameters: jsonSchema(listTracesQuerySchema),
    policyAction: 'agents:ListAgentTraces',
    resource: () => 'traces/*',
    readOnly: true,
    pathParams: [],
    rest: 'query',
  },
];
