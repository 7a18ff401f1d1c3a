import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { errorResponseSchema } from '../../contracts/schemas/index.js';
import { addOperationExamples } from './examples.js';
import type { AnyRouteSpec } from './spec.js';
import { routeTable } from './table.js';

const errorDescriptions: Record<number, string> = {
  400: 'Invalid path, query or body (details list each problem with its path)',
  401: 'Missing, invalid or revoked API key',
  403: "The API key's policy does not allow this action",
  404: "Not found in the key's project",
  409: 'Conflict with the current state',
  413: 'Body larger than the limit (1 MB by default)',
  422: 'Semantically invalid (e.g. a reference to something that does not exist)',
  429: 'Rate limit of the API key exceeded (see Retry-After)',
  503: 'Temporarily unavailable (e.g. the generation is being recovered by its worker): send it again',
};

function errorStatuses(spec: AnyRouteSpec): number[] {
  const s = new Set<number>(spec.errors ?? []);
  if (spec.action) [400, 401, 403, 429].forEach((c) => s.add(c));
  if (spec.params) s.add(404);
  // Validated input (public routes too): a 400 when it does not match.
  if (spec.params || spec.query || spec.body) s.add(400);
  if (spec.body) [413, 422].forEach((c) => s.add(c));
  return [...s].sort((a, b) => a - b);
}

function content(schema: AnyRouteSpec['response'], contentType = 'application/json'): ResponseConfig['content'] {
  return schema ? { [contentType]: { schema } } : undefined;
}

/** The OpenAPI operation of one route-table entry. */
export function toRouteConfig(spec: AnyRouteSpec): RouteConfig {
  const success = spec.response ? { ...content(spec.response, spec.responseContentType) } : undefined;
  for (const [type, schema] of Object.entries(spec.alternativeContent ?? {}))
    Object.assign(success ?? {}, { [type]: { schema } });
  const responses: RouteConfig['responses'] = {
    [spec.status]: { description: spec.responseDescription, ...(success ? { content: success } : {}) },
  };
  for (const [status, r] of Object.entries(spec.otherResponses ?? {})) {
    responses[status] = {
      description: r.description,
      ...(r.schema ? { content: content(r.schema, r.contentType) } : {}),
    };
  }
  for (const status of errorStatuses(spec)) {
    responses[status] ??= {
      description: errorDescriptions[status] ?? 'Error',
      content: { 'application/json': { schema: errorResponseSchema } },
    };
  }
  return {
    method: spec.method,
    path: spec.path,
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [spec.tag],
    security: spec.action ? [{ bearerAuth: [] }] : [],
    ...(spec.deprecated ? { deprecated: true } : {}),
    ...(spec.action ? { 'x-action': spec.action } : {}),
    request: {
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      ...(spec.body ? { body: { required: true, content: { 'application/json': { schema: spec.body } } } } : {}),
    },
    responses,
  };
}

/**
 * zod 4's `.int()` accepts safe integers only; zod-to-openapi does not say so. Bounds every
 * integer schema that states no bound of its own, so a generated client or fuzzer never sends an
 * integer the validator refuses.
 */
function boundIntegers(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(boundIntegers);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  const type = schema.type;
  if (type === 'integer' || (Array.isArray(type) && type.includes('integer'))) {
    if (schema.minimum === undefined && schema.exclusiveMinimum === undefined) schema.minimum = Number.MIN_SAFE_INTEGER;
    if (schema.maximum === undefined && schema.exclusiveMaximum === undefined) schema.maximum = Number.MAX_SAFE_INTEGER;
  }
  Object.values(schema).forEach(boundIntegers);
}

export function buildOpenApiDocument(
  routes: AnyRouteSpec[] = routeTable,
): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key of the project: `Authorization: Bearer da_…`',
  });
  for (const spec of routes) registry.registerPath(toRouteConfig(spec));
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Durable Agents API',
      version: '1',
      description:
        'LLM agents run as durable Temporal workflows. Every /v1 route needs `Authorization: Bearer <key>`; the policy action each operation checks is in `x-action`. Errors have the shape `{ "error": { "code", "message", "details"? } }`. Lists take `cursor` and `limit` and return `{ data, nextCursor }`. Strings containing NUL characters or unpaired surrogates, and JSON nested deeper than 64 levels, are refused (400) everywhere. A request that matches this document but breaks a rule no JSON Schema can state (arithmetic or uniqueness across fields, a user regular expression past RE2 rules or budget, tool parameters that are not a usable JSON Schema, a free-form value over its depth or size bound, a time zone name the server does not know, a setting value its key refuses) is a 422; the field description names the rule.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
  });
  boundIntegers(document.paths);
  boundIntegers(document.components);
  addOperationExamples(document as Parameters<typeof addOperationExamples>[0]);
  return document;
}

let cached: ReturnType<typeof buildOpenApiDocument> | null = null;
/** Built once per process (the table is static). */
export function openApiDocument(): ReturnType<typeof buildOpenApiDocument> {
  cached ??= buildOpenApiDocument();
  return cached;
}
