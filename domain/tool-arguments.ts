import { Ajv, type ErrorObject } from 'ajv';
import type { StoredMcpTool } from '../contracts/snapshot.js';
import { userRegexProblem, userRegexTest } from '../contracts/user-regex.js';
import type { Generation } from '../generated/prisma/client.js';
import { readSnapshot } from '../infra/db/json-columns.js';

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

/** ajv's regex engine hook; `code` only names it in standalone output, which is not used here. */
const re2Engine = Object.assign(
  // A pattern RE2 cannot run (stored before patterns were checked for it) is not enforced.
  (pattern: string) => ({ test: (text: string) => userRegexProblem(pattern) !== null || userRegexTest(pattern, text) }),
  { code: 're2' },
);

/**
 * Checks arguments a person wrote for a tool call (an approver's edit) against the tool's
 * parameters JSON Schema, so a reviewer cannot send the tool what the model could not be told to.
 * `pattern` keywords are tenant regexes: they run on RE2 (linear time), like every user pattern.
 */
export function toolArgumentProblems(
  schema: Record<string, unknown> | null | undefined,
  args: unknown,
): Array<{ path: string; message: string }> {
  if (!schema) return [];
  // A fresh instance: each schema is compiled once per decision and not cached for the process's life.
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true, code: { regExp: re2Engine } });
  let validate;
  try {
    validate = ajv.compile(schema);
  } catch {
    return []; // stored schemas were checked when the tool was written; one that ajv cannot compile checks nothing
  }
  if (validate(args)) return [];
  return (validate.errors ?? []).slice(0, 20).map((e: ErrorObject) => ({
    path: `body.arguments${e.instancePath.replace(/\//g, '.')}`,
    message: e.message ?? 'invalid',
  }));
}
