import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer, type RecordedRequest } from '../support/model-server.js';
import { callAs, expectError, mintKey } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';
import { waitFor } from '../support/wait.js';

/**
 * Deferred work acts only with authority that still holds when it runs (docs/security.md,
 * "Deferred work"): the security review's schedule findings, each driven through the public API.
 */
describe('deferred authority: schedules act for a key that still holds the right', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;
  let toolId: string;
  const created: string[] = [];
  const SECRET = 'Bearer report-secret-9f8e7d';

  /** A key that may schedule and generate on every agent, as an ordinary integration key would. */
  const schedulerStatements = [
    {
      effect: 'Allow',
      action: [
        'agents:CreateAgentGeneration',
        'agents:GetAgentGeneration',
        'agents:CreateSchedule',
        'agents:GetSchedule',
        'agents:UpdateSchedule',
        'agents:TriggerSchedule',
      ],
      resource: ['*'],
    },
  ];

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([
      startStack({ env: { WEBHOOK_MAX_ATTEMPTS: '3' } }),
      startModelServer(),
      startToolServer(),
    ]);
    providerId = await createProvider(stack, model);
    tools.route('/report', (_req, res) => json(res, 200, { sent: true }));
    tools.route('/hooks', (_req, res) => json(res, 200, { ok: true }));
    toolId = await createTool(stack, {
      type: 'http',
      name: 'send_report',
      execute: { url: `${tools.url}/report`, headers: { Authorization: { value: SECRET, secret: true } } },
    });
  });
  afterAll(async () => {
    for (const id of created) await stack?.api('DELETE', `/v1/schedules/${id}`).catch(() => undefined);
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => {
    model.reset();
    // Each run calls the secret-bearing tool once, then answers.
    model.setDefault((req: RecordedRequest) =>
      req.messages.at(-1)?.role === 'tool' ? { text: 'reported' } : call('send_report', {}),
    );
  });

  const secretCalls = () => tools.requests.filter((r) => r.path === '/report' && r.headers.authorization === SECRET);
  const getSchedule = async (id: string) => (await stack.api('GET', `/v1/schedules/${id}`)).body;

  async function scheduleAs(key: string, agentId: string, spec: Record<string, unknown>, extra = {}) {
    const res = await callAs(stack, key, 'POST', '/v1/schedules', {
      agentId,
      request: { prompt: 'send the report' },
      spec,
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    created.push(res.body.id);
    return res.body;
  }

  it('row 1: revoking the key a schedule acts for pauses it at once, with the reason; no run calls the tool after', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    const a = await mintKey(stack, schedulerStatements);
    const schedule = await scheduleAs(a.key, agentId, { intervals: [{ everySeconds: 2 }] });
    expect(schedule.actsForKeyId).toBe(a.id);
    await waitFor(async () => (secretCalls().length >= 1 ? true : undefined), 'a run to call the tool');

    expect((await stack.api('DELETE', `/v1/api-keys/${a.id}`)).status).toBe(200);
    const paused = await getSchedule(schedule.id);
    expect(paused).toMatchObject({
      paused: true,
      actsForKeyId: a.id,
      refusal: { code: 'principal_revoked', keyId: a.id, runWorkflowId: null },
    });
    expect(paused.note).toMatch(new RegExp(`API key ${a.id} it acts for is revoked`));
    // A run that had already started before the revocation may still finish its call: wait for
    // every run Temporal started to settle, then nothing more may come.
    await waitFor(async () => {
      const gs = await stack.db.generation.findMany({ where: { agentId } });
      return gs.every((g) => ['completed', 'failed', 'cancelled'].includes(g.status)) ? true : undefined;
    }, 'the runs started before the revocation to settle');
    const settled = secretCalls().length;
    const runs = (await getSchedule(schedule.id)).recentRuns.length;
    // Paused schedules take no action: trigger and resume are refused while the key cannot act.
    expectError(await stack.api('POST', `/v1/schedules/${schedule.id}/trigger`), 409, 'conflict');
    expectError(await stack.api('POST', `/v1/schedules/${schedule.id}/resume`, {}), 409, 'conflict');
    const described = await stack.temporal.schedule.getHandle(schedule.temporalScheduleId).describe();
    expect(described.state.paused).toBe(true);
    expect((await getSchedule(schedule.id)).recentRuns).toHaveLength(runs);
    expect(secretCalls()).toHaveLength(settled);
  });

  it('row 1, at run time: a key revoked where the API did not pause the schedule refuses the next run, which pauses it and tells its webhook', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    const hook = await stack.api('POST', `/v1/agents/${agentId}/webhooks`, {
      url: `${tools.url}/hooks`,
      events: ['schedule.paused'],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const a = await mintKey(stack, schedulerStatements);
    const schedule = await scheduleAs(a.key, agentId, { cronExpressions: ['0 0 1 1 *'] });
    // Revoked behind the API's back (as a revocation whose pausing failed): only the run's own check is left.
    await stack.db.apiKey.update({ where: { id: a.id }, data: { revokedAt: new Date() } });
    const callsBefore = secretCalls().length;
    await stack.temporal.schedule.getHandle(schedule.temporalScheduleId).trigger();
    const refused = await waitFor(async () => {
      const s = await getSchedule(schedule.id);
      return s.paused && s.recentRuns[0]?.refusal ? s : undefined;
    }, 'the refused run to pause the schedule');
    expect(refused.recentRuns[0]).toMatchObject({
      generationId: null,
      refusal: { code: 'principal_revoked', keyId: a.id, runWorkflowId: refused.recentRuns[0].workflowId },
    });
    expect(refused.refusal.code).toBe('principal_revoked');
    expect(await stack.db.generation.count({ where: { agentId } })).toBe(0);
    expect(secretCalls()).toHaveLength(callsBefore);
    const delivered = await waitFor(async () => {
      const r = tools.requests.find((q) => q.path === '/hooks' && q.body?.type === 'schedule.paused');
      return r?.body?.data?.id === schedule.id ? r : undefined;
    }, 'the schedule.paused webhook');
    expect(delivered.body.data).toMatchObject({ agentId, refusal: { code: 'principal_revoked', keyId: a.id } });
    expect(delivered.headers['webhook-signature']).toMatch(/^v1,/);
    const row = await stack.db.webhookDelivery.findFirstOrThrow({ where: { scheduleId: schedule.id } });
    expect(row).toMatchObject({ generationId: null, event: 'schedule.paused' });
  });

  it('row 2: a key without the generate right can neither change what runs nor trigger it; an editor that may becomes who the runs act for', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    const schedule = await scheduleAs(stack.apiKey, agentId, { cronExpressions: ['0 0 1 1 *'] });
    const b = await mintKey(stack, [
      {
        effect: 'Allow',
        action: ['agents:GetSchedule', 'agents:UpdateSchedule', 'agents:TriggerSchedule'],
        resource: ['*'],
      },
    ]);
    const patch = { request: { prompt: 'something else', endUserId: 'someone-else' } };
    expectError(await callAs(stack, b.key, 'PATCH', `/v1/schedules/${schedule.id}`, patch), 403, 'forbidden');
    expectError(await callAs(stack, b.key, 'POST', `/v1/schedules/${schedule.id}/trigger`), 403, 'forbidden');
    const window = { start: '2026-01-01T00:00:00Z', end: '2026-01-02T00:00:00Z' };
    expectError(await callAs(stack, b.key, 'POST', `/v1/schedules/${schedule.id}/backfill`, window), 403, 'forbidden');
    const unchanged = await getSchedule(schedule.id);
    expect(unchanged.request).toMatchObject({ prompt: 'send the report' });
    expect(unchanged.request.endUserId).toBeUndefined();
    expect(unchanged.recentRuns).toHaveLength(0);
    // Changing only the spec chooses no content: allowed with the update right alone.
    const spec = await callAs(stack, b.key, 'PATCH', `/v1/schedules/${schedule.id}`, {
      spec: { cronExpressions: ['0 0 2 1 *'] },
    });
    expect(spec.status, JSON.stringify(spec.body)).toBe(200);
    expect(spec.body.actsForKeyId).not.toBe(b.id);

    const c = await mintKey(stack, schedulerStatements);
    const edited = await callAs(stack, c.key, 'PATCH', `/v1/schedules/${schedule.id}`, patch);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.actsForKeyId).toBe(c.id);
    expect((await callAs(stack, c.key, 'POST', `/v1/schedules/${schedule.id}/trigger`)).status).toBe(200);
    const run = await waitFor(async () => {
      const g = await stack.db.generation.findFirst({ where: { agentId, status: 'completed' } });
      return g ?? undefined;
    }, 'the triggered run');
    // The run acts for the editor: it is the requester an approval hook's requesterMayNotApprove sees.
    expect(run.createdByKeyId).toBe(c.id);
  });

  it('row 5: a backfill of more times than the bound is refused with the count and starts nothing; a backfill keeps the schedule overlap', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    model.setDefault({ text: 'backfilled' });
    const schedule = await scheduleAs(stack.apiKey, agentId, { intervals: [{ everySeconds: 1 }] }, { paused: true });
    const huge = await stack.api('POST', `/v1/schedules/${schedule.id}/backfill`, {
      start: '2000-01-01T00:00:00Z',
      end: '2026-01-01T00:00:00Z',
    });
    expectError(huge, 422, 'unprocessable');
    expect(huge.body.error.message).toMatch(/more than 1000 run times/);
    expect(huge.body.error.details.runs).toBeGreaterThan(1000);
    const described = await stack.temporal.schedule.getHandle(schedule.temporalScheduleId).describe();
    expect(described.info.numActionsTaken).toBe(0);
    expect(await stack.db.generation.count({ where: { agentId } })).toBe(0);

    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    model.scriptFor('held', async () => {
      await gate;
      return { text: 'held done' };
    });
    const skip = await scheduleAs(
      stack.apiKey,
      agentId,
      { intervals: [{ everySeconds: 60 }] },
      { paused: true, overlap: 'skip', request: { prompt: '[[script:held]] backfilled' } },
    );
    // No overlap in the request: the schedule's skip applies (it was allow_all before).
    const backfill = await stack.api('POST', `/v1/schedules/${skip.id}/backfill`, {
      start: '2026-01-01T00:00:30Z',
      end: '2026-01-01T00:03:30Z',
    });
    expect(backfill.status, JSON.stringify(backfill.body)).toBe(200);
    const handle = stack.temporal.schedule.getHandle(skip.temporalScheduleId);
    await waitFor(
      async () => ((await handle.describe()).info.numActionsSkippedOverlap >= 2 ? true : undefined),
      'two backfilled times skipped',
    );
    release();
    await waitFor(async () => {
      const gs = await stack.db.generation.findMany({ where: { agentId } });
      return gs.length === 1 && gs[0]!.status === 'completed' ? true : undefined;
    }, 'the one backfilled run');
  });

  it('a child generation: a run whose key was revoked while its model call was out starts no child', async () => {
    const child = await createAgent(stack, { aiProviderId: providerId, instructions: '[[script:child]] child' });
    const ask = await createTool(stack, { type: 'agent', name: 'ask_child', agentId: child });
    const parent = await createAgent(stack, { aiProviderId: providerId, toolIds: [ask] });
    const k = await mintKey(stack, schedulerStatements);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    model.scriptFor(
      'parent',
      async () => {
        await gate;
        return call('ask_child', { prompt: 'help' }, 'k1');
      },
      { text: 'parent done' },
    );
    model.scriptFor('child', { text: 'child answer' });
    const started = await callAs(stack, k.key, 'POST', `/v1/agents/${parent}/generate`, {
      prompt: '[[script:parent]] go',
      async: true,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await waitFor(async () => (model.requests.some((r) => r.tag === 'parent') ? true : undefined), 'the held call');
    expect((await stack.api('DELETE', `/v1/api-keys/${k.id}`)).status).toBe(200);
    release();
    const done = await waitFor(async () => {
      const g = (await stack.api('GET', `/v1/generations/${started.body.id}`)).body;
      return g.status === 'completed' ? g : undefined;
    }, 'the parent to finish');
    expect(done.text).toBe('parent done');
    expect(await stack.db.generation.count({ where: { agentId: child } })).toBe(0);
    const result = await stack.db.generationMessage.findFirstOrThrow({
      where: { generationId: started.body.id, role: 'tool' },
    });
    expect(JSON.stringify(result.content)).toMatch(/it acts for is revoked/);
  });

  it('a webhook delivery whose subscription is deleted stops retrying', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    let attempts = 0;
    let deleted!: () => void;
    const gone = new Promise<void>((r) => (deleted = r));
    // The first attempt is answered (500) only once the subscription is gone: the retry comes after.
    tools.route('/failing-hook', async (_req, res) => {
      attempts += 1;
      if (attempts === 1) await gone;
      json(res, 500, { no: true });
    });
    const hook = await stack.api('POST', `/v1/agents/${agentId}/webhooks`, {
      url: `${tools.url}/failing-hook`,
      events: ['generation.completed'],
    });
    expect(hook.status).toBe(201);
    model.setDefault({ text: 'hello' });
    const g = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'hi' });
    expect(g.body.status).toBe('completed');
    await waitFor(async () => (attempts >= 1 ? true : undefined), 'the first attempt');
    expect((await stack.api('DELETE', `/v1/agents/${agentId}/webhooks/${hook.body.id}`)).status).toBe(204);
    deleted();
    const delivery = await waitFor(async () => {
      const d = await stack.db.webhookDelivery.findFirst({ where: { generationId: g.body.id } });
      return d?.status === 'failed' ? d : undefined;
    }, 'the delivery to end');
    // WEBHOOK_MAX_ATTEMPTS is 3 here: the attempt after the delete sends nothing.
    expect(attempts).toBe(1);
    expect(delivery.lastError).toMatch(/subscription was deleted or deactivated/);
  });
});
