import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../api/openapi/document.js';

/**
 * No field without its effect: every property a request body or query string may carry must be
 * read by some code outside the schema declarations. A field that only a schema names is accepted
 * and ignored; this walk finds it. Reading means a property access (`.field`), a quoted name
 * (`'field'`, as in `'field' in body` or a pick list) or a shorthand destructuring (`{ field }`).
 */
const ROOT = join(import.meta.dirname, '../..');
/** Where fields are read: the service, and the web pages (the widget reads the agent's branding). */
const CODE_DIRS = ['api', 'domain', 'activities', 'workflows', 'infra', 'contracts', 'worker.ts', 'web'];

function sources(path: string): string[] {
  const full = join(ROOT, path);
  if (statSync(full).isFile()) return /\.(ts|js)$/.test(full) ? [full] : [];
  return readdirSync(full).flatMap((name) => sources(join(path, name)));
}

/** Declarations, not readers: a name found only there is a name nothing reads. */
const isDeclaration = (file: string) =>
  file.includes(`${join(ROOT, 'contracts', 'schemas')}/`) ||
  file.includes(`${join(ROOT, 'api', 'openapi')}/`) ||
  file.endsWith('.operations.ts');

type Schema = {
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema | Schema[];
  prefixItems?: Schema[];
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: Schema | boolean;
};
type Operation = {
  operationId: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/** Every property name a request may carry, with where it was found. */
function requestFields(): Map<string, string> {
  const doc = buildOpenApiDocument() as unknown as {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, Schema> };
  };
  const fields = new Map<string, string>();
  const seen = new Set<Schema>();
  const walk = (s: Schema | boolean | undefined, where: string): void => {
    if (!s || typeof s !== 'object' || seen.has(s)) return;
    seen.add(s);
    if (s.$ref) return walk(doc.components.schemas[s.$ref.replace('#/components/schemas/', '')], where);
    for (const [name, sub] of Object.entries(s.properties ?? {})) {
      if (!fields.has(name)) fields.set(name, where);
      walk(sub, where);
    }
    for (const sub of [s.allOf, s.anyOf, s.oneOf, s.prefixItems].flat()) walk(sub, where);
    walk(Array.isArray(s.items) ? undefined : s.items, where);
    for (const sub of Array.isArray(s.items) ? s.items : []) walk(sub, where);
    walk(s.additionalProperties, where);
  };
  for (const item of Object.values(doc.paths))
    for (const op of Object.values(item)) {
      for (const p of op.parameters ?? [])
        if (p.in === 'query' && !fields.has(p.name)) fields.set(p.name, op.operationId);
      for (const media of Object.values(op.requestBody?.content ?? {})) walk(media.schema, op.operationId);
    }
  return fields;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const readPattern = (field: string) => {
  const f = escape(field);
  return new RegExp(`\\.${f}\\b|['"\`]${f}['"\`]|[{,]\\s*${f}\\s*[,}=]`);
};

describe('request fields', { timeout: 30_000 }, () => {
  const code = CODE_DIRS.flatMap(sources)
    .filter((f) => !isDeclaration(f))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');

  it('every field of every request body and query string is read by some code', () => {
    const fields = requestFields();
    expect(fields.size).toBeGreaterThan(100);
    const unread = [...fields].filter(([name]) => !readPattern(name).test(code)).map(([n, op]) => `${n} (${op})`);
    expect(unread).toEqual([]);
  });

  it('finds a field that only a schema names', () => {
    expect(readPattern('retentionPolicyDays').test(code)).toBe(false);
    expect(readPattern('maxCallDepth').test(code)).toBe(true);
  });
});
