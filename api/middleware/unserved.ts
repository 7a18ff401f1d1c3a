import type { RequestHandler } from 'express';
import { ApiError } from '../../contracts/errors.js';
import type { AnyRouteSpec } from '../openapi/spec.js';

/**
 * Requests no router served: a known path with a method it does not serve is 405 with `Allow`
 * (what the path does serve); anything else is 404. Both in the error shape.
 */
export function unservedRoute(routes: AnyRouteSpec[]): RequestHandler {
  const paths = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  for (const route of routes) {
    const entry = paths.get(route.path) ?? { pattern: pathPattern(route.path), methods: new Set<string>() };
    entry.methods.add(route.method.toUpperCase());
    if (route.method === 'get') entry.methods.add('HEAD');
    paths.set(route.path, entry);
  }
  return (req, res) => {
    // Mounted inside a router too (req.baseUrl is the mount path).
    const path = req.baseUrl + req.path;
    const allowed = new Set<string>();
    for (const { pattern, methods } of paths.values()) {
      if (pattern.test(path)) for (const m of methods) allowed.add(m);
    }
    if (allowed.size > 0) {
      const allow = [...allowed].sort().join(', ');
      res.setHeader('allow', allow);
      const error = new ApiError(
        405,
        'method_not_allowed',
        `${req.method} is not served on ${path}; allowed: ${allow}`,
      );
      res.status(405).json(error.toBody());
      return;
    }
    res.status(404).json(new ApiError(404, 'not_found', `No route for ${req.method} ${path}`).toBody());
  };
}

/** `/v1/agents/{agentId}` → a pattern matching one path segment per parameter (as Express routes do). */
function pathPattern(openApiPath: string): RegExp {
  const source = openApiPath
    .split(/\{[A-Za-z0-9_]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${source}/?$`, 'i');
}
