import type { Router } from 'express';
import { createGuardedAgent, parseAllowList } from '../../infra/net/ssrf.js';
import { runAgentStep } from '../agent-step/run.js';
import type { AppContext } from '../context.js';
import { ApiRouter } from '../routing.js';
import { agentStepRoutes } from './agent-step.operations.js';

/** POST /v1/agent-step: the provider is reached through the same SSRF guard as the worker's calls. */
export function agentStepRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/agent-step', ctx);
  const dispatcher = createGuardedAgent(parseAllowList(ctx.env.SSRF_ALLOWLIST));
  r.add(agentStepRoutes.execute, ({ auth, body }) => runAgentStep(ctx, dispatcher, auth.projectId, body));
  return r.router;
}
