import { createHash } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/activity';
import { fetch, type Dispatcher } from 'undici';
import { generationView, loadSteps } from '../infra/db/generation-view.js';
import { readSnapshot } from '../infra/db/json-columns.js';
import type { SecretBox } from '../infra/crypto/secrets.js';
import { webhookHeaders } from '../infra/crypto/webhook-signature.js';
import type { Db } from '../infra/db/prisma.js';
import type { WebhookEvent } from '../contracts/generation/index.js';

export interface WebhookDeps {
  db: Db;
  secrets: SecretBox;
  dispatcher: Dispatcher;
}

/** Deterministic per (generation, event, state, target): a retried activity reuses the delivery. */
function deliveryId(generationId: string, event: string, stateVersion: number, target: string): string {
  return `whd_${createHash('sha256').update(`${generationId}|${event}|${stateVersion}|${target}`).digest('hex').slice(0, 32)}`;
}

export async function prepareWebhooks(
  input: { generationId: string; event: WebhookEvent; stateVersion: number },
  deps: WebhookDeps,
): Promise<string[]> {
  const g = await deps.db.generation.findUniqueOrThrow({ where: { id: input.generationId } });
  const snapshot = readSnapshot(g.snapshot);
  const targets = [
    ...(g.callbackUrl ? [{ key: 'callback', url: g.callbackUrl, webhookId: null as string | null }] : []),
    ...(snapshot.webhooks ?? [])
      .filter((w) => w.events.includes(input.event))
      .map((w) => ({ key: w.id, url: w.url, webhookId: w.id as string | null })),
  ];
  if (targets.length === 0) return [];
  // Standard Webhooks payload: { type, timestamp, data }.
  const payload = {
    type: input.event,
    timestamp: new Date().toISOString(),
    data: generationView(g, await loadSteps(deps.db, g.id)),
  } as unknown as object;
  const ids: string[] = [];
  for (const t of targets) {
    const id = deliveryId(g.id, input.event, input.stateVersion, t.key);
    await deps.db.webhookDelivery.upsert({
      where: { id },
      create: {
        id,
        projectId: g.projectId,
        generationId: g.id,
        webhookId: t.webhookId,
        url: t.url,
        event: input.event,
        payload,
        status: 'pending',
      },
      update: {},
    });
    ids.push(id);
  }
  return ids;
}

async function secretFor(
  deps: WebhookDeps,
  delivery: { generationId: string | null; webhookId: string | null },
): Promise<string | null> {
  // A schedule's event (no generation): signed with the subscription's secret as it is now.
  if (delivery.generationId === null) {
    if (!delivery.webhookId) return null;
    const w = await deps.db.webhook.findUnique({
      where: { id: delivery.webhookId },
      select: { secretEncrypted: true },
    });
    return w ? deps.secrets.decrypt(w.secretEncrypted) : null;
  }
  if (delivery.webhookId) {
    const g = await deps.db.generation.findUniqueOrThrow({
      where: { id: delivery.generationId },
      select: { snapshot: true },
    });
    const target = (readSnapshot(g.snapshot).webhooks ?? []).find((w) => w.id === delivery.webhookId);
    return target ? deps.secrets.decrypt(target.secretEncrypted) : null;
  }
  const g = await deps.db.generation.findUniqueOrThrow({
    where: { id: delivery.generationId },
    select: { callbackSecretEnc: true },
  });
  return g.callbackSecretEnc ? deps.secrets.decrypt(g.callbackSecretEnc) : null;
}

export async function deliverWebhook(input: { deliveryId: string }, deps: WebhookDeps): Promise<void> {
  const delivery = await deps.db.webhookDelivery.update({
    where: { id: input.deliveryId },
    data: { attempts: { increment: 1 } },
  });
  if (delivery.status !== 'pending') return;
  // Each attempt is deferred work on the subscription's behalf (docs/security.md, "Deferred work"):
  // a subscription deleted or deactivated since the event stops its retries.
  if (delivery.webhookId) {
    const subscription = await deps.db.webhook.findUnique({
      where: { id: delivery.webhookId },
      select: { active: true },
    });
    if (!subscription?.active) {
      const error = 'the webhook subscription was deleted or deactivated';
      await deps.db.webhookDelivery.update({ where: { id: delivery.id }, data: { lastError: error } });
      throw ApplicationFailure.nonRetryable(error, 'WebhookSubscriptionGone');
    }
  }
  const body = JSON.stringify(delivery.payload);
  const started = Date.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'durable-agents-webhooks',
        ...webhookHeaders(await secretFor(deps, delivery), delivery.id, body),
      },
      body,
      dispatcher: deps.dispatcher,
      signal: AbortSignal.timeout(15_000),
      redirect: 'manual',
    });
    statusCode = response.status;
    await response.body?.cancel();
    if (!response.ok) error = `receiver answered HTTP ${response.status}`;
  } catch (err) {
    const cause = (err as { cause?: Error }).cause;
    error = `delivery failed: ${cause?.message ?? (err as Error).message}`;
  }
  await deps.db.webhookAttempt.upsert({
    where: { deliveryId_attempt: { deliveryId: delivery.id, attempt: delivery.attempts } },
    create: {
      deliveryId: delivery.id,
      attempt: delivery.attempts,
      statusCode,
      error,
      durationMs: Date.now() - started,
    },
    update: { statusCode, error, durationMs: Date.now() - started },
  });
  await deps.db.webhookDelivery.update({
    where: { id: delivery.id },
    data: { lastStatus: statusCode, lastError: error },
  });
  // Throwing lets Temporal retry with backoff; the webhook-id stays the same on every attempt.
  if (error) throw ApplicationFailure.create({ type: 'WebhookNotAcknowledged', message: error });
}

export async function finishWebhookDelivery(
  input: { deliveryId: string; delivered: boolean },
  deps: WebhookDeps,
): Promise<void> {
  await deps.db.webhookDelivery.update({
    where: { id: input.deliveryId },
    data: input.delivered ? { status: 'delivered', deliveredAt: new Date() } : { status: 'failed' },
  });
}
