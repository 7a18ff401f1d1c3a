import { z } from '../../contracts/schemas/index.js';
import { defineRoute } from '../openapi/spec.js';

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
    summary: "The console's script and stylesheet",
    action: null,
    params: z.object({ asset: z.enum(['console.js', 'console.css']) }),
    status: 200,
    response: z.string(),
    responseContentType: 'text/javascript',
    alternativeContent: { 'text/css': z.string() },
    responseDescription: 'console.js as JavaScript, console.css as CSS',
  }),
};
