import { forkRequestSchema, generationSchema } from '../../contracts/schemas/index.js';
import { generationParams } from '../openapi/params.js';
import { defineRoute } from '../openapi/spec.js';

/** Forking a generation from one of its steps (served by ./generations.ts; docs/fork.md). */
export const forkRoutes = {
  fork: defineRoute({
    operationId: 'forkAgentGeneration',
    method: 'post',
    path: '/v1/generations/{generationId}/fork',
    tag: 'Generations',
    summary: 'Fork a generation from one of its steps',
    description:
      "Starts a new generation in the same trace with the origin's configuration: steps 1..fromStep are replayed from the origin's record (no model or tool call), the rest runs live. At-most-once tools wait for a fresh approval in the fork; at-least-once tools get a new Idempotency-Key. Needs agents:CreateAgentGeneration on the agent as well. 409 unless the origin is completed, failed or cancelled; 422 for a fromStep beyond its steps or an edit that does not apply. An Idempotency-Key header makes a repeated request return the same fork (another body with the key is a 422), as on generate (docs/fork.md).",
    action: 'agents:ForkAgentGeneration',
    pathAndQuery: 'as-given',
    resource: (p) => `generations/${p.generationId}`,
    params: generationParams,
    body: forkRequestSchema,
    status: 202,
    response: generationSchema,
    responseDescription: 'Accepted: the fork (queued, its replayed steps in its trace); poll it or stream its events',
    errors: [409, 422, 503],
  }),
};
