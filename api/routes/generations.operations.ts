import {
  agentIdSchema,
  errorResponseSchema,
  generateRequestSchema,
  generationIdSchema,
  generationSchema,
  jsonSchemaKeywords,
  listGenerationsQuerySchema,
  listResponseSchema,
  steeringMessageRequestSchema,
  steeringMessageSchema,
  streamEventTypes,
  streamQuerySchema,
  toolOutputsRequestSchema,
  z,
} from '../../contracts/schemas/index.js';
import { STEERING_MAX_PENDING_BYTES, STEERING_MAX_PENDING_MESSAGES } from '../../domain/steering-limits.js';
import { agentParams, generationParams } from '../openapi/params.js';
import { defineRoute } from '../openapi/spec.js';

const agentGenerationParams = z.object({ agentId: agentIdSchema, generationId: generationIdSchema });
const generationList = listResponseSchema(generationSchema, 'GenerationList');
const pendingCaps = `${STEERING_MAX_PENDING_MESSAGES} messages or ${STEERING_MAX_PENDING_BYTES / 1024 / 1024} MiB`;

/** One server-sent event of the stream (what the text/event-stream responses carry, event by event). */
const eventStream = z
  .object({
    id: z
      .string()
      .regex(/^[0-9]+$/)
      .describe('Increasing per generation; reconnect with Last-Event-ID to resume after it.'),
    event: z.enum(streamEventTypes),
    data: z
      .string()
      .openapi(
        jsonSchemaKeywords({
          contentMediaType: 'application/json',
          contentSchema: { type: 'object', required: ['generationId'] },
        }),
      )
      .describe('JSON with at least generationId (and step).'),
  })
  .openapi('GenerationEvent', {
    description:
      'One event of the text/event-stream. `chunk` carries `replySeq`; `reset` (a retried model call) tells the client to discard the chunks of that `replySeq` received so far; `done` carries the final text.',
  });

/**
 * The responses of a request that runs, resumes or cancels a generation: 200 with it once settled,
 * 202 with it while still running (`running` says why).
 */
export function generationReplies(settled: string, running = 'Accepted: resumed and still running') {
  return {
    status: 200,
    response: generationSchema,
    responseDescription: settled,
    otherResponses: { 202: { description: running, schema: generationSchema } },
  };
}

/** Running agents and reading their generations (served by ./generations.ts). */
export const generationRoutes = {
  generate: defineRoute({
    operationId: 'createAgentGeneration',
    method: 'post',
    path: '/v1/agents/{agentId}/generate',
    tag: 'Generations',
    summary: 'Run the agent (sync by default; async: true returns 202 at once)',
    description:
      'An Idempotency-Key header (1-255 visible ASCII characters, otherwise 400) makes a repeated request return the same generation; the same key with a different request is a 422.',
    action: 'agents:CreateAgentGeneration',
    pathAndQuery: 'as-given',
    resource: (p) => `agents/${p.agentId}`,
    params: agentParams,
    body: generateRequestSchema,
    ...generationReplies(
      'The settled generation (completed, failed, cancelled or requires_action); with stream: true, its events as SSE',
      'Accepted: still running (async, or waitSeconds elapsed)',
    ),
    alternativeContent: { 'text/event-stream': eventStream },
    errors: [409, 422, 503],
  }),
  submitToolOutputs: defineRoute({
    operationId: 'submitAgentToolOutputs',
    method: 'post',
    path: '/v1/agents/{agentId}/generate/{generationId}/tool-outputs',
    tag: 'Generations',
    summary: 'Submit outputs of client tool calls and resume the generation',
    action: 'agents:SubmitAgentToolOutputs',
    pathAndQuery: 'as-given',
    resource: (p) => `agents/${p.agentId}`,
    params: agentGenerationParams,
    body: toolOutputsRequestSchema,
    ...generationReplies(
      'The generation once settled again (or still requires_action with the calls pending); with stream: true, its events as SSE',
    ),
    alternativeContent: { 'text/event-stream': eventStream },
    errors: [409, 422, 503],
  }),
  getForAgent: defineRoute({
    operationId: 'getAgentGeneration',
    method: 'get',
    path: '/v1/agents/{agentId}/generations/{generationId}',
    tag: 'Generations',
    summary: 'Get a generation of an agent',
    action: 'agents:GetAgentGeneration',
    pathAndQuery: 'as-given',
    resource: (p) => `agents/${p.agentId}`,
    params: agentGenerationParams,
    status: 200,
    response: generationSchema,
    responseDescription: 'The generation with its steps',
  }),
  list: defineRoute({
    operationId: 'listAgentGenerations',
    method: 'get',
    path: '/v1/generations',
    tag: 'Generations',
    summary: 'List generations (filters: agentId, status, sessionId, traceId)',
    action: 'agents:ListAgentGenerations',
    pathAndQuery: 'as-given',
    resource: () => 'generations/*',
    query: listGenerationsQuerySchema,
    status: 200,
    response: generationList,
    responseDescription: 'A page of generations, newest first (without steps)',
  }),
  get: defineRoute({
    operationId: 'getGeneration',
    method: 'get',
    path: '/v1/generations/{generationId}',
    tag: 'Generations',
    summary: 'Get a generation',
    action: 'agents:GetAgentGeneration',
    pathAndQuery: 'as-given',
    resource: (p) => `generations/${p.generationId}`,
    params: generationParams,
    status: 200,
    response: generationSchema,
    responseDescription: 'The generation with its steps',
  }),
  events: defineRoute({
    operationId: 'streamAgentGeneration',
    method: 'get',
    path: '/v1/generations/{generationId}/events',
    tag: 'Generations',
    summary: "Stream a generation's events (SSE, resumable with Last-Event-ID)",
    description:
      'Sends every recorded event after Last-Event-ID, then live ones until the generation settles; keep-alive comments every 15 s.',
    action: 'agents:StreamAgentGeneration',
    pathAndQuery: 'as-given',
    resource: (p) => `generations/${p.generationId}`,
    params: generationParams,
    query: streamQuerySchema,
    status: 200,
    response: eventStream,
    responseContentType: 'text/event-stream',
    responseDescription: 'The event stream',
  }),
  cancel: defineRoute({
    operationId: 'cancelAgentGeneration',
    method: 'post',
    path: '/v1/generations/{generationId}/cancel',
    tag: 'Generations',
    summary: 'Cancel a generation',
    action: 'agents:CancelAgentGeneration',
    pathAndQuery: 'as-given',
    resource: (p) => `generations/${p.generationId}`,
    params: generationParams,
    ...generationReplies('The cancelled generation', 'Cancellation requested, not yet settled'),
    errors: [409],
  }),
  addMessage: defineRoute({
    operationId: 'addAgentGenerationMessage',
    method: 'post',
    path: '/v1/generations/{generationId}/messages',
    tag: 'Generations',
    summary: 'Add a user message to a running generation (steering)',
    description:
      "Stored, then applied at the next step boundary: the next model call reads it after the step's tool results (docs/steering.md). A paused generation takes it too; it is applied at the model call after the pause is answered. 409 once the generation is completed, failed or cancelled, or while it waits for its session's turn. " +
      `At most ${pendingCaps} of content (UTF-8) may be pending per generation: one more is a 429 \`too_many_pending_messages\` and nothing is stored (a repeated clientMessageId still answers with its stored message).`,
    action: 'agents:SteerAgentGeneration',
    pathAndQuery: 'as-given',
    resource: (p) => `generations/${p.generationId}`,
    params: generationParams,
    body: steeringMessageRequestSchema,
    status: 202,
    response: steeringMessageSchema,
    responseDescription: 'Accepted: the stored message (the same one for a repeated clientMessageId)',
    otherResponses: {
      429: {
        description: `\`too_many_pending_messages\`: the generation's pending messages would exceed ${pendingCaps} (nothing stored; send it again once the run has applied some), or \`rate_limited\`: the API key's rate limit (see Retry-After)`,
        schema: errorResponseSchema,
      },
    },
    errors: [409, 422],
  }),
};
