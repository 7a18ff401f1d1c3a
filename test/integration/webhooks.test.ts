import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ReceivedToolRequest, type ToolServer } from '../support/tool-server.js';

/** An independent Standard Webhooks verifier (not the project's signer). */
function verify(secret: string, req: ReceivedToolRequest): boolean {
  const id = req.headers['webhook-id'] as string;
  const timestamp = req.headers['webhook-timestamp'] as string;
  const signatures = String(req.headers['webhook-signature'] ?? '').split(' ');
  const key = secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret);
  const expected = createHmac('sha256', key)
    .update(`${id}.${timestamp}.${JSON.stringify(req.body)}`)
    .digest('base64');
  return (
    signatures.some((s) => {
      const [version, mac] = s.split(',');
      return (
        version === 'v1' &&
        !!mac &&
        mac.length === expected.length &&
        timingSafeEqual(Buffer.from(mac), Buffer.from(expected))
      );
    }) && Math.abs(Date.now() / 1000 - Number(timestamp)) < 300
  );
}

describe('webhooks: signed, durable deliveries of generation events', () => {
  let stack: TestStack;
  let model: ModelServer;
  let receiver: ToolServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, receiver] = await Promise.all([
      startStack({ env: { WEBHOOK_MAX_ATTEMPTS: '4' } }),
      startModelServer(),
      startToolServer(),
    ]);
    providerId = await createProvider(stack, model);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await receiver?.close();
  });
  beforeEach(() => model.reset());

  async function waitFor<T>(fn: () => T | undefined, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const v = fn();
      if (v !== undefined) return v;
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('callbackUrl receives generation.completed signed with the secret returned once', async () => {
    receiver.route('/cb', (_req, res) => json(res, 200, { ok: true }));
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    model.script({ text: 'done and delivered' });
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'hi',
      callbackUrl: `${receiver.url}/cb`,
    });
    expect(res.body.status).toBe('completed');
    expect(res.body.callbackSecret).toMatch(/^whsec_/);
    const delivery = await waitFor(() =>
      receiver.requests.find((r) => r.path === '/cb' && r.body.data?.id === res.body.id),
    );
    expect(delivery.body).toMatchObject({
      type: 'generation.completed',
      data: { id: res.body.id, status: 'completed', text: 'done and delivered' },
    });
    expect(verify(res.body.callbackSecret, delivery)).toBe(true);
    expect(verify('whsec_' + Buffer.from('wrong').toString('base64'), delivery)).toBe(false);
    expect((await stack.api('GET', `/v1/generations/${res.body.id}`)).body.callbackSecret).toBeUndefined();
  });

  it('a cancel that reaches a generation after its final write, while its webhooks are prepared: it stays completed and the webhook is sent', async () => {
    receiver.route('/late-cancel', (_req, res) => json(res, 200, { ok: true }));
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    model.script({ text: 'ended before the cancel' });
    // PostgreSQL holds the webhook deliveries table: the run stores its end, then waits there.
    const cancelled = await stack.db.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe(`LOCK TABLE "WebhookDelivery" IN EXCLUSIVE MODE`);
        const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
          prompt: 'hi',
          callbackUrl: `${receiver.url}/late-cancel`,
          async: true,
        });
        const id = res.body.id as string;
        await waitForRow(id, 'completed');
        // Temporal's cancel, as a cancel request the API accepted just before the end was stored.
        await stack.temporal.workflow.getHandle(id).cancel();
        await new Promise((r) => setTimeout(r, 1_000));
        return id;
      },
      { timeout: 30_000 },
    );
    const delivery = await waitFor(() =>
      receiver.requests.find((r) => r.path === '/late-cancel' && r.body.data?.id === cancelled),
    );
    expect(delivery.body).toMatchObject({ type: 'generation.completed', data: { status: 'completed' } });
    await stack.temporal.workflow
      .getHandle(cancelled)
      .result()
      .catch(() => undefined);
    const stored = await stack.db.generation.findUniqueOrThrow({ where: { id: cancelled } });
    expect(stored).toMatchObject({ status: 'completed', text: 'ended before the cancel', stateVersion: 2 });
  });

  async function waitForRow(id: string, status: string): Promise<void> {
    const deadline = Date.now() + 20_000;
    while ((await stack.db.generation.findUnique({ where: { id } }))?.status !== status) {
      if (Date.now() > deadline) throw new Error(`generation ${id} never became ${status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('an agent subscription gets requires_action and completed; a receiver failing twice gets the event three times with the same webhook-id', async () => {
    let failures = 0;
    receiver.route('/flaky', (req, res) => {
      if (req.body.type === 'generation.completed' && failures < 2) {
        failures += 1;
        return json(res, 503, { busy: true });
      }
      json(res, 204, {});
    });
    const ask = await createTool(stack, {
      type: 'client',
      name: 'ask',
      parameters: { type: 'object', properties: {} },
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [ask] });
    const sub = await stack.api('POST', `/v1/agents/${agentId}/webhooks`, { url: `${receiver.url}/flaky` });
    expect(sub.status).toBe(201);
    expect(sub.body.secret).toMatch(/^whsec_/);
    const listed = await stack.api('GET', `/v1/agents/${agentId}/webhooks`);
    expect(listed.body.data[0].secret).toBeUndefined();

    model.script({ text: '', toolCalls: [{ id: 'w1', name: 'ask', arguments: {} }] }, { text: 'finished' });
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'pause then finish' });
    const pausedEvent = await waitFor(() =>
      receiver.requests.find(
        (r) => r.path === '/flaky' && r.body.type === 'generation.requires_action' && r.body.data.id === paused.body.id,
      ),
    );
    expect(pausedEvent.body.data.requiredAction.toolCalls[0].toolCallId).toBe('w1');
    expect(verify(sub.body.secret, pausedEvent)).toBe(true);

    await stack.api('POST', `/v1/agents/${agentId}/generate/${paused.body.id}/tool-outputs`, {
      toolOutputs: [{ toolCallId: 'w1', output: 'ok' }],
    });
    const completed = await waitFor(() => {
      const hits = receiver.requests.filter(
        (r) => r.path === '/flaky' && r.body.type === 'generation.completed' && r.body.data.id === paused.body.id,
      );
      return hits.length >= 3 ? hits : undefined;
    }, 30_000);
    expect(completed).toHaveLength(3);
    expect(new Set(completed.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(completed.every((r) => verify(sub.body.secret, r))).toBe(true);

    let completedDelivery: { id: string; status: string; attempts: number; lastStatus: number } | undefined;
    const deadline = Date.now() + 20_000;
    while (completedDelivery?.status !== 'delivered' && Date.now() < deadline) {
      const deliveries = await stack.api('GET', `/v1/generations/${paused.body.id}/webhook-deliveries`);
      completedDelivery = deliveries.body.data.find((d: { event: string }) => d.event === 'generation.completed');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(completedDelivery).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 204 });
    const attempts = await stack.db.webhookAttempt.findMany({
      where: { deliveryId: completedDelivery!.id },
      orderBy: { attempt: 'asc' },
    });
    expect(attempts.map((a) => a.statusCode)).toEqual([503, 503, 204]);
  });

  it('a receiver that always fails: the delivery ends failed after WEBHOOK_MAX_ATTEMPTS, every attempt recorded', async () => {
    receiver.route('/down', (_req, res) => json(res, 500, { down: true }));
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    model.script({ text: 'nobody hears this' });
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'hi',
      callbackUrl: `${receiver.url}/down`,
    });
    expect(res.body.status).toBe('completed');
    let delivery: { id: string; status: string; attempts: number; lastStatus: number } | undefined;
    const deadline = Date.now() + 40_000;
    while (delivery?.status !== 'failed' && Date.now() < deadline) {
      const deliveries = await stack.api('GET', `/v1/generations/${res.body.id}/webhook-deliveries`);
      delivery = deliveries.body.data.find((d: { event: string }) => d.event === 'generation.completed');
      await new Promise((r) => setTimeout(r, 200));
    }
    // WEBHOOK_MAX_ATTEMPTS is 4 for this stack.
    expect(delivery).toMatchObject({ status: 'failed', attempts: 4, lastStatus: 500 });
    const attempts = await stack.db.webhookAttempt.findMany({
      where: { deliveryId: delivery!.id },
      orderBy: { attempt: 'asc' },
    });
    expect(attempts.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
      [4, 500],
    ]);
    const received = receiver.requests.filter((r) => r.path === '/down' && r.body.data?.id === res.body.id);
    expect(received).toHaveLength(4);
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
  });
});
