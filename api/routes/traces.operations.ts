import {
  listResponseSchema,
  listTracesQuerySchema,
  traceIdSchema,
  traceSchema,
  traceSummarySchema,
  z,
} from '../../contracts/schemas/index.js';
import { aliasRoutes, defineRoute } from '../openapi/spec.js';

const traceList = listResponseSchema(traceSummarySchema, 'TraceList');

/** Traces: the tree of generations one top-level generation started (served by ./traces.ts). */
export const traceRoutes = {
  list: defineRoute({
    operationId: 'listTraces',
    method: 'get',
    path: '/v1/traces',
    tag: 'Traces',
    summary: 'List traces (filters: agentId and status of the root generation, createdAfter, createdBefore)',
    action: 'agents:ListAgentTraces',
    pathAndQuery: 'as-given',
    resource: () => 'traces/*',
    query: listTracesQuerySchema,
    status: 200,
    response: traceList,
    responseDescription: 'A page of traces, newest first',
  }),
  get: defineRoute({
    operationId: 'getTrace',
    method: 'get',
    path: '/v1/traces/{traceId}',
    tag: 'Traces',
    summary: 'Get a trace: its tree of generations with steps, timings and usage, and totals',
    action: 'agents:GetAgentTrace',
    pathAndQuery: 'as-given',
    resource: (p) => `traces/${p.traceId}`,
    params: z.object({ traceId: traceIdSchema }),
    status: 200,
    response: traceSchema,
    responseDescription: 'The trace',
  }),
};

/** The same endpoints under `/v1/agents/traces`. */
export const traceAliasRoutes = aliasRoutes(traceRoutes, '/v1/traces', '/v1/agents/traces', 'ViaAgents');
