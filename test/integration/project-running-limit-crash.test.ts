import { WorkflowNotFoundError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQueuedGenerations } from '../../api/generations/hand-off.js';
import { createLogger } from '../../infra/logger.js';
import { createAgent, createProvider } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

/**
 * The hand-off of a project slot (docs/adr/0050) survives kill -9: the worker dies after the
 * release that follows a final write claimed the waiting generation and before it started it.
 */
describe('a waiting generation still starts when the worker dies at its hand-off', () => {
  let stack: TestStack;
  let model: ModelServer;

  beforeAll(async () => {
    [stack, model] = await Promise.all([
      startStack({ mode: 'processes', env: { PROJECT_MAX_RUNNING_GENERATIONS: '1' }, withoutWorker: true }),
      startModelServer(),
    ]);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  });

  const row = (id: string) => stack.db.generation.findUniqueOrThrow({ where: { id } });

  it('the claimed generation, never started, is started by the reconciler', async () => {
    await stack.startWorker({ WORKER_TEST_KILL_AFTER_ACTIVITY: 'startWaiting' });
    const agentId = await createAgent(stack, { aiProviderId: await createProvider(stack, model) });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    model.scriptFor('first', async () => {
      await gate;
      return { text: 'first answer' };
    });
    model.scriptFor('second', { text: 'second answer' });

    const first = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: '[[script:first]] a',
      async: true,
    });
    await waitFor(async () => (model.requests.length === 1 ? true : undefined), 'the first model call');
    const second = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: '[[script:second]] b',
      async: true,
    });
    expect(await row(second.body.id)).toMatchObject({ status: 'queued', waitingForTurn: true });

    // The first run's final write frees the slot; its release claims the second and the worker dies.
    release();
    await stack.workerExited();
    expect((await row(first.body.id)).status).toBe('completed');
    expect(await row(second.body.id)).toMatchObject({ status: 'queued', waitingForTurn: false });
    await expect(stack.temporal.workflow.getHandle(second.body.id).describe()).rejects.toBeInstanceOf(
      WorkflowNotFoundError,
    );

    // A new worker retries the first run's last call: its release finds the slot taken by the
    // claimed row. That row is an ordinary stored, unstarted generation: the reconciler's.
    await stack.startWorker();
    const ctx = {
      env: stack.env,
      db: stack.db,
      temporal: stack.temporal,
      feed: stack.runtime.feed,
      secrets: stack.runtime.secrets,
      logger: createLogger('warn', 'reconciler-test'),
    };
    // The API process's own pass (every 30 s) may have come first: starting twice is refused by Temporal.
    expect(await startQueuedGenerations(ctx, 0)).toBeLessThanOrEqual(1);
    const done = await waitFor(async () => {
      const g = await row(second.body.id);
      return g.status === 'completed' ? g : undefined;
    }, 'the second generation to complete');
    expect(done.text).toBe('second answer');
  });
});
