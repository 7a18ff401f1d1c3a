import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { openApiDocument } from '../openapi/document.js';
import { REFERENCE_CSP, referenceAsset, referencePageHtml } from '../openapi/reference-page.js';
import { docsRoutes } from './docs.operations.js';
import { ApiRouter, responded } from '../routing.js';

/** GET /v1/openapi.json (served before authentication). */
export function openApiRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/openapi.json', ctx);
  r.addPublic(docsRoutes.openapi, () => openApiDocument() as unknown as Record<string, unknown>);
  return r.router;
}

/** GET /docs (the reference page) and GET /docs/assets/{asset} (what it loads). */
export function docsRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/docs', ctx);
  r.router.use((_req, res, next) => {
    res.setHeader('content-security-policy', REFERENCE_CSP);
    next();
  });
  const page = referencePageHtml(openApiDocument().info.title);
  r.addPublic(docsRoutes.docs, () => page);
  r.addPublic(docsRoutes.docsAsset, ({ params, res }) => {
    const asset = referenceAsset(params.asset);
    res.status(200).type(asset.type).setHeader('cache-control', 'public, max-age=3600');
    res.send(asset.body);
    return responded;
  });
  return r.router;
}
