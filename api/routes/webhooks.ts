import type { Router } from 'express';
import type { z } from 'zod';
import { notFound } from '../../contracts/errors.js';
import { newId } from '../../contracts/ids.js';
import type { WebhookView, webhookDeliverySchema } from '../../contracts/schemas/index.js';
import type { Webhook, WebhookDelivery } from '../../generated/prisma/client.js';
import type { AppContext } from '../context.js';
import { checkAgentNotDenied } from '../../domain/generation-access.js';
import { found } from '../http.js';
import { webhookRoutes } from './webhooks.operations.js';
import { listPage } from '../../domain/pagination.js';
import { ApiRouter } from '../routing.js';

import { newWebhookSecret } from '../../domain/webhook-secret.js';

export { newWebhookSecret };

function webhookView(w: Webhook): WebhookView {
  return {
    id: w.id,
    object: 'webhook',
    agentId: w.agentId,
    url: w.url,
    events: w.events as WebhookView['events'],
    active: w.active,
    createdAt: w.createdAt.toISOString(),
  };
}

type DeliveryView = z.infer<typeof webhookDeliverySchema>;

function deliveryView(d: WebhookDelivery): DeliveryView {
  return {
    id: d.id,
    generationId: d.generationId,
    scheduleId: d.scheduleId,
    webhookId: d.webhookId,
    url: d.url,
    event: d.event,
    status: d.status as DeliveryView['status'],
    attempts: d.attempts,
    lastStatus: d.lastStatus,
    lastError: d.lastError,
    deliveredAt: d.deliveredAt ? d.deliveredAt.toISOString() : null,
    createdAt: d.createdAt.toISOString(),
  };
}

/** Agent-level webhook subscriptions (/v1/agents/{agentId}/webhooks). */
export function webhooksRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/agents', ctx);

  const agentOf = async (projectId: string, agentId: string) =>
    found(await ctx.db.agent.findFirst({ where: { id: agentId, projectId }, select: { id: true } }), 'Agent');

  r.add(webhookRoutes.create, async ({ auth, params, body }) => {
    const agent = await agentOf(auth.projectId, params.agentId);
    const secret = newWebhookSecret();
    const row = await ctx.db.webhook.create({
      data: {
        id: newId('webhook'),
        projectId: auth.projectId,
        agentId: agent.id,
        url: body.url,
        events: body.events,
        active: body.active,
        secretEncrypted: ctx.secrets.encrypt(secret),
      },
    });
    return { ...webhookView(row), secret };
  });

  r.add(webhookRoutes.list, async ({ auth, params, query: q }) => {
    const agent = await agentOf(auth.projectId, params.agentId);
    const where = { agentId: agent.id, projectId: auth.projectId };
    return listPage(
      q,
      ({ after, ...window }) => ctx.db.webhook.findMany({ where: { ...where, ...after }, ...window }),
      webhookView,
    );
  });

  r.add(webhookRoutes.delete, async ({ auth, params }) => {
    const agent = await agentOf(auth.projectId, params.agentId);
    const deleted = await ctx.db.webhook.deleteMany({
      where: { id: params.webhookId, agentId: agent.id, projectId: auth.projectId },
    });
    if (deleted.count === 0) throw notFound('Webhook');
  });

  return r.router;
}

/** Delivery log of a generation's webhooks (/v1/generations/{id}/webhook-deliveries). */
export function deliveriesRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/generations', ctx);
  r.add(webhookRoutes.deliveries, async ({ auth, action, params }) => {
    const g = found(
      await ctx.db.generation.findFirst({
        where: { id: params.generationId, projectId: auth.projectId },
        select: { id: true, agentId: true },
      }),
      'Generation',
    );
    checkAgentNotDenied(auth, action, g.agentId);
    const rows = await ctx.db.webhookDelivery.findMany({
      where: { generationId: g.id },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return { data: rows.map(deliveryView), nextCursor: null };
  });
  return r.router;
}
