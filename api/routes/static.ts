import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Router, type Response } from 'express';
import type { AppContext } from '../context.js';
import { ApiRouter, responded } from '../routing.js';
import { CONSOLE_ASSETS, staticRoutes } from './static.operations.js';

/**
 * The chat widget (/widget.js) and the operator console (/console): plain files from web/, read
 * once, no build step. The console only calls the public API with the signed-in key.
 */

// From api/routes (sources, tsx) or dist/api/routes (compiled build).
const webDir = ['../../web/', '../../../web/']
  .map((p) => fileURLToPath(new URL(p, import.meta.url)))
  .find((dir) => existsSync(`${dir}widget.js`));

function file(name: string): string {
  if (!webDir) throw new Error('web/ assets not found next to the API');
  return readFileSync(`${webDir}${name}`, 'utf8');
}

/** No inline script or style, nothing from other origins, no framing: only this server's files and API. */
const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function consoleHeaders(res: Response): void {
  res.setHeader('content-security-policy', CONSOLE_CSP);
  res.setHeader('referrer-policy', 'no-referrer');
  res.setHeader('cache-control', 'no-cache');
}

export function staticRouter(ctx: AppContext): Router {
  const widget = file('widget.js');
  const consolePage = file('console/index.html');
  const consoleAssets = Object.fromEntries(CONSOLE_ASSETS.map((name) => [name, file(`console/${name}`)]));
  const r = new ApiRouter('', ctx);

  r.addPublic(staticRoutes.widget, ({ res }) => {
    // Loaded by other sites' pages: helmet's same-origin resource policy would block it.
    res.setHeader('cross-origin-resource-policy', 'cross-origin');
    res.setHeader('cache-control', 'public, max-age=300');
    res.status(200).type('text/javascript').send(widget);
    return responded;
  });

  r.addPublic(staticRoutes.console, ({ res }) => {
    consoleHeaders(res);
    res.status(200).type('text/html').send(consolePage);
    return responded;
  });

  r.addPublic(staticRoutes.consoleAsset, ({ res, params }) => {
    consoleHeaders(res);
    res
      .status(200)
      .type(params.asset.endsWith('.js') ? 'text/javascript' : 'text/css')
      .send(consoleAssets[params.asset]);
    return responded;
  });

  return r.router;
}
