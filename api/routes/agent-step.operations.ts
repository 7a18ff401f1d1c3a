import { agentStepRequestSchema, agentStepResponseSchema } from '../../contracts/schemas/index.js';
import { defineRoute } from '../openapi/spec.js';

/** The stateless single step (served by ./agent-step.ts). */
export const agentStepRoutes = {
  execute: defineRoute({
    operationId: 'executeAgentStep',
    method: 'post',
    path: '/v1/agent-step',
    tag: 'Agent step',
    summary: 'One stateless model call: a final answer or one tool request (nothing stored, no workflow)',
    action: 'agents:ExecuteAgentStep',
    resource: () => 'agent-step/*',
    body: agentStepRequestSchema,
    status: 200,
    response: agentStepResponseSchema,
    responseDescription: 'The answer (content) or the tool the caller should run (toolRequest), with usage',
    errors: [422, 502],
  }),
};
