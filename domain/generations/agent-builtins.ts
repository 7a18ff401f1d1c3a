import { builtinDefinition, builtinNeedsApproval, builtinDefinitions } from '../../contracts/builtins/index.js';
import type { PlannedTool } from '../../contracts/generation/index.js';
import type { SnapshotTool } from '../../contracts/snapshot.js';
import type { Agent, AgentTool } from '../../generated/prisma/client.js';
import { readAgentOptions } from '../../infra/db/json-columns.js';

/**
 * Builtins given to an agent by name (`builtins: "all" | [names]`, the goal-agent seed's way)
 * instead of one `builtin` tool resource each: offered on every step with their own description
 * and argument schema and no config, so a builtin that needs one (database_query's databaseUrl, …)
 * answers the model that it is not configured, and a builtin that waits for approval by default
 * (database_write) does. An attached tool of the same name takes precedence.
 */

const TIMEOUT_SECONDS = 30;
const MAX_RESULT_CHARS = 50_000;

/** The builtin names the agent is given by name, minus those an attached tool already offers. */
function namedBuiltins(agent: Agent, tools: AgentTool[]): string[] {
  const chosen = readAgentOptions(agent.extra).builtins;
  if (chosen === undefined) return [];
  const names = chosen === 'all' ? Object.keys(builtinDefinitions) : chosen;
  const attached = new Set(tools.map((t) => t.name));
  return names.filter((name) => builtinDefinition(name) !== undefined && !attached.has(name));
}

export function agentBuiltinSnapshotTools(agent: Agent, tools: AgentTool[]): SnapshotTool[] {
  return namedBuiltins(agent, tools).map((name) => {
    const def = builtinDefinition(name)!;
    return {
      id: `builtin:${name}`,
      type: 'builtin',
      name,
      description: def.description,
      parameters: def.parameters,
      execute: null,
      mcp: null,
      enabled: true,
      timeoutSeconds: TIMEOUT_SECONDS,
      readOnly: false,
      maxResultChars: MAX_RESULT_CHARS,
      delivery: null,
      config: null,
    };
  });
}

export function agentBuiltinPlannedTools(agent: Agent, tools: AgentTool[]): PlannedTool[] {
  return namedBuiltins(agent, tools).map((name) => ({
    id: `builtin:${name}`,
    name,
    type: 'builtin',
    readOnly: false,
    hasExecutor: true,
    timeoutSeconds: TIMEOUT_SECONDS,
    alwaysOffered: true,
    ...(builtinNeedsApproval(name, null) ? { requiresApproval: true } : {}),
  }));
}
