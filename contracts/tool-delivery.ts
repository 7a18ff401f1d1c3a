import { builtinDefinition } from './builtins/index.js';
import type { GenerationSnapshot, StoredMcpTool } from './snapshot.js';
import type { ToolDelivery } from './schemas/tools.js';

/**
 * The delivery guarantee of a call: the tool's own setting, else its builtin's; for an MCP tool without one, its
 * server's annotations decide — a destructive tool (not `readOnlyHint`, not `destructiveHint:
 * false`) is at-most-once, since MCP calls carry no idempotency key a server could deduplicate by.
 */
export function deliveryOf(
  snapshot: GenerationSnapshot,
  toolName: string,
  discovered: readonly StoredMcpTool[],
): ToolDelivery {
  const own = snapshot.tools.find((t) => t.name === toolName && t.type !== 'mcp');
  // A builtin that sends something (send_email) is at-most-once by its definition: it has no key to deduplicate by.
  if (own)
    return (
      own.delivery ?? (own.type === 'builtin' ? builtinDefinition(own.name)?.delivery : undefined) ?? 'at_least_once'
    );
  const mcpTool = discovered.find((t) => t.name === toolName);
  if (!mcpTool) return 'at_least_once';
  const server = snapshot.tools.find((t) => t.id === mcpTool.toolId);
  return server?.delivery ?? (mcpTool.destructive ? 'at_most_once' : 'at_least_once');
}
