import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../../contracts/errors.js';
import { mcpManagementActions, type McpManagementActionSpec } from '../../contracts/platform-actions-mcp.js';
import type { AppContext } from '../context.js';
import type { AuthInfo } from '../http.js';
import type { AnyRouteSpec } from '../openapi/spec.js';
import { agentRoutes } from '../routes/agents.operations.js';
import { toolRoutes } from '../routes/tools.operations.js';
import { traceRoutes } from '../routes/traces.operations.js';
import { invokeRoute } from '../routing.js';

/**
 * The `/mcp`-only management actions (contracts/platform-actions-mcp.ts), each run as the REST
 * endpoint below through `invokeRoute`: that endpoint's policy check, zod validation and handler.
 */
const endpoints: Record<string, AnyRouteSpec> = {
  'create-agent': agentRoutes.create,
  'update-agent': agentRoutes.patch,
  'delete-agent': agentRoutes.delete,
  'create-agent-tool': toolRoutes.create,
  'update-agent-tool': toolRoutes.patch,
  'delete-agent-tool': toolRoutes.delete,
  'list-agent-traces': traceRoutes.list,
};

export function managementAction(name: string): McpManagementActionSpec | undefined {
  return mcpManagementActions.find((a) => a.name === name);
}

const reply = (value: unknown, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  ...(isError ? { isError: true } : {}),
});

/**
 * Splits the arguments into the endpoint's path parameters and its body (or query), runs it, and
 * answers with its result; an error status is a tool error with the REST error's message, code,
 * status and details. A deletion (204) answers `{ id, deleted: true }`.
 */
export async function runManagementAction(
  ctx: AppContext,
  auth: AuthInfo,
  spec: McpManagementActionSpec,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const params: Record<string, string> = {};
  const rest: Record<string, unknown> = { ...args };
  for (const name of spec.pathParams) {
    params[name] = typeof args[name] === 'string' ? args[name] : '';
    delete rest[name];
  }
  const raw = {
    params,
    query: spec.rest === 'query' ? rest : {},
    body: spec.rest === 'body' ? rest : undefined,
  };
  try {
    if (spec.rest === 'none' && Object.keys(rest).length)
      throw new ApiError(400, 'invalid_request', `Invalid arguments: unknown field "${Object.keys(rest)[0]}"`);
    const { status, result } = await invokeRoute(ctx, endpoints[spec.name]!, auth, raw);
    if (status === 204) return reply({ id: Object.values(params)[0], deleted: true });
    return reply(result);
  } catch (err) {
    if (err instanceof ApiError)
      return reply({ error: err.message, code: err.code, status: err.status, details: err.details ?? null }, true);
    throw err;
  }
}
