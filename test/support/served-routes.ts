import type { Express } from 'express';

interface LayerLike {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
  rawPath?: string | string[];
}

function join(prefix: string, path: string): string {
  const joined = `${prefix === '/' ? '' : prefix}${path === '/' ? '' : path}`;
  return joined === '' ? '/' : joined;
}

/**
 * Every `METHOD /path` Express actually serves, found by walking the app's router stack (mounted
 * routers included), with `:param` written as `{param}` like OpenAPI paths.
 */
export function servedRoutes(app: Express): string[] {
  const out = new Set<string>();
  const walk = (stack: LayerLike[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const p of paths) {
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (on && method !== '_all')
              out.add(`${method.toUpperCase()} ${join(prefix, p).replace(/:(\w+)/g, '{$1}')}`);
          }
        }
      } else if (layer.handle?.stack) {
        const mounts = Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath ?? '/'];
        for (const m of mounts) walk(layer.handle.stack, join(prefix, m));
      }
    }
  };
  const router = (app as unknown as { router: { stack: LayerLike[] } }).router;
  walk(router.stack, '');
  return [...out].sort();
}
