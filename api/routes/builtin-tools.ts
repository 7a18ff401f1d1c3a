import type { Router } from 'express';
import { builtinCatalog } from '../../contracts/builtins/index.js';
import type { BuiltinToolTypeView } from '../../contracts/schemas/index.js';
import type { AppContext } from '../context.js';
import { ApiRouter } from '../routing.js';
import { builtinToolRoutes as routes } from './builtin-tools.operations.js';

/**
 * `GET /v1/builtin-tools`: the catalogue the OpenAPI document carries as `x-builtins`, from the
 * builtins' own definitions (contracts/builtins). agent_clarify and the session-cache tools are
 * offered by the loop itself, not attached, so they are not listed.
 */
export function builtinToolsRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/builtin-tools', ctx);
  const data = Object.entries(builtinCatalog()).map(
    ([name, entry]) =>
      ({
        name,
        description: entry.description,
        limits: entry.limits,
        parameters: entry.parameters,
        config: entry.config,
        secretConfigKeys: entry.secretConfigKeys ?? [],
        requiresApprovalByDefault: entry.requiresApprovalByDefault === true,
      }) as BuiltinToolTypeView,
  );
  r.add(routes.list, async () => ({ data }));
  return r.router;
}
