import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * /docs: the OpenAPI document rendered by Swagger UI (swagger-ui-dist from npm). Everything the
 * page loads is served by the API itself under /docs/assets (nothing from the internet), so the
 * page runs under a CSP that allows scripts from this origin only; try-it calls go to this origin
 * with the key entered under "Authorize" (the document's bearerAuth scheme).
 */

/** What /docs and its assets are allowed to do (stricter than the API's default policy). */
export const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI sets element styles at run time; styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Starts Swagger UI on the document (a file, not an inline script, so the CSP needs no hash). */
const initScript = `"use strict";
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/v1/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    displayOperationId: true,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 0,
    persistAuthorization: false,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
  });
});
`;

export const referenceAssets = {
  'swagger-ui-bundle.js': { type: 'text/javascript', file: 'swagger-ui-bundle.js' },
  'swagger-ui.css': { type: 'text/css', file: 'swagger-ui.css' },
  'reference.js': { type: 'text/javascript', text: initScript },
} as const satisfies Record<string, { type: string; file?: string; text?: string }>;

export type ReferenceAssetName = keyof typeof referenceAssets;

const loaded = new Map<ReferenceAssetName, string>();
/** The asset's content (read once from swagger-ui-dist). */
export function referenceAsset(name: ReferenceAssetName): { type: string; body: string } {
  const asset = referenceAssets[name];
  let body = loaded.get(name);
  if (body === undefined) {
    body = 'text' in asset ? asset.text : readFileSync(join(swaggerDir, asset.file), 'utf8');
    loaded.set(name, body);
  }
  return { type: asset.type, body };
}

export function referencePageHtml(title: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title.replace(/[<>&"]/g, '')} — API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head><body>
<div id="reference"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/reference.js"></script>
</body></html>`;
}
