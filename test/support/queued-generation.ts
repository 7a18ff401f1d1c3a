import { expect } from 'vitest';
import { createAgent, createProvider } from './fixtures.js';
import { startModelServer } from './model-server.js';
import { startStack, type TestStack } from './stack.js';

/**
 * A stack without a worker and one generation started asynchronously: it stays queued, so only the
 * test writes its rows (statement counts, cache behaviour). `close` ends the run and the stack.
 */
export async function startQueuedGeneration(): Promise<{
  stack: TestStack;
  generationId: string;
  close: () => Promise<void>;
}> {
  const [stack, model] = await Promise.all([startStack({ withoutWorker: true }), startModelServer()]);
  const agentId = await createAgent(stack, { aiProviderId: await createProvider(stack, model) });
  const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'hi', async: true });
  expect(res.status).toBe(202);
  const generationId: string = res.body.id;
  const close = async () => {
    await stack.temporal.workflow
      .getHandle(generationId)
      .terminate()
      .catch(() => undefined);
    await stack.close();
    await model.close();
  };
  return { stack, generationId, close };
}
