import { HTTP_TOOL_METHODS, type HttpToolMethod } from '../../contracts/http-tool-request.js';
import { OpenApiImportError, type RefResolver } from './refs.js';

/**
 * One operation's request as an http tool can send it: the arguments (path, query and body
 * properties), where each goes, and the media type of the body. What an http tool cannot send
 * becomes a `Skip` with the reason, never a tool that sends something else.
 */
export class Skip extends Error {}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
/** An http tool's `{placeholder}` name (contracts/http-tool-request.ts). */
const PLACEHOLDER_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface OperationRequest {
  method: HttpToolMethod;
  properties: Record<string, unknown>;
  required: string[];
  /** `?name={name}` of required query parameters on a request with a body. */
  queryPlaceholders: string[];
  bodyEncoding?: 'json' | 'form';
}

/** A schema's `type` names an array or an object: sent as one argument, it would be JSON text. */
function structured(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('array') || types.includes('object') || (schema.type === undefined && 'properties' in schema);
}

/** The operation's parameters merged with its path item's (the operation's win, by name and place). */
function parametersOf(refs: RefResolver, o: OperationInput): Json[] {
  const byKey = new Map<string, Json>();
  for (const [list, where] of [
    [o.pathItem.parameters, `${o.pathAt}/parameters`],
    [o.op.parameters, `${o.at}/parameters`],
  ] as const) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new OpenApiImportError('parameters must be an array', where);
    for (const raw of list) {
      const p = refs.deref(raw, where);
      if (!isObject(p) || typeof p.name !== 'string' || typeof p.in !== 'string')
        throw new OpenApiImportError('a parameter needs a name and an in', where);
      byKey.set(`${p.in}:${p.name}`, p);
    }
  }
  return [...byKey.values()];
}

export interface OperationInput {
  path: string;
  method: string;
  pathItem: Json;
  op: Json;
  /** JSON pointers of the operation and its path item (where a refusal points). */
  at: string;
  pathAt: string;
  /** Lower-case names of the headers the chosen security schemes send. */
  authHeaders: ReadonlySet<string>;
}

export function operationRequest(refs: RefResolver, o: OperationInput): OperationRequest {
  const { at, op } = o;
  const upper = o.method.toUpperCase();
  if (!(HTTP_TOOL_METHODS as readonly string[]).includes(upper))
    throw new Skip(`http tools send ${HTTP_TOOL_METHODS.join(', ')}, not ${upper}`);
  const verb = upper as HttpToolMethod;
  const hasBody = verb === 'POST' || verb === 'PUT' || verb === 'PATCH';
  const req: OperationRequest = { method: verb, properties: {}, required: [], queryPlaceholders: [] };
  const add = (name: string, schema: unknown, required: boolean, description?: unknown) => {
    if (Object.hasOwn(req.properties, name)) throw new Skip(`two arguments would be named "${name}"`);
    const withText =
      typeof description === 'string' && isObject(schema) && schema.description === undefined
        ? { ...schema, description }
        : schema;
    req.properties[name] = withText;
    if (required) req.required.push(name);
  };
  for (const p of parametersOf(refs, o)) {
    const name = p.name as string;
    if (p.in === 'header') {
      if (o.authHeaders.has(name.toLowerCase())) continue;
      throw new Skip(`header parameter "${name}" (http tools send only fixed headers)`);
    }
    if (p.in === 'cookie') throw new Skip(`cookie parameter "${name}"`);
    if (p.in !== 'path' && p.in !== 'query') throw new Skip(`parameter "${name}" in ${String(p.in)}`);
    if (p.content !== undefined) throw new Skip(`parameter "${name}" is described by content, not schema`);
    const schema = refs.schema(p.schema ?? {}, at);
    if (p.in === 'path') {
      if (!PLACEHOLDER_NAME.test(name)) throw new Skip(`path parameter "${name}" is not a placeholder name`);
      if (!o.path.includes(`{${name}}`)) throw new Skip(`path parameter "${name}" does not appear in the path`);
      add(name, schema, true, p.description);
      continue;
    }
    if (structured(schema))
      throw new Skip(`query parameter "${name}" is an array or object (http tools send one value per argument)`);
    if (hasBody) {
      // Arguments no placeholder uses go to the body; a query parameter must be a placeholder.
      if (p.required !== true)
        throw new Skip(`optional query parameter "${name}" on a ${verb} (only required ones can be placed)`);
      if (!PLACEHOLDER_NAME.test(name)) throw new Skip(`query parameter "${name}" is not a placeholder name`);
      req.queryPlaceholders.push(name);
    }
    add(name, schema, p.required === true, p.description);
  }
  const body = op.requestBody === undefined ? undefined : refs.deref(op.requestBody, `${at}/requestBody`);
  if (isObject(body)) addBody(refs, req, body, hasBody, `${at}/requestBody`, add);
  return req;
}

function addBody(
  refs: RefResolver,
  req: OperationRequest,
  body: Json,
  hasBody: boolean,
  at: string,
  add: (name: string, schema: unknown, required: boolean) => void,
): void {
  const content = isObject(body.content) ? body.content : {};
  const types = Object.keys(content);
  if (!types.length) return;
  if (!hasBody) throw new Skip(`a ${req.method} request has no body`);
  const jsonType = types.find((t) => /^application\/(?:[\w.+-]+\+)?json(?:;.*)?$/i.test(t));
  const formType = types.find((t) => /^application\/x-www-form-urlencoded(?:;.*)?$/i.test(t));
  const chosen = jsonType ?? formType;
  if (!chosen) throw new Skip(`request body as ${types.join(', ')} (http tools send JSON or a form)`);
  req.bodyEncoding = jsonType ? 'json' : 'form';
  const media = content[chosen];
  const schema = refs.schema(isObject(media) ? (media.schema ?? {}) : {}, at);
  if (!isObject(schema)) throw new Skip('request body schema is not an object schema');
  const { properties, required, type, description: _d, title: _t, additionalProperties: _a, ...rest } = schema;
  if ((type !== undefined && type !== 'object') || Object.keys(rest).some((k) => !k.startsWith('x-')))
    throw new Skip('request body schema is not a plain object of properties (its fields become the arguments)');
  const names = Array.isArray(required) ? required.filter((n): n is string => typeof n === 'string') : [];
  for (const [name, prop] of Object.entries(isObject(properties) ? properties : {})) {
    if (req.bodyEncoding === 'form' && structured(prop))
      throw new Skip(`form field "${name}" is an array or object (a form sends one value per field)`);
    // An optional body makes every one of its fields optional.
    add(name, prop, body.required === true && names.includes(name));
  }
}
