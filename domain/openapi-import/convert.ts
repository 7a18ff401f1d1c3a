import { httpToolSchema, type CreateTool } from '../../contracts/schemas/index.js';
import { jsonShapeProblem } from '../../contracts/schemas/common.js';
import { operationRequest, Skip, type OperationInput } from './operation.js';
import { OpenApiImportError, RefResolver, TooLargeForToolError } from './refs.js';

/**
 * An OpenAPI 3.x document → http tool definitions (docs/generations.md, "Importing HTTP tools from OpenAPI").
 * Pure: the API fetches the document, calls this, and writes what it returns in one transaction.
 * A problem of the whole document throws OpenApiImportError; an operation an http tool cannot
 * represent is returned as skipped, with the reason.
 */

export const IMPORT_LIMITS = {
  /** Operations a document may declare (all of them, before the `operations` filter). */
  maxOperations: 500,
  /** Nesting and values of the document itself (checked before anything is read from it). */
  maxDepth: 64,
  maxValues: 1_000_000,
};

export interface ImportOptions {
  /** Overrides the document's server URL. */
  baseUrl?: string | undefined;
  /** Where the document was fetched from: a relative server URL is resolved against it. */
  documentUrl?: string | undefined;
  /** operationIds to import; absent: every operation. */
  operations?: string[] | undefined;
  namePrefix?: string | undefined;
  /** Security scheme name → the credential the caller supplies (an API key or a bearer token). */
  auth?: Record<string, string> | undefined;
}

export type HttpToolDefinition = Extract<CreateTool, { type: 'http' }>;

export interface OperationRef {
  /** `METHOD /path` as the document spells the path: what a re-import matches tools by. */
  operation: string;
  operationId: string | null;
}
export interface ConvertedOperation extends OperationRef {
  tool: HttpToolDefinition;
}
export interface SkippedOperation extends OperationRef {
  reason: string;
}
export interface ConversionResult {
  /** The document's info.title: the source its tools remember. */
  source: string;
  tools: ConvertedOperation[];
  skipped: SkippedOperation[];
  /** Every operation key of the document (filtered out or skipped ones too). */
  operationKeys: string[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const pointer = (...parts: string[]) => '/' + parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export function openApiTools(document: unknown, opts: ImportOptions = {}): ConversionResult {
  if (!isObject(document)) throw new OpenApiImportError('the document is not a JSON object', '');
  const shape = jsonShapeProblem(document, IMPORT_LIMITS.maxDepth, IMPORT_LIMITS.maxValues);
  if (shape) throw new OpenApiImportError(`the document ${shape}`, '');
  if (typeof document.openapi !== 'string' || !/^3\.\d+\.\d+/.test(document.openapi))
    throw new OpenApiImportError('only OpenAPI 3.x documents are imported (openapi: "3.0.x" or "3.1.x")', '/openapi');
  const info = document.info;
  const source = isObject(info) && typeof info.title === 'string' ? info.title.trim() : '';
  if (!source || source.length > 200)
    throw new OpenApiImportError('info.title must be a name of 1 to 200 characters', '/info/title');
  if (!isObject(document.paths)) throw new OpenApiImportError('the document has no paths object', '/paths');

  const refs = new RefResolver(document);
  const ops = listOperations(refs, document.paths);
  if (ops.length > IMPORT_LIMITS.maxOperations)
    throw new OpenApiImportError(
      `the document declares ${ops.length} operations; at most ${IMPORT_LIMITS.maxOperations} are imported at once`,
      '/paths',
    );
  const wanted = opts.operations ? new Set(opts.operations) : null;
  if (wanted) {
    const known = new Set(ops.map((o) => o.operationId));
    const unknown = [...wanted].filter((id) => !known.has(id));
    if (unknown.length)
      throw new OpenApiImportError(`operations not in the document: ${unknown.join(', ')}`, 'body.operations');
  }
  const security = new SecuritySchemes(refs, document, opts.auth ?? {});
  const names = new Set<string>();
  const result: ConversionResult = { source, tools: [], skipped: [], operationKeys: ops.map((o) => o.operation) };
  for (const o of ops) {
    if (wanted && (o.operationId === null || !wanted.has(o.operationId))) continue;
    const ref = { operation: o.operation, operationId: o.operationId };
    try {
      const auth = security.headersFor(o.op.security ?? document.security, o.at);
      const req = operationRequest(refs, { ...o, authHeaders: new Set(Object.keys(auth).map((h) => h.toLowerCase())) });
      const base = serverUrl(opts, [o.op.servers, o.pathItem.servers, document.servers], o.at);
      const query = req.queryPlaceholders.map((n) => `${n}={${n}}`).join('&');
      const tool = {
        type: 'http' as const,
        name: uniqueName(toolName(o, opts.namePrefix), names),
        ...describe(o.op),
        readOnly: req.method === 'GET',
        parameters: {
          type: 'object',
          properties: req.properties,
          ...(req.required.length ? { required: req.required } : {}),
          additionalProperties: false,
        },
        execute: {
          url: base.replace(/\/+$/, '') + o.path + (query ? `?${query}` : ''),
          method: req.method,
          ...(req.bodyEncoding ? { bodyEncoding: req.bodyEncoding } : {}),
          ...(Object.keys(auth).length ? { headers: auth } : {}),
        },
      };
      const parsed = httpToolSchema.safeParse(tool);
      if (!parsed.success) {
        names.delete(tool.name);
        const problems = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || 'tool'}: ${i.message}`);
        throw new Skip(`not a valid http tool: ${problems.join('; ')}`);
      }
      result.tools.push({ ...ref, tool: parsed.data as HttpToolDefinition });
    } catch (err) {
      if (err instanceof Skip || err instanceof TooLargeForToolError)
        result.skipped.push({ ...ref, reason: err.message });
      else throw err;
    }
  }
  return result;
}

/** An operation found in `paths`, before the security schemes are chosen. */
interface ListedOperation extends Omit<OperationInput, 'authHeaders'> {
  operation: string;
  operationId: string | null;
}

function listOperations(refs: RefResolver, paths: Json): ListedOperation[] {
  const out: ListedOperation[] = [];
  for (const [path, rawItem] of Object.entries(paths)) {
    const pathAt = pointer('paths', path);
    if (!path.startsWith('/')) throw new OpenApiImportError(`path ${path} does not start with /`, pathAt);
    const pathItem = refs.deref(rawItem, pathAt);
    if (!isObject(pathItem)) throw new OpenApiImportError('a path item must be an object', pathAt);
    for (const method of METHODS) {
      const op = pathItem[method];
      if (op === undefined) continue;
      const at = pointer('paths', path, method);
      if (!isObject(op)) throw new OpenApiImportError('an operation must be an object', at);
      if (out.length >= IMPORT_LIMITS.maxOperations * 4)
        throw new OpenApiImportError(`far more than ${IMPORT_LIMITS.maxOperations} operations`, '/paths');
      const operationId = typeof op.operationId === 'string' ? op.operationId : null;
      out.push({ operation: `${method.toUpperCase()} ${path}`, operationId, path, method, pathItem, op, at, pathAt });
    }
  }
  return out;
}

function describe(op: Json): { description?: string } {
  const text = [op.summary, op.description]
    .filter((t): t is string => typeof t === 'string' && t.trim() !== '')
    .map((t) => t.trim())
    .join('\n\n');
  return text ? { description: text.slice(0, 4000) } : {};
}

/** The tool-name rule (^[a-zA-Z0-9_-]{1,64}$): other characters become `_`. */
function toolName(o: ListedOperation, prefix: string | undefined): string {
  const raw = o.operationId ?? `${o.method} ${o.path}`;
  const base = raw.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'operation';
  return (prefix ? `${prefix}_${base}` : base).slice(0, 64);
}

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name.slice(0, 64 - String(n).length - 1)}_${n}`;
  taken.add(candidate);
  return candidate;
}

/** The operation's server (its own, its path item's, the document's), or the caller's baseUrl. */
function serverUrl(opts: ImportOptions, lists: unknown[], at: string): string {
  if (opts.baseUrl) return opts.baseUrl;
  const server = lists.map((l) => (Array.isArray(l) ? l[0] : undefined)).find(isObject);
  if (!server || typeof server.url !== 'string')
    throw new OpenApiImportError('the document names no server; pass baseUrl', 'body.baseUrl');
  const vars = isObject(server.variables) ? server.variables : {};
  const filled = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const v = vars[name];
    return isObject(v) && typeof v.default === 'string' ? v.default : whole;
  });
  let url: URL;
  try {
    url = opts.documentUrl ? new URL(filled, opts.documentUrl) : new URL(filled);
  } catch {
    throw new OpenApiImportError(`server URL ${server.url} is not an absolute URL; pass baseUrl`, `${at}/servers`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OpenApiImportError(`server URL ${server.url} is not http(s); pass baseUrl`, `${at}/servers`);
  return url.href;
}

/**
 * The document's security schemes: an apiKey in a header and http bearer become a secret header
 * with the value the caller supplies; the others cannot be sent by an http tool.
 */
class SecuritySchemes {
  private readonly schemes: Json;

  constructor(
    private readonly refs: RefResolver,
    document: Json,
    private readonly values: Record<string, string>,
  ) {
    const components = isObject(document.components) ? document.components : {};
    this.schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
    for (const name of Object.keys(values)) {
      const scheme = this.scheme(name);
      if (!scheme) throw new OpenApiImportError(`the document has no security scheme "${name}"`, `body.auth.${name}`);
      if (!header(scheme, ''))
        throw new OpenApiImportError(
          `security scheme "${name}" is not an apiKey in a header or http bearer`,
          `body.auth.${name}`,
        );
    }
  }

  private scheme(name: string): Json | null {
    if (!Object.hasOwn(this.schemes, name)) return null;
    const s = this.refs.deref(this.schemes[name], pointer('components', 'securitySchemes', name));
    return isObject(s) ? s : null;
  }

  /** The headers of the first alternative of `requirements` the caller supplied values for. */
  headersFor(requirements: unknown, at: string): Record<string, { value: string; secret: boolean }> {
    if (!Array.isArray(requirements) || !requirements.length) return {};
    const missing: string[] = [];
    for (const alternative of requirements) {
      if (!isObject(alternative)) throw new OpenApiImportError('a security requirement must be an object', at);
      const headers: Record<string, { value: string; secret: boolean }> = {};
      let usable = true;
      for (const name of Object.keys(alternative)) {
        const scheme = this.scheme(name);
        const h = scheme && Object.hasOwn(this.values, name) ? header(scheme, this.values[name]!) : null;
        if (!h || Object.keys(headers).some((k) => k.toLowerCase() === h.name.toLowerCase())) {
          usable = false;
          missing.push(name);
          break;
        }
        headers[h.name] = { value: h.value, secret: true };
      }
      if (usable) return headers;
    }
    throw new Skip(`needs credentials of security scheme ${[...new Set(missing)].join(' or ')} (pass them in auth)`);
  }
}

function header(scheme: Json, value: string): { name: string; value: string } | null {
  if (scheme.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string')
    return { name: scheme.name, value };
  if (scheme.type === 'http' && typeof scheme.scheme === 'string' && scheme.scheme.toLowerCase() === 'bearer')
    return { name: 'Authorization', value: `Bearer ${value}` };
  return null;
}
