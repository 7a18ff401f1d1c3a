import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { notFound } from '../../contracts/errors.js';
import { newId } from '../../contracts/ids.js';
import { createWebhookSchema, paginationQuerySchema, type WebhookView } from '../../contracts/schemas/index.js';
import type { Webhook, WebhookDelivery } from '../../generated/prisma/client.js';
import type { AppContext } from '../context.js';
import { authorize, handler, parseInput } from '../http.js';
import { afterCursor, newestFirst, page } from '../pagination.js';

/** A Standard Webhooks signing secret: `whsec_` + 32 random bytes, base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function webhookView(w: Webhook): WebhookView {
  return { id: w.id, object: 'webhook', agentId: w.agentId, url: w.url, events: w.events as WebhookView['events'], active: w.active, createdAt: w.createdAt.toISOString() };
}

function deliveryView(d: WebhookDelivery) {
  return {
    id: d.id, generationId: d.generationId, webhookId: d.webhookId, url: d.url, event: d.event, status: d.status,
    attempts: d.attempts, lastStatus: d.lastStatus, lastError: d.lastError,
    deliveredAt: d.deliveredAt ? d.deliveredAt.toISOString() : null, createdAt: d.createdAt.toISOString(),
  };
}

/** Agent-level webhook subscriptions (/v1/agents/{agentId}/webhooks) and delivery logs. */
export function webhooksRouter(ctx: AppContext): Router {
  const r = Router();

  async function agentOf(projectId: string, agentId: string) {
    const agent = await ctx.db.agent.findFirst({ where: { id: agentId, projectId }, select: { id: true } });
    if (!agent) throw notFound('Agent');
    return agent;
  }

  r.post('/:agentId/webhooks', handler(async (req, res) => {
    const auth = authorize(req, 'agents:CreateAgentWebhook', `agents/${req.params.agentId}`);
    const body = parseInput(createWebhookSchema, req.body, 'body');
    const agent = await agentOf(auth.projectId, String(req.params.agentId));
    const secret = newWebhookSecret();
    const row = await ctx.db.webhook.create({
      data: { id: newId('webhook'), projectId: auth.projectId, agentId: agent.id, url: body.url, events: body.events, active: body.active, secretEncrypted: ctx.secrets.encrypt(secret) },
    });
    res.status(201).json({ ...webhookView(row), secret });
  }));

  r.get('/:agentId/webhooks', handler(async (req, res) => {
    const auth = authorize(req, 'agents:ListAgentWebhooks', `agents/${req.params.agentId}`);
    const q = parseInput(paginationQuerySchema, req.query, 'query');
    const agent = await agentOf(auth.projectId, String(req.params.agentId));
    const rows = await ctx.db.webhook.findMany({ where: { agentId: agent.id, projectId: auth.projectId, ...afterCursor(q.cursor) }, orderBy: newestFirst, take: q.limit + 1 });
    const { items, nextCursor } = page(rows, q.limit);
    res.json({ data: items.map(webhookView), nextCursor });
  }));

  r.delete('/:agentId/webhooks/:webhookId', handler(async (req, res) => {
    const auth = authorize(req, 'agents:DeleteAgentWebhook', `agents/${req.params.agentId}`);
    const agent = await agentOf(auth.projectId, String(req.params.agentId));
    const deleted = await ctx.db.webhook.deleteMany({ where: { id: String(req.params.webhookId), agentId: agent.id, projectId: auth.projectId } });
    if (deleted.count === 0) throw notFound('Webhook');
    res.status(204).end();
  }));

  return r;
}

/** Delivery log of a generation's webhooks (/v1/generations/{id}/webhook-deliveries). */
export function deliveriesRouter(ctx: AppContext): Router {
  const r = Router();
  r.get('/:generationId/webhook-deliveries', handler(async (req, res) => {
    const auth = authorize(req, 'agents:GetAgentGeneration', `generations/${req.params.generationId}`);
    const g = await ctx.db.generation.findFirst({ where: { id: String(req.params.generationId), projectId: auth.projectId }, select: { id: true } });
    if (!g) throw notFound('Generation');
    const rows = await ctx.db.webhookDelivery.findMany({ where: { generationId: g.id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    res.json({ data: rows.map(deliveryView), nextCursor: null });
  }));
  return r;
}
