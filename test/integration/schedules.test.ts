import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createProvider } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { callAs, createProjectWithKey, expectError, mintKey } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

/** A cron time that does not come during a test run (midnight, January 1st). */
const NEVER_SOON = { cronExpressions: ['0 0 1 1 *'], timeZone: 'Europe/Paris' };

describe('scheduled generations on Temporal Schedules', () => {
  let stack: TestStack;
  let model: ModelServer;
  let providerId: string;
  const created: string[] = [];

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack(), startModelServer()]);
    providerId = await createProvider(stack, model);
    model.setDefault({ text: 'scheduled answer' });
  });
  afterAll(async () => {
    // Schedules live in the shared Temporal server: remove the ones this file made.
    for (const id of created) await stack?.api('DELETE', `/v1/schedules/${id}`).catch(() => undefined);
    await stack?.close();
    await model?.close();
  });

  async function createSchedule(body: Record<string, unknown>) {
    const res = await stack.api('POST', '/v1/schedules', body);
    if (res.status === 201) created.push(res.body.id);
    return res;
  }
  const getSchedule = async (id: string) => (await stack.api('GET', `/v1/schedules/${id}`)).body;
  const generationsOf = async (agentId: string) =>
    (await stack.api('GET', `/v1/generations?agentId=${agentId}&limit=100`)).body.data as Array<{
      id: string;
      status: string;
    }>;

  it('an interval schedule runs generations that complete, listed on the schedule with their ids', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    const res = await createSchedule({
      agentId,
      request: { prompt: 'the hourly report', metadata: { kind: 'report' } },
      spec: { intervals: [{ everySeconds: 2 }] },
      note: 'every two seconds',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      object: 'schedule',
      agentId,
      paused: false,
      overlap: 'skip',
      note: 'every two seconds',
      spec: { intervals: [{ everySeconds: 2, offsetSeconds: 0 }], timeZone: 'UTC' },
    });
    expect(res.body.nextRunTimes.length).toBeGreaterThan(0);
    const runs = await waitFor(async () => {
      const s = await getSchedule(res.body.id);
      const withGeneration = s.recentRuns.filter((r: { generationId: string | null }) => r.generationId);
      return withGeneration.length >= 2 ? withGeneration : undefined;
    }, 'two runs');
    for (const run of runs.slice(0, 2)) {
      const g = await waitFor(async () => {
        const body = (await stack.api('GET', `/v1/generations/${run.generationId}`)).body;
        return body.status === 'completed' ? body : undefined;
      }, 'a completed run');
      expect(g).toMatchObject({ agentId, text: 'scheduled answer', metadata: { kind: 'report' } });
    }
    // The schedule is visible under the project in Temporal.
    const described = await stack.temporal.schedule.getHandle(res.body.temporalScheduleId).describe();
    expect(described.typedSearchAttributes.getAll().map((p) => [p.key.name, p.value])).toEqual(
      expect.arrayContaining([
        ['ProjectId', stack.projectId],
        ['AgentId', agentId],
      ]),
    );
    expect((await stack.api('DELETE', `/v1/schedules/${res.body.id}`)).status).toBe(204);
    expectError(await stack.api('GET', `/v1/schedules/${res.body.id}`), 404, 'not_found');
  });

  it('overlap skip: triggering while a run is still going starts no second generation', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    model.scriptFor('slow-run', async () => {
      await gate;
      return { text: 'slow done' };
    });
    const res = await createSchedule({
      agentId,
      request: { prompt: '[[script:slow-run]] take your time' },
      spec: NEVER_SOON,
      overlap: 'skip',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id;
    expect((await stack.api('POST', `/v1/schedules/${id}/trigger`)).status).toBe(200);
    const first = await waitFor(async () => {
      const [g] = await generationsOf(agentId);
      return g?.status === 'running' ? g : undefined;
    }, 'the first run to be running');
    expect((await stack.api('POST', `/v1/schedules/${id}/trigger`)).status).toBe(200);
    const handle = stack.temporal.schedule.getHandle(res.body.temporalScheduleId);
    await waitFor(
      async () => ((await handle.describe()).info.numActionsSkippedOverlap >= 1 ? true : undefined),
      'a skip',
    );
    release();
    await waitFor(async () => {
      const g = (await stack.api('GET', `/v1/generations/${first.id}`)).body;
      return g.status === 'completed' ? g : undefined;
    }, 'the first run to complete');
    expect((await generationsOf(agentId)).map((g) => g.id)).toEqual([first.id]);
  });

  it('overlap cancel_other: a trigger while a run is in its model call stops that call at once and cancels the run; the new run completes', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    // The first run's model call never answers; the next one (the second run's) does.
    model.scriptFor('cancel-other', { fault: 'hang' }, { text: 'second run done' });
    const modelCalls = () => model.requests.filter((r) => r.tag === 'cancel-other').length;
    const res = await createSchedule({
      agentId,
      request: { prompt: '[[script:cancel-other]] report' },
      spec: NEVER_SOON,
      overlap: 'cancel_other',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.overlap).toBe('cancel_other');
    const id = res.body.id;
    expect((await stack.api('POST', `/v1/schedules/${id}/trigger`)).status).toBe(200);
    const first = await waitFor(async () => {
      const [g] = await generationsOf(agentId);
      return g?.status === 'running' && modelCalls() === 1 ? g : undefined;
    }, 'the first run to be in its model call');
    expect((await stack.api('POST', `/v1/schedules/${id}/trigger`)).status).toBe(200);
    const both = await waitFor(async () => {
      const gs = await generationsOf(agentId);
      const settled = gs.length === 2 && gs.every((g) => ['completed', 'cancelled', 'failed'].includes(g.status));
      return settled ? gs : undefined;
    }, 'the first run cancelled and the second finished');
    const byId = new Map(both.map((g) => [g.id, g.status]));
    expect(byId.get(first.id)).toBe('cancelled');
    // Stopped by the run's cancel announcement (docs/adr/0027), not at a workflow-task heartbeat.
    expect(await stack.callsStoppedForCancel(first.id)).toBe(1);
    const second = both.find((g) => g.id !== first.id)!;
    expect(second.status).toBe('completed');
    expect((await stack.api('GET', `/v1/generations/${second.id}`)).body.text).toBe('second run done');
    expect(modelCalls()).toBe(2);
    // Both runs are listed, each with its own generation (one workflow id: both fell in one second).
    const runs = (await getSchedule(id)).recentRuns as Array<{ generationId: string }>;
    expect(runs.map((r) => r.generationId).sort()).toEqual([first.id, second.id].sort());
  });

  it('overlap buffer_one: triggers while a run is going buffer one run, which starts when the first ends; the rest are dropped', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    model.scriptFor(
      'buffer-one',
      async () => {
        await gate;
        return { text: 'first run done' };
      },
      { text: 'buffered run done' },
    );
    const res = await createSchedule({
      agentId,
      request: { prompt: '[[script:buffer-one]] report' },
      spec: NEVER_SOON,
      overlap: 'buffer_one',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id;
    expect((await stack.api('POST', `/v1/schedules/${id}/trigger`)).status).toBe(200);
    const first = await waitFor(async () => {
      const [g] = await generationsOf(agentId);
      return g?.status === 'running' ? g : undefined;
    }, 'the first run to be running');
    // Two more while it runs: one is buffered, the other dropped.
    expect((await stack.api('POST', `/v1/schedules/${id}/trigger`)).status).toBe(200);
    expect((await stack.api('POST', `/v1/schedules/${id}/trigger`)).status).toBe(200);
    const handle = stack.temporal.schedule.getHandle(res.body.temporalScheduleId);
    await waitFor(
      async () => ((await handle.describe()).info.numActionsSkippedOverlap >= 1 ? true : undefined),
      'the third trigger dropped',
    );
    expect(await generationsOf(agentId)).toHaveLength(1);
    release();
    const both = await waitFor(async () => {
      const gs = await generationsOf(agentId);
      return gs.length === 2 && gs.every((g) => g.status === 'completed') ? gs : undefined;
    }, 'the buffered run to complete after the first');
    const second = both.find((g) => g.id !== first.id)!;
    expect((await stack.api('GET', `/v1/generations/${second.id}`)).body.text).toBe('buffered run done');
    // The run closes just after its child generation settles: wait for it, not for a fixed time.
    const described = await waitFor(async () => {
      const d = await handle.describe();
      return d.info.runningActions.length === 0 ? d : undefined;
    }, 'both runs to close');
    expect(described.info.numActionsSkippedOverlap).toBe(1);
    expect(await generationsOf(agentId)).toHaveLength(2);
  });

  it('a paused schedule runs nothing on its own; backfill runs each time of the window; resume starts it', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    const res = await createSchedule({
      agentId,
      request: { prompt: 'backfilled' },
      spec: { intervals: [{ everySeconds: 60 }] },
      overlap: 'allow_all',
      paused: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ paused: true, nextRunTimes: [] });
    const id = res.body.id;
    // 00:01, 00:02 and 00:03 fall in the window whichever way its ends count.
    const backfill = await stack.api('POST', `/v1/schedules/${id}/backfill`, {
      start: '2026-01-01T00:00:30Z',
      end: '2026-01-01T00:03:30Z',
    });
    expect(backfill.status, JSON.stringify(backfill.body)).toBe(200);
    const done = await waitFor(async () => {
      const gs = await generationsOf(agentId);
      return gs.length === 3 && gs.every((g) => g.status === 'completed') ? gs : undefined;
    }, 'three backfilled runs');
    expect(done).toHaveLength(3);
    const runs = (await getSchedule(id)).recentRuns as Array<{ scheduledAt: string; generationId: string }>;
    // Paused: the only runs are the backfill's.
    expect(runs.map((r) => r.scheduledAt).sort()).toEqual([
      '2026-01-01T00:01:00.000Z',
      '2026-01-01T00:02:00.000Z',
      '2026-01-01T00:03:00.000Z',
    ]);
    expect(new Set(runs.map((r) => r.generationId))).toEqual(new Set(done.map((g) => g.id)));

    const paused = await stack.api('POST', `/v1/schedules/${id}/pause`, { note: 'holiday' });
    expect(paused.body).toMatchObject({ paused: true, note: 'holiday' });
    const resumed = await stack.api('POST', `/v1/schedules/${id}/resume`, {});
    expect(resumed.body.paused).toBe(false);
    expect(resumed.body.nextRunTimes.length).toBeGreaterThan(0);
    // Every second now: a run of the live schedule follows.
    const patched = await stack.api('PATCH', `/v1/schedules/${id}`, { spec: { intervals: [{ everySeconds: 1 }] } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.spec.intervals).toEqual([{ everySeconds: 1, offsetSeconds: 0 }]);
    await waitFor(async () => ((await generationsOf(agentId)).length > 3 ? true : undefined), 'a live run');
  });

  it("a backfill's own overlap: with skip, the window's times that fall while its first run is held are skipped", async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    model.scriptFor('held-backfill', async () => {
      await gate;
      return { text: 'held backfill done' };
    });
    const res = await createSchedule({
      agentId,
      request: { prompt: '[[script:held-backfill]] backfilled' },
      spec: { intervals: [{ everySeconds: 60 }] },
      overlap: 'allow_all',
      paused: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const backfill = await stack.api('POST', `/v1/schedules/${res.body.id}/backfill`, {
      start: '2026-01-01T00:00:30Z',
      end: '2026-01-01T00:03:30Z',
      overlap: 'skip',
    });
    expect(backfill.status, JSON.stringify(backfill.body)).toBe(200);
    const handle = stack.temporal.schedule.getHandle(res.body.temporalScheduleId);
    await waitFor(
      async () => ((await handle.describe()).info.numActionsSkippedOverlap >= 2 ? true : undefined),
      'two backfilled times skipped',
    );
    release();
    const [only] = await waitFor(async () => {
      const gs = await generationsOf(agentId);
      return gs.length === 1 && gs[0]!.status === 'completed' ? gs : undefined;
    }, 'the one backfilled run to complete');
    expect((await stack.api('GET', `/v1/generations/${only!.id}`)).body.text).toBe('held backfill done');
    expect((await handle.describe()).info.numActionsSkippedOverlap).toBe(2);
    expect(await generationsOf(agentId)).toHaveLength(1);
  });

  it('the spec decides the times: a cron in its time zone, an interval at its offset', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    // 09:00 in New York is 14:00 UTC in winter (EST) and 13:00 UTC in summer (EDT).
    const cron = await createSchedule({
      agentId,
      request: { prompt: 'morning report' },
      spec: { cronExpressions: ['0 9 * * *'], timeZone: 'America/New_York' },
      paused: false,
    });
    expect(cron.status, JSON.stringify(cron.body)).toBe(201);
    const cronTimes = cron.body.nextRunTimes as string[];
    expect(cronTimes.length).toBeGreaterThan(1);
    for (const t of cronTimes) {
      const at = new Date(t);
      const local = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/New_York',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(at);
      expect(local).toBe('09:00');
      expect([13, 14]).toContain(at.getUTCHours());
    }
    // Every hour at half past: the offset moves each time 30 minutes into the interval.
    const interval = await createSchedule({
      agentId,
      request: { prompt: 'hourly report' },
      spec: { intervals: [{ everySeconds: 3600, offsetSeconds: 1800 }] },
    });
    expect(interval.status, JSON.stringify(interval.body)).toBe(201);
    expect(interval.body.spec.intervals).toEqual([{ everySeconds: 3600, offsetSeconds: 1800 }]);
    const times = (interval.body.nextRunTimes as string[]).map((t) => new Date(t));
    expect(times.length).toBeGreaterThan(1);
    for (const at of times) expect([at.getUTCMinutes(), at.getUTCSeconds()]).toEqual([30, 0]);
    expect(times[1]!.getTime() - times[0]!.getTime()).toBe(3600_000);
    // Neither comes during this test: remove them before they could run.
    for (const id of [cron.body.id, interval.body.id])
      expect((await stack.api('DELETE', `/v1/schedules/${id}`)).status).toBe(204);
  });

  it('refuses a bad spec or time zone, changing nothing', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    const before = await stack.db.schedule.count();
    const badZone = await createSchedule({
      agentId,
      request: { prompt: 'x' },
      spec: { intervals: [{ everySeconds: 5 }], timeZone: 'Mars/Olympus_Mons' },
    });
    // Rules the OpenAPI document cannot state are 422s (UNPROCESSABLE_RULE).
    expectError(badZone, 422);
    const badCron = await createSchedule({
      agentId,
      request: { prompt: 'x' },
      spec: { cronExpressions: ['61 * * * *'] },
    });
    expectError(badCron, 422);
    expectError(await createSchedule({ agentId, request: { prompt: 'x' }, spec: {} }), 422);
    expectError(
      await createSchedule({ agentId, request: { prompt: 'x', stream: true }, spec: NEVER_SOON }),
      400,
      'invalid_request',
    );
    expect(await stack.db.schedule.count()).toBe(before);
    const list = await stack.temporal.schedule.list({ query: `AgentId = '${agentId}'` });
    for await (const s of list) throw new Error(`a Temporal schedule was left: ${s.scheduleId}`);
  });

  it('an agent with a schedule cannot be deleted (409 naming it); another project sees nothing', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    const res = await createSchedule({ agentId, request: { prompt: 'x' }, spec: NEVER_SOON });
    expect(res.status).toBe(201);
    const refused = await stack.api('DELETE', `/v1/agents/${agentId}`);
    expectError(refused, 409, 'conflict');
    expect(refused.body.error.message).toContain(res.body.id);

    const other = await createProjectWithKey(stack);
    expectError(await callAs(stack, other.key, 'GET', `/v1/schedules/${res.body.id}`), 404, 'not_found');
    expectError(await callAs(stack, other.key, 'POST', `/v1/schedules/${res.body.id}/trigger`), 404, 'not_found');
    expect((await callAs(stack, other.key, 'GET', '/v1/schedules')).body.data).toEqual([]);
    expect((await stack.api('GET', '/v1/schedules')).body.data.map((s: { id: string }) => s.id)).toContain(res.body.id);

    expect((await stack.api('DELETE', `/v1/schedules/${res.body.id}`)).status).toBe(204);
    expect((await stack.api('DELETE', `/v1/agents/${agentId}`)).status).toBe(204);
  });

  it('a patch replaces the request, overlap and note; the next run uses the new request', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    const res = await createSchedule({ agentId, request: { prompt: 'old prompt' }, spec: NEVER_SOON, note: 'n1' });
    expect(res.status).toBe(201);
    const id = res.body.id;
    const patched = await stack.api('PATCH', `/v1/schedules/${id}`, {
      request: { prompt: 'new prompt', metadata: { v: 2 } },
      overlap: 'buffer_one',
      note: 'n2',
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ request: { prompt: 'new prompt' }, overlap: 'buffer_one', note: 'n2' });
    const described = await stack.temporal.schedule.getHandle(res.body.temporalScheduleId).describe();
    expect(described.policies.overlap).toBe('BUFFER_ONE');
    expect((await stack.api('PATCH', `/v1/schedules/${id}`, { note: null })).body.note).toBeNull();
    await stack.api('POST', `/v1/schedules/${id}/trigger`);
    const g = await waitFor(async () => {
      const [one] = await generationsOf(agentId);
      return one?.status === 'completed' ? one : undefined;
    }, 'the triggered run');
    expect((await stack.api('GET', `/v1/generations/${g.id}`)).body.metadata).toEqual({ v: 2 });
  });

  it('creating a schedule needs the right to start generations of the agent', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    const { key } = await mintKey(stack, [
      { effect: 'Allow', action: ['agents:CreateSchedule', 'agents:GetSchedule'], resource: ['*'] },
    ]);
    const refused = await callAs(stack, key, 'POST', '/v1/schedules', {
      agentId,
      request: { prompt: 'x' },
      spec: NEVER_SOON,
    });
    expectError(refused, 403, 'forbidden');
    expect(await stack.db.schedule.count({ where: { agentId } })).toBe(0);
  });
});
