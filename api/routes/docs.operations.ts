import { z } from '../../contracts/schemas/index.js';
import { referenceAssets, type ReferenceAssetName } from '../openapi/reference-page.js';
import { defineRoute } from '../openapi/spec.js';

const assetNames = Object.keys(referenceAssets) as [ReferenceAssetName, ...ReferenceAssetName[]];

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
    responseDescription: 'OpenAPI 3.1 document generated from the route table',
  }),
  docs: defineRoute({
    operationId: 'getDocs',
    method: 'get',
    path: '/docs',
    tag: 'Operations',
    summary: 'Interactive API reference (Swagger UI, with try-it)',
    action: null,
    status: 200,
    response: z.string(),
    responseContentType: 'text/html',
    responseDescription: 'An HTML page that renders this document',
  }),
  docsAsset: defineRoute({
    operationId: 'getDocsAsset',
    method: 'get',
    path: '/docs/assets/{asset}',
    tag: 'Operations',
    summary: 'A script or style sheet of the API reference (served by the API, never fetched from elsewhere)',
    action: null,
    params: z.object({ asset: z.enum(assetNames) }),
    status: 200,
    response: z.string(),
    responseContentType: 'text/javascript',
    alternativeContent: { 'text/css': z.string() },
    responseDescription: 'The file',
  }),
};
