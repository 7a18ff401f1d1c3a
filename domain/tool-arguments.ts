import { ApiError } from '../contracts/errors.js';
import type { StoredMcpTool } from '../contracts/snapshot.js';
import type { Generation } from '../generated/prisma/client.js';
import { readSnapshot } from '../infra/db/json-columns.js';
import { untrustedPool, UntrustedWorkError } from '../infra/isolation/untrusted-pool.js';
import { toolArgumentProblemsTask, type ArgumentProblem } from './tool-argument-check.js';

/** The JSON Schema of a generation's tool by the name the model called it: configured tools, then discovered MCP tools. */
export function toolParameters(
  g: Pick<Generation, 'snapshot' | 'discoveredTools'>,
  toolName: string,
): Record<string, unknown> | null {
  const configured = readSnapshot(g.snapshot).tools.find((t) => t.type !== 'mcp' && t.name === toolName);
  if (configured) return configured.parameters;
  const discovered = (g.discoveredTools as { tools?: StoredMcpTool[] } | null)?.tools ?? [];
  return discovered.find((t) => t.name === toolName)?.inputSchema ?? null;
}

/** How long an approver's edited arguments may take to check (on the untrusted-work pool). */
export const TOOL_ARGUMENT_CHECK_MS = 2000;

/**
 * Checks arguments a person wrote for a tool call (an approver's edit) against the tool's
 * parameters JSON Schema, so a reviewer cannot send the tool what the model could not be told to.
 * A check that does not finish in time refuses the edit (fail closed): 422.
 */
export async function checkToolArguments(
  schema: Record<string, unknown> | null | undefined,
  args: unknown,
  projectId: string,
): Promise<ArgumentProblem[]> {
  if (!schema) return [];
  try {
    return await untrustedPool().run(
      toolArgumentProblemsTask,
      { schema, args },
      { projectId, timeMs: TOOL_ARGUMENT_CHECK_MS },
    );
  } catch (err) {
    if (!(err instanceof UntrustedWorkError)) throw err;
    throw new ApiError(
      422,
      'unprocessable',
      `The edited arguments could not be checked against the tool's parameters: ${err.message}`,
    );
  }
}
