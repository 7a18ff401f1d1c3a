import { Ajv } from 'ajv';
import type { StoredMcpTool } from '../../contracts/snapshot.js';
import { unprocessable } from '../../contracts/errors.js';
import type { Generation } from '../../generated/prisma/client.js';
import { readSnapshot } from '../../infra/db/json-columns.js';

/**
 * The JSON Schema of a generation's tool, by the name the model called it (its configured tools,
 * then the MCP tools discovered at its start), and the check of arguments an approver edits.
 */

export function toolParameters(g: Generation, toolName: string): Record<string, unknown> | null {
  const configured = readSnapshot(g.snapshot).tools.find((t) => t.type !== 'mcp' && t.name === toolName);
  if (configured) return configured.parameters;
  const discovered = (g.discoveredTools as { tools?: StoredMcpTool[] } | null)?.tools ?? [];
  return discovered.find((t) => t.name === toolName)?.inputSchema ?? null;
}

// Tool schemas were checked when written (contracts/json-schema.ts).
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });

/** 422 listing every problem when edited arguments do not match the tool's schema. */
export function checkEditedArguments(schema: Record<string, unknown> | null, args: unknown): void {
  if (!schema) return;
  const validate = ajv.compile(schema);
  if (validate(args)) return;
  const problems = (validate.errors ?? []).map((e) => ({
    path: `body.arguments${e.instancePath.replace(/\//g, '.')}`,
    message: e.message ?? 'invalid',
  }));
  throw unprocessable(
    `The edited arguments do not match the tool's schema: ${problems[0]?.path} ${problems[0]?.message}`,
    {
      path: 'body.arguments',
      problems,
    },
  );
}
