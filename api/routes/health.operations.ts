import { z } from '../../contracts/schemas/index.js';
import { defineRoute } from '../openapi/spec.js';

/** The probes (served by ./health.ts, without an API key). */
export const healthRoutes = {
  health: defineRoute({
    operationId: 'getHealth',
    method: 'get',
    path: '/healthz',
    tag: 'Operations',
    summary: 'Liveness: the process serves HTTP',
    action: null,
    pathAndQuery: 'as-given',
    status: 200,
    response: z.object({ status: z.literal('ok') }).openapi('Health'),
    responseDescription: 'The process is up',
  }),
  ready: defineRoute({
    operationId: 'getReadiness',
    method: 'get',
    path: '/readyz',
    tag: 'Operations',
    summary: 'Readiness: the database and Temporal are reachable',
    action: null,
    pathAndQuery: 'as-given',
    status: 200,
    response: z
      .object({ status: z.enum(['ready', 'not_ready']), checks: z.record(z.string(), z.string()) })
      .openapi('Readiness'),
    responseDescription: 'Every dependency answered',
    otherResponses: { 503: { description: 'A dependency is unreachable (same body, status not_ready)' } },
  }),
};
