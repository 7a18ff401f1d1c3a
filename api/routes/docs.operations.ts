import { z } from '../../contracts/schemas/index.js';
import { defineRoute } from '../openapi/spec.js';

/** The API's own description (served by ./docs.ts, without an API key). */
export const docsRoutes = {
  openapi: defineRoute({
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/v1/openapi.json',
    tag: 'Operations',
    summary: 'This OpenAPI document',
    action: null,
    status: 200,
    response: z.record(z.string(), z.unknown()).openapi('OpenApiDocument'),
    responseDescription: 'OpenAPI 3.0 document generated from the route table',
  }),
  docs: defineRoute({
    operationId: 'getDocs',
    method: 'get',
    path: '/docs',
    tag: 'Operations',
    summary: 'Human-readable API reference (HTML)',
    action: null,
    status: 200,
    response: z.string(),
    responseContentType: 'text/html',
    responseDescription: 'An HTML page rendered from the OpenAPI document',
  }),
};
