import { z } from 'zod';
import { codeExecuteBuiltin } from './code-execute.js';
import { databaseQueryBuiltin, databaseWriteBuiltin } from './database.js';
import { classifyDocumentBuiltin, extractFromDocumentBuiltin } from './documents.js';
import { httpRequestBuiltin } from './http-request.js';
import { memoryForgetBuiltin, memorySaveBuiltin, memorySearchBuiltin } from './memory.js';
import { sendEmailBuiltin } from './send-email.js';
import { storageListBuiltin, storageReadBuiltin, storageWriteBuiltin } from './storage.js';
import { generateTextBuiltin, summarizeBuiltin } from './text-generation.js';
import type { BuiltinDefinition } from './types.js';
import { webScrapeBuiltin } from './web-scrape.js';
import { webSearchBuiltin } from './web-search.js';

export type { BuiltinDefinition } from './types.js';
export { refusedBuiltinError, refusedBuiltinNames } from './refused.js';

/** Every builtin the platform runs (agent_clarify and the session cache tools are handled by the loop). */
export const builtinDefinitions: Readonly<Record<string, BuiltinDefinition>> = Object.fromEntries(
  [
    httpRequestBuiltin,
    databaseQueryBuiltin,
    databaseWriteBuiltin,
    codeExecuteBuiltin,
    webScrapeBuiltin,
    storageReadBuiltin,
    storageWriteBuiltin,
    storageListBuiltin,
    webSearchBuiltin,
    sendEmailBuiltin,
    summarizeBuiltin,
    generateTextBuiltin,
    memorySaveBuiltin,
    memorySearchBuiltin,
    memoryForgetBuiltin,
    classifyDocumentBuiltin,
    extractFromDocumentBuiltin,
  ].map((d) => [d.name, d]),
);

export function builtinDefinition(name: string): BuiltinDefinition | undefined {
  return Object.hasOwn(builtinDefinitions, name) ? builtinDefinitions[name] : undefined;
}

/** A builtin's config problems, with paths relative to `config`. */
export function builtinConfigIssues(
  name: string,
  config: Record<string, unknown> | undefined,
): Array<{ path: PropertyKey[]; message: string }> {
  const def = builtinDefinition(name);
  if (!def) {
    return config && Object.keys(config).length > 0
      ? [{ path: [], message: `the builtin ${name} takes no config` }]
      : [];
  }
  const parsed = def.config.safeParse(config ?? {});
  if (parsed.success) return [];
  return parsed.error.issues.flatMap((i) =>
    i.code === 'unrecognized_keys'
      ? i.keys.map((k) => ({ path: [...i.path, k], message: `unknown field "${k}"` }))
      : [{ path: i.path, message: i.message }],
  );
}

/** Whether a builtin tool's calls wait for a human approval (its config may turn a default off). */
export function builtinNeedsApproval(name: string, config: Record<string, unknown> | null | undefined): boolean {
  const def = builtinDefinition(name);
  return def?.approvalByDefault === true && config?.requireApproval !== false;
}

/** The catalogue for the OpenAPI document: each builtin's description, limits, arguments and config. */
export function builtinCatalog(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.values(builtinDefinitions).map((d) => [
      d.name,
      {
        description: d.description,
        limits: d.limits,
        parameters: d.parameters,
        config: configJsonSchema(d),
        ...(d.secretConfigKeys ? { secretConfigKeys: d.secretConfigKeys } : {}),
        ...(d.approvalByDefault ? { requiresApprovalByDefault: true } : {}),
      },
    ]),
  );
}

/** A builtin's config as JSON Schema (input side: defaults are optional). */
function configJsonSchema(def: BuiltinDefinition): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(def.config, { io: 'input', unrepresentable: 'any' });
  return schema;
}

/**
 * `config` per builtin name as JSON Schema conditions (for the BuiltinTool document): what
 * builtinConfigIssues enforces, so a config the document accepts is accepted.
 */
export function builtinConfigRules(names: readonly string[]): Array<Record<string, unknown>> {
  return names.map((name) => {
    const def = builtinDefinition(name);
    return {
      if: { properties: { name: { const: name } }, required: ['name'] },
      then: { properties: { config: def ? configJsonSchema(def) : { type: 'object', maxProperties: 0 } } },
    };
  });
}
