import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { openApiDocument } from '../openapi/document.js';
import { renderDocsPage } from '../openapi/docs-page.js';
import { docsRoutes } from './docs.operations.js';
import { ApiRouter } from '../routing.js';

/** GET /v1/openapi.json (served before authentication). */
export function openApiRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/openapi.json', ctx);
  r.addPublic(docsRoutes.openapi, () => openApiDocument() as unknown as Record<string, unknown>);
  return r.router;
}

/** GET /docs: the HTML reference. */
export function docsRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/docs', ctx);
  let page: string | null = null;
  r.addPublic(
    docsRoutes.docs,
    () => (page ??= renderDocsPage(openApiDocument() as unknown as Parameters<typeof renderDocsPage>[0])),
  );
  return r.router;
}
