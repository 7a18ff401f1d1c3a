import { z } from './common.js';
import { checkHttpTool, httpToolFields, mcpToolFields } from './tools.js';

/**
 * The entries of an agent's `customTools` and `mcpServers` (ADR 0046): built from the same fields
 * and rule as `HttpTool` and `McpTool`, so a rule added there applies inline too.
 */

/** An http tool defined on the agent itself: the fields and rules of an `HttpTool`, without `type`. */
export const agentCustomToolSchema = z
  .object(httpToolFields)
  .strict()
  .superRefine(checkHttpTool)
  .openapi('AgentInlineHttpTool', {
    description: 'An http tool owned by the agent: the fields and rules of HttpTool (POST /v1/tools), without `type`.',
  });

/** An MCP server connected on the agent itself: the fields of an `McpTool`, without `type`. */
export const agentMcpServerSchema = z.object(mcpToolFields).strict().openapi('AgentInlineMcpServer', {
  description:
    'An mcp tool owned by the agent: the fields of McpTool (POST /v1/tools), without `type`; `name` prefixes the tools discovered on the server.',
});

/** How both lists are written (their description in the document). */
export const ownedToolsRule =
  'Stored as tools owned by the agent (GET /v1/tools shows them with ownerAgentId; their ids are in toolIds). Entries are matched to the owned tools by name: the same name updates that tool in place (same id), a new name creates one, an owned tool no longer listed is deleted. Names must not collide with each other or with the attached tools (422). Secret header values must be sent again on every write that gives this list. PATCH without the field keeps them; PUT without it removes them. The key also needs agents:CreateAgentTool, UpdateAgentTool or DeleteAgentTool for the owned tools a write creates, updates or deletes (403).';
