import {
  agentIdSchema,
  createWebhookSchema,
  listResponseSchema,
  webhookDeliverySchema,
  webhookIdSchema,
  webhookSchema,
  z,
} from '../../contracts/schemas/index.js';
import { agentParams, generationParams, pageQuery } from '../openapi/params.js';
import { defineRoute } from '../openapi/spec.js';

const webhookParams = z.object({ agentId: agentIdSchema, webhookId: webhookIdSchema });
const webhookList = listResponseSchema(webhookSchema, 'WebhookList');
const deliveryList = listResponseSchema(webhookDeliverySchema, 'WebhookDeliveryList');

/** Webhook subscriptions and a generation's deliveries (served by ./webhooks.ts). */
export const webhookRoutes = {
  create: defineRoute({
    operationId: 'createAgentWebhook',
    method: 'post',
    path: '/v1/agents/{agentId}/webhooks',
    tag: 'Webhooks',
    summary: "Subscribe a URL to the agent's generation events (Standard Webhooks signatures)",
    action: 'agents:CreateAgentWebhook',
    pathAndQuery: 'as-given',
    resource: (p) => `agents/${p.agentId}`,
    params: agentParams,
    body: createWebhookSchema,
    status: 201,
    response: webhookSchema,
    responseDescription: 'The subscription, with its signing secret (shown only here)',
  }),
  list: defineRoute({
    operationId: 'listAgentWebhooks',
    method: 'get',
    path: '/v1/agents/{agentId}/webhooks',
    tag: 'Webhooks',
    summary: "List the agent's webhook subscriptions",
    action: 'agents:ListAgentWebhooks',
    pathAndQuery: 'as-given',
    resource: (p) => `agents/${p.agentId}`,
    params: agentParams,
    query: pageQuery,
    status: 200,
    response: webhookList,
    responseDescription: 'A page of subscriptions, newest first',
  }),
  delete: defineRoute({
    operationId: 'deleteAgentWebhook',
    method: 'delete',
    path: '/v1/agents/{agentId}/webhooks/{webhookId}',
    tag: 'Webhooks',
    summary: 'Delete a webhook subscription',
    action: 'agents:DeleteAgentWebhook',
    pathAndQuery: 'as-given',
    resource: (p) => `agents/${p.agentId}`,
    params: webhookParams,
    status: 204,
    response: undefined,
    responseDescription: 'Deleted',
  }),
  deliveries: defineRoute({
    operationId: 'listWebhookDeliveries',
    method: 'get',
    path: '/v1/generations/{generationId}/webhook-deliveries',
    tag: 'Webhooks',
    summary: "A generation's webhook deliveries and their attempts",
    action: 'agents:GetAgentGeneration',
    pathAndQuery: 'as-given',
    resource: (p) => `generations/${p.generationId}`,
    params: generationParams,
    status: 200,
    response: deliveryList,
    responseDescription: 'Every delivery of the generation, oldest first (one page)',
  }),
};
