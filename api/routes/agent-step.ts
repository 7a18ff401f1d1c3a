import type { Router } from 'express';
import { runAgentStep } from '../agent-step/run.js';
import type { AppContext } from '../context.js';
import { outboundOf } from '../services/outbound.js';
import { ApiRouter } from '../routing.js';
import { agentStepRoutes } from './agent-step.operations.js';

/** POST /v1/agent-step: the provider is reached through the provider dispatcher, as by the worker. */
export function agentStepRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/agent-step', ctx);
  const dispatcher = outboundOf(ctx).provider;
  r.add(agentStepRoutes.execute, ({ auth, body }) => runAgentStep(ctx, dispatcher, auth.projectId, body));
  return r.router;
}
