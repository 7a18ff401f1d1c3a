import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GenerationStore } from '../../activities/generation-store.js';
import { placeTurn } from '../../domain/generations/session-turns.js';
import { createAgent, createProvider } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';

/**
 * The race docs/double-texting.md closes: a rollback's placement and an at_most_once call's start
 * mark on the same generation. Both sides are the service's own code against the real database
 * (no worker: the turns stay queued, so only this test writes their rows). Whichever commits first
 * wins: a start mark that arrives while the placement holds the row waits for it and then refuses;
 * a start mark that committed first makes the rollback a 409.
 */
describe('rollback against an at_most_once call starting', () => {
  let stack: TestStack;
  let model: ModelServer;
  let agentId: string;
  let store: GenerationStore;

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack({ withoutWorker: true }), startModelServer()]);
    agentId = await createAgent(stack, { aiProviderId: await createProvider(stack, model), conversational: true });
    store = new GenerationStore(stack.db, stack.runtime.feed);
  });
  afterAll(async () => {
    const running = await stack.db.generation.findMany({ where: { agentId }, select: { id: true } });
    for (const g of running)
      await stack.temporal.workflow
        .getHandle(g.id)
        .terminate()
        .catch(() => undefined);
    await stack?.close();
    await model?.close();
  });

  /** A session whose first turn is active (queued: no worker takes it). */
  async function activeTurn(): Promise<{ generationId: string; sessionId: string }> {
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'one', async: true });
    expect(res.status).toBe(202);
    return { generationId: res.body.id as string, sessionId: res.body.sessionId as string };
  }
  const owner = () => ({ projectId: stack.projectId, agentId });
  const attempts = (generationId: string) => stack.db.toolCallAttempt.count({ where: { generationId } });

  it('a start mark that arrives while a rollback is being placed waits for it, then refuses', async () => {
    const { generationId, sessionId } = await activeTurn();
    let startMark: Promise<boolean> | undefined;
    let settledEarly = false;
    await stack.db.$transaction(async (tx) => {
      const placement = await placeTurn(tx, { sessionId, create: false }, owner(), 'rollback');
      expect(placement).toMatchObject({ sessionId, waiting: true, stops: generationId });
      // The placement holds the generation row: the call's start mark must wait for its commit.
      startMark = store.markCallStarted(generationId, 'call_pay');
      void startMark.then(() => (settledEarly = true));
      await new Promise((r) => setTimeout(r, 500));
      expect(settledEarly).toBe(false);
    });
    expect(await startMark).toBe(false);
    expect(await attempts(generationId)).toBe(0);
    expect((await stack.db.generation.findUniqueOrThrow({ where: { id: generationId } })).multitaskStop).toBe(
      'rolled_back',
    );
  });

  it('a placement that rolls back (the request failed) lets the waiting start mark through', async () => {
    const { generationId, sessionId } = await activeTurn();
    let startMark: Promise<boolean> | undefined;
    await stack.db
      .$transaction(async (tx) => {
        await placeTurn(tx, { sessionId, create: false }, owner(), 'rollback');
        startMark = store.markCallStarted(generationId, 'call_pay');
        await new Promise((r) => setTimeout(r, 200));
        throw new Error('the request failed after the placement');
      })
      .catch(() => undefined);
    expect(await startMark).toBe(true);
    expect(await attempts(generationId)).toBe(1);
  });

  it('a start mark that committed first makes the rollback a 409 rollback_refused', async () => {
    const { generationId, sessionId } = await activeTurn();
    expect(await store.markCallStarted(generationId, 'call_pay')).toBe(true);
    await expect(
      stack.db.$transaction((tx) => placeTurn(tx, { sessionId, create: false }, owner(), 'rollback')),
    ).rejects.toMatchObject({ status: 409, code: 'rollback_refused' });
    expect((await stack.db.generation.findUniqueOrThrow({ where: { id: generationId } })).multitaskStop).toBeNull();
  });
});
