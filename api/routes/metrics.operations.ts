import { errorResponseSchema, z } from '../../contracts/schemas/index.js';
import { defineRoute } from '../openapi/spec.js';

/** Prometheus scraping (served by ./metrics.ts, without an API key; METRICS_TOKEN protects it). */
export const metricsRoutes = {
  metrics: defineRoute({
    operationId: 'getMetrics',
    method: 'get',
    path: '/metrics',
    tag: 'Operations',
    summary: 'Prometheus metrics of this API process (and of generations, read from the database)',
    description:
      'Prometheus text exposition format. When the server sets METRICS_TOKEN, send it as `Authorization: Bearer <token>`.',
    action: null,
    pathAndQuery: 'as-given',
    status: 200,
    response: z.string(),
    responseContentType: 'text/plain',
    responseDescription: 'Metrics in the Prometheus text format (version 0.0.4)',
    otherResponses: {
      401: { description: 'METRICS_TOKEN is set and the request does not carry it', schema: errorResponseSchema },
    },
  }),
};
