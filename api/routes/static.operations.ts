import { z } from '../../contracts/schemas/index.js';
import { defineRoute } from '../openapi/spec.js';

/** The console's files in web/console/: console.js imports the other modules. */
export const CONSOLE_ASSETS = [
  'console.js',
  'ui.js',
  'generations.js',
  'knowledge.js',
  'memory.js',
  'schedules.js',
  'steering.js',
  'fork.js',
  'deadlines.js',
  'console.css',
] as const;
const consoleAssetSchema = z.enum(CONSOLE_ASSETS);

/** Browser surfaces served by the API process (./static.ts), without an API key. */
export const staticRoutes = {
  widget: defineRoute({
    operationId: 'getChatWidget',
    method: 'get',
    path: '/widget.js',
    tag: 'Browser',
    summary: 'The embeddable chat widget script',
    description:
      'Embed with `<script src=".../widget.js" data-agent="SLUG" data-key="ag_…" async></script>` on a page of one of the agent\'s allowed origins.',
    action: null,
    status: 200,
    response: z.string(),
    responseContentType: 'text/javascript',
    responseDescription: 'JavaScript',
  }),
  console: defineRoute({
    operationId: 'getConsole',
    method: 'get',
    path: '/console',
    tag: 'Browser',
    summary: 'The operator console (sign in with an API key)',
    action: null,
    status: 200,
    response: z.string(),
    responseContentType: 'text/html',
    responseDescription: 'HTML',
  }),
  consoleAsset: defineRoute({
    operationId: 'getConsoleAsset',
    method: 'get',
    path: '/console/{asset}',
    tag: 'Browser',
    summary: "The console's scripts (ES modules) and stylesheet",
    action: null,
    params: z.object({ asset: consoleAssetSchema }),
    status: 200,
    response: z.string(),
    responseContentType: 'text/javascript',
    alternativeContent: { 'text/css': z.string() },
    responseDescription: 'The .js modules as JavaScript, console.css as CSS',
  }),
};
