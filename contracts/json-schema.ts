import { Ajv } from 'ajv';
import { jsonShapeProblem } from './schemas/common.js';

/**
 * Checks that a tool's `parameters` is a usable JSON Schema: the keywords it uses have the types
 * the draft-07 meta-schema requires (ajv validates the schema itself, nothing is compiled), the
 * top level describes an object, `required` names declared properties, `$ref`s point inside the
 * document and regular expressions compile.
 */
export interface SchemaProblem {
  path: Array<string | number>;
  message: string;
}

// Only the meta-schema is used: validateSchema() does not compile or cache the checked schema.
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
/** The `$schema` values accepted (stated in the document's ToolParameters). */
export const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;

function pointer(path: string): Array<string | number> {
  if (!path) return [];
  return path
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

function resolvePointer(root: unknown, ref: string): boolean {
  if (ref === '#') return true;
  if (!ref.startsWith('#/')) return false;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    let part: string;
    try {
      part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return false;
    }
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return node !== null && (typeof node === 'object' || typeof node === 'boolean');
}

/** Walks every value and reports `$ref`s that do not resolve locally and patterns that do not compile. */
function walk(root: unknown, problems: SchemaProblem[]): void {
  const stack: Array<[unknown, Array<string | number>]> = [[root, []]];
  while (stack.length && problems.length < 20) {
    const [node, path] = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      node.forEach((v, i) => stack.push([v, [...path, i]]));
      continue;
    }
    const obj = node as Record<string, unknown>;
    // `properties`/`patternProperties`/`$defs` map names to schemas: their keys are not keywords.
    const parentKey = path[path.length - 1];
    const isNameMap =
      parentKey === 'properties' ||
      parentKey === 'patternProperties' ||
      parentKey === 'definitions' ||
      parentKey === '$defs' ||
      parentKey === 'dependencies';
    if (!isNameMap) {
      if (typeof obj.$ref === 'string' && !resolvePointer(root, obj.$ref)) {
        problems.push({
          path: [...path, '$ref'],
          message: `$ref ${obj.$ref} does not point inside this schema (only local #/… references are allowed)`,
        });
      }
      if (typeof obj.pattern === 'string') {
        try {
          new RegExp(obj.pattern, 'u');
        } catch (err) {
          problems.push({
            path: [...path, 'pattern'],
            message: `invalid regular expression: ${(err as Error).message}`,
          });
        }
      }
      if (obj.patternProperties && typeof obj.patternProperties === 'object') {
        for (const key of Object.keys(obj.patternProperties)) {
          try {
            new RegExp(key, 'u');
          } catch (err) {
            problems.push({
              path: [...path, 'patternProperties', key],
              message: `invalid regular expression: ${(err as Error).message}`,
            });
          }
        }
      }
    }
    for (const [k, v] of Object.entries(obj)) {
      // Data, not schemas: values of these keywords are never interpreted as keywords.
      if (!isNameMap && (k === 'enum' || k === 'const' || k === 'default' || k === 'examples')) continue;
      stack.push([v, [...path, k]]);
    }
  }
}

const TYPE_OBJECT = 'tool parameters must be a JSON Schema with type "object"';
const DRAFT_07_ONLY =
  'only JSON Schema draft-07 is supported; omit $schema or use http://json-schema.org/draft-07/schema#';

/**
 * The two top-level rules the OpenAPI document states (ToolParameters: `type` is "object", `$schema`
 * is draft-07's), each checked whatever else is wrong: jsonSchemaProblems stops at its first
 * failing stage, so it may not report them.
 */
export function statedSchemaProblems(schema: Record<string, unknown>): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  if (schema.type !== 'object') problems.push({ path: ['type'], message: TYPE_OBJECT });
  if (schema.$schema !== undefined && !(typeof schema.$schema === 'string' && DRAFT_07.test(schema.$schema)))
    problems.push({ path: ['$schema'], message: DRAFT_07_ONLY });
  return problems;
}

export function jsonSchemaProblems(schema: Record<string, unknown>): SchemaProblem[] {
  const shape = jsonShapeProblem(schema);
  if (shape) return [{ path: [], message: `the schema ${shape}` }];
  if (schema.$schema !== undefined && !(typeof schema.$schema === 'string' && DRAFT_07.test(schema.$schema))) {
    return [{ path: ['$schema'], message: DRAFT_07_ONLY }];
  }
  const problems: SchemaProblem[] = [];
  let valid: boolean;
  try {
    // Against the draft-07 meta-schema whichever accepted spelling `$schema` uses (ajv knows only
    // the http one by that name; https://json-schema.org/draft-07/schema failed as unknown).
    const { $schema: _dialect, ...rest } = schema;
    valid = ajv.validateSchema(rest) as boolean;
  } catch (err) {
    return [{ path: [], message: `not a valid JSON Schema: ${(err as Error).message}` }];
  }
  if (!valid) {
    for (const e of (ajv.errors ?? []).slice(0, 10)) {
      problems.push({ path: pointer(e.instancePath), message: `not a valid JSON Schema: ${e.message ?? 'invalid'}` });
    }
    return problems;
  }
  if (schema.type !== 'object') {
    problems.push({ path: ['type'], message: TYPE_OBJECT });
  }
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  if (Array.isArray(schema.required)) {
    schema.required.forEach((name, i) => {
      if (typeof name === 'string' && !Object.hasOwn(properties, name)) {
        problems.push({ path: ['required', i], message: `required property "${name}" is not declared in properties` });
      }
    });
  }
  walk(schema, problems);
  return problems;
}
