import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createProvider } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { openSse } from '../support/sse.js';
import { startStack, type TestStack } from '../support/stack.js';

/** In-process stack: the test can see how many streams the API still holds open for a generation. */
describe('a client that leaves a stream', () => {
  let stack: TestStack;
  let model: ModelServer;
  let agentId: string;

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack(), startModelServer()]);
    agentId = await createAgent(stack, { aiProviderId: await createProvider(stack, model) });
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  });

  async function watchersSettle(generationId: string, expected: number): Promise<number> {
    const deadline = Date.now() + 5000;
    let n = stack.runtime.feed.watchers(generationId);
    while (n !== expected && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      n = stack.runtime.feed.watchers(generationId);
    }
    return n;
  }

  it('is noticed on a POST-started stream: the API stops watching while the generation keeps running', async () => {
    model.script({ fault: 'hang' });
    const reader = await openSse(
      `${stack.url}/v1/agents/${agentId}/generate`,
      { authorization: `Bearer ${stack.apiKey}` },
      { method: 'POST', body: { prompt: 'take your time', stream: true } },
    );
    const start = await reader.waitFor((e) => e.event === 'start');
    const generationId: string = start.data.generationId;
    expect(await watchersSettle(generationId, 1)).toBe(1);

    reader.close();
    expect(await watchersSettle(generationId, 0)).toBe(0);
    // The generation never depended on the stream.
    const g = await stack.api('GET', `/v1/generations/${generationId}`);
    expect(g.body.status).toBe('running');
    await stack.api('POST', `/v1/generations/${generationId}/cancel`);
  });
});
