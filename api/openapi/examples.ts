/**
 * Request and response examples for every operation, built from the document's own schemas: a
 * schema's `example` (set in zod with `.openapi({ example })`) wins, then `const`, `default` and the
 * first `enum` value; objects get their required properties (responses: all properties), arrays
 * one item. Ids, names and URLs carry examples in contracts/schemas, so the result validates
 * against the schema (test/unit/openapi-examples.test.ts checks every one).
 */
type Schema = Record<string, unknown>;
type Components = Record<string, Schema>;

const MAX_DEPTH = 24;

export function exampleOf(schema: unknown, components: Components, full: boolean, depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > MAX_DEPTH) return null;
  const s = schema as Schema;
  if (typeof s.$ref === 'string') {
    const target = components[s.$ref.replace('#/components/schemas/', '')];
    return exampleOf(target, components, full, depth + 1);
  }
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.allOf)) {
    const { allOf, ...rest } = s;
    const parts = [rest, ...(allOf as Schema[])]
      .map((part) => exampleOf(part, components, full, depth + 1))
      .filter((v): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v));
    return Object.assign({}, ...parts);
  }
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  const options = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (options && !s.properties) {
    const first = options.find((o) => o.type !== 'null') ?? options[0];
    return exampleOf(first, components, full, depth + 1);
  }
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : (s.type as string | undefined);
  switch (type) {
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set((s.required as string[] | undefined) ?? []);
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(properties)) {
        const explicit = property.example !== undefined;
        if (full || required.has(name) || explicit) out[name] = exampleOf(property, components, full, depth + 1);
      }
      return out;
    }
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 0;
      // Recursive schemas (a trace's children) end in an empty list before the depth guard cuts them.
      return min > 0 || (full && depth < MAX_DEPTH / 2) ? [exampleOf(s.items, components, full, depth + 1)] : [];
    }
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' && s.minimum > Number.MIN_SAFE_INTEGER ? s.minimum : 0;
      return typeof s.maximum === 'number' ? Math.min(Math.max(min, 1), s.maximum) : Math.max(min, 1);
    }
    case 'boolean':
      return false;
    case 'string':
      if (s.format === 'uri') return 'https://example.com/hook';
      if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      return typeof s.minLength === 'number' && s.minLength > 1 ? 'x'.repeat(s.minLength) : 'text';
    case 'null':
      return null;
    default:
      return {};
  }
}

type Media = { schema?: unknown; example?: unknown };
type Operation = {
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
};

/** Puts an `example` on every JSON request body and 2xx JSON response of the document. */
export function addOperationExamples(doc: {
  paths?: Record<string, Record<string, Operation | unknown> | undefined>;
  components?: { schemas?: Components };
}): void {
  const components = doc.components?.schemas ?? {};
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item ?? {}) as Operation[]) {
      const body = op.requestBody?.content?.['application/json'];
      if (body?.schema && body.example === undefined) body.example = exampleOf(body.schema, components, false);
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const json = response.content?.['application/json'];
        if (status.startsWith('2') && json?.schema && json.example === undefined)
          json.example = exampleOf(json.schema, components, true);
      }
    }
  }
}
