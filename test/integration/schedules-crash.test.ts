import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createProvider } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

/**
 * A scheduled run across a kill -9 of the worker and a restart of the API (docs/schedules.md): the
 * run's generation is stored by an activity keyed by the run's workflow id, so the run re-done by
 * the restarted worker finds that row and runs that one generation.
 */
describe('schedules: kill -9 of the worker after a run stored its generation', () => {
  let stack: TestStack;
  let model: ModelServer;
  let scheduleId: string | undefined;

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack({ mode: 'processes' }), startModelServer()]);
  });
  afterAll(async () => {
    if (scheduleId) await stack?.api('DELETE', `/v1/schedules/${scheduleId}`).catch(() => undefined);
    await stack?.close();
    await model?.close();
  });

  it('the restarted worker runs the one generation the killed run stored; the schedule lists it', async () => {
    const agentId = await createAgent(stack, { aiProviderId: await createProvider(stack, model) });
    model.scriptFor('scheduled-crash', { text: 'report sent' });
    const created = await stack.api('POST', '/v1/schedules', {
      agentId,
      request: { prompt: 'send the report [[script:scheduled-crash]]' },
      spec: { cronExpressions: ['0 0 1 1 *'], timeZone: 'UTC' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    scheduleId = created.body.id as string;

    await stack.stopWorker();
    await stack.startWorker({ WORKER_TEST_KILL_AFTER_ACTIVITY: 'createScheduledGeneration' });
    expect((await stack.api('POST', `/v1/schedules/${scheduleId}/trigger`)).status).toBe(200);
    await stack.workerExited();

    // Stored, but its activity's result never reached Temporal.
    const atCrash = await stack.db.generation.findMany({ where: { agentId } });
    expect(atCrash).toHaveLength(1);
    expect(atCrash[0]!.status).toBe('queued');
    await stack.restartApi();
    await stack.startWorker();

    const done = await waitFor(
      async () => {
        const g = await stack.db.generation.findUnique({ where: { id: atCrash[0]!.id } });
        return g?.status === 'completed' ? g : undefined;
      },
      'the stored generation to complete',
      90_000,
    );
    expect(done.text).toBe('report sent');
    expect(await stack.db.generation.count({ where: { agentId } })).toBe(1);
    expect(model.requests.filter((r) => r.tag === 'scheduled-crash')).toHaveLength(1);
    const runs = await waitFor(async () => {
      const s = (await stack.api('GET', `/v1/schedules/${scheduleId}`)).body;
      const listed = (s.recentRuns as Array<{ generationId: string | null }>).filter((r) => r.generationId);
      return listed.length > 0 ? listed : undefined;
    }, 'the run listed on the schedule');
    expect(runs.map((r) => r.generationId)).toEqual([atCrash[0]!.id]);
  });
});
