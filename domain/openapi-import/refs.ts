/**
 * Local `$ref` resolution for an OpenAPI import, bounded: a document is untrusted input, so every
 * way of making the resolver work without end (a cycle, a chain of references, references that
 * fan out exponentially) is cut at a stated limit and refuses the import.
 */

export const REF_LIMITS = {
  /** References followed inside one another (a chain A → B → C … or nested schemas). */
  maxDepth: 32,
  /** References expanded over the whole import. */
  maxExpansions: 10_000,
  /** Values one tool's parameters may hold (the tool-parameter bound, contracts/schemas/common.ts). */
  maxToolValues: 20_000,
  /** Nesting of one tool's parameters (the same bound). */
  maxToolDepth: 32,
  /** Values produced over the whole import. */
  maxTotalValues: 500_000,
};

/** A problem of the document as a whole: the import is refused (422) and nothing is written. */
export class OpenApiImportError extends Error {
  constructor(
    message: string,
    /** Where the caller can look: a request field (`body.auth.x`) or a JSON pointer in the document. */
    readonly path: string,
  ) {
    super(message);
    this.name = 'OpenApiImportError';
  }
}

/** One operation's schema is too large for a tool: that operation is skipped, the import goes on. */
export class TooLargeForToolError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Keywords whose values are data, never schemas: a `$ref` key inside them is not a reference. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example']);
/** Keywords mapping names to schemas: the map itself is not a schema. */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);
/** OpenAPI-only schema keywords that draft-07 reads differently or not at all; dropped. */
const DROPPED = new Set(['discriminator', 'xml', 'externalDocs', 'example', '$id', '$schema', '$anchor', 'nullable']);

export class RefResolver {
  private expansions = 0;
  private totalValues = 0;

  constructor(private readonly root: Record<string, unknown>) {}

  /** The value a `#/…` pointer names; anything else refuses the import. */
  target(ref: string, at: string): unknown {
    if (!ref.startsWith('#/') && ref !== '#')
      throw new OpenApiImportError(`$ref ${ref} is not local (only #/… references are resolved)`, at);
    if (++this.expansions > REF_LIMITS.maxExpansions)
      throw new OpenApiImportError(`more than ${REF_LIMITS.maxExpansions} $ref expansions`, at);
    let node: unknown = this.root;
    for (const raw of ref === '#' ? [] : ref.slice(2).split('/')) {
      let part: string;
      try {
        part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      } catch {
        throw new OpenApiImportError(`$ref ${ref} is not a valid JSON pointer`, at);
      }
      if (!isObject(node) && !Array.isArray(node)) node = undefined;
      node =
        node !== undefined && Object.hasOwn(node as object, part) ? (node as Record<string, unknown>)[part] : undefined;
      if (node === undefined) throw new OpenApiImportError(`$ref ${ref} points to nothing in the document`, at);
    }
    return node;
  }

  /** A component (parameter, request body, path item, security scheme): its `$ref` chain followed. */
  deref(node: unknown, at: string): unknown {
    const chain: string[] = [];
    while (isObject(node) && typeof node.$ref === 'string') {
      if (chain.includes(node.$ref)) throw cycleError([...chain, node.$ref], at);
      if (chain.length >= REF_LIMITS.maxDepth)
        throw new OpenApiImportError(`$ref chain longer than ${REF_LIMITS.maxDepth}`, at);
      chain.push(node.$ref);
      node = this.target(node.$ref, at);
    }
    return node;
  }

  /**
   * A schema with every reference replaced by its target, made draft-07 (OpenAPI 3.0's `nullable`
   * and boolean `exclusiveMinimum`/`exclusiveMaximum` rewritten, OpenAPI-only keywords dropped).
   */
  schema(node: unknown, at: string): unknown {
    const budget = { values: 0 };
    return this.inline(node, at, [], 0, budget, true);
  }

  private inline(
    node: unknown,
    at: string,
    refs: string[],
    depth: number,
    budget: { values: number },
    isSchema: boolean,
  ): unknown {
    if (++budget.values > REF_LIMITS.maxToolValues)
      throw new TooLargeForToolError(`its schemas expand to more than ${REF_LIMITS.maxToolValues} values`);
    if (++this.totalValues > REF_LIMITS.maxTotalValues)
      throw new OpenApiImportError(`the schemas expand to more than ${REF_LIMITS.maxTotalValues} values in all`, at);
    if (depth > REF_LIMITS.maxToolDepth + 8)
      throw new TooLargeForToolError(`its schemas nest deeper than ${REF_LIMITS.maxToolDepth} levels`);
    if (Array.isArray(node)) return node.map((v) => this.inline(v, at, refs, depth + 1, budget, isSchema));
    if (!isObject(node)) return node;
    if (isSchema && typeof node.$ref === 'string') {
      const ref = node.$ref;
      if (refs.includes(ref)) throw cycleError([...refs.slice(refs.indexOf(ref)), ref], at);
      if (refs.length >= REF_LIMITS.maxDepth)
        throw new OpenApiImportError(`$refs nest deeper than ${REF_LIMITS.maxDepth}`, at);
      const target = this.inline(this.target(ref, at), at, [...refs, ref], depth, budget, true);
      const { $ref: _ref, ...siblings } = node;
      if (!Object.keys(siblings).length) return target;
      // OpenAPI 3.1 lets keywords stand beside $ref; both apply, as allOf says.
      return { ...(this.inline(siblings, at, refs, depth, budget, true) as object), allOf: [target] };
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (isSchema && DROPPED.has(key)) continue;
      if (isSchema && DATA_KEYWORDS.has(key)) out[key] = value;
      else if (isSchema && NAME_MAPS.has(key) && isObject(value))
        out[key] = Object.fromEntries(
          Object.entries(value).map(([name, v]) => [name, this.inline(v, at, refs, depth + 1, budget, true)]),
        );
      else out[key] = this.inline(value, at, refs, depth + 1, budget, isSchema);
    }
    if (isSchema) draft07(node, out);
    return out;
  }
}

/** OpenAPI 3.0's spellings that mean something else (or nothing) in draft-07. */
function draft07(source: Record<string, unknown>, out: Record<string, unknown>): void {
  if (source.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else delete out[flag];
  }
}

function cycleError(chain: string[], at: string): OpenApiImportError {
  return new OpenApiImportError(`$ref cycle: ${chain.join(' → ')} (cyclic schemas cannot become tool parameters)`, at);
}
