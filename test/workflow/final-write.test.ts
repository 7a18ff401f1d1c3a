import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelRequestedFailure } from '../../contracts/generation/index.js';
import { callTool, makePlan, say, startHarness, tool, type Harness } from './harness.js';

const search = tool('search', { readOnly: true });
const none = { promptTokens: 0, completionTokens: 0 };
const needsSummary = { level: 2, failures: 0 };

/** The final write inside the model call whose reply ends the run (docs/adr/0033). */
describe('the final write, on the time-skipping server', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('the model call whose reply ends the run makes it (docs/adr/0033); nothing after it writes again', async () => {
    const run = await h.start(makePlan({ tools: [search] }), [callTool('search', { q: 1 }), say()]);
    const finish = await run.finished();
    expect(run.callsOf('finishGeneration')).toEqual([]);
    // Every call that could end the run carries the write; only the one whose reply ended it made it.
    const base = { generationId: run.generationId, status: 'completed', stopReason: 'final_answer', stateVersion: 2 };
    expect(run.callsOf('callModel').map((c) => c.finishWrite)).toEqual([
      { ...base, output: null, error: null, iterationCount: 1, toolsUsed: [] },
      { ...base, output: null, error: null, iterationCount: 2, toolsUsed: ['search'] },
    ]);
    expect(finish).toEqual({
      ...base,
      output: null,
      error: null,
      iterationCount: 2,
      toolsUsed: ['search'],
      usage: { promptTokens: 20, completionTokens: 10 },
    });
    expect((await run.state()).stateVersion).toBe(2);
  });

  it('its own activity when the final text is reviewed, or a text reply would run the model again', async () => {
    const reviewed = await h.start(makePlan({ tools: [search], reviewFinalText: true }), [say()]);
    await reviewed.finished();
    expect(reviewed.callsOf('callModel').map((c) => c.finishWrite)).toEqual([undefined]);
    expect(reviewed.callsOf('reviewFinalText')).toHaveLength(1);
    expect(reviewed.callsOf('finishGeneration')).toMatchObject([{ status: 'completed', stopReason: 'final_answer' }]);

    // requireToolUse: tool choice "required" until a tool was used; a text reply then runs again.
    const required = await h.start(makePlan({ tools: [search], requireToolUse: true }), [
      say(),
      callTool('search', { q: 1 }),
      say(),
    ]);
    const finish = await required.finished();
    expect(required.callsOf('callModel').map((c) => [c.toolChoice, c.finishWrite !== undefined])).toEqual([
      ['required', false],
      ['required', false],
      ['auto', true],
    ]);
    expect(required.callsOf('finishGeneration')).toEqual([]);
    expect(finish).toMatchObject({ status: 'completed', stopReason: 'final_answer', iterationCount: 3 });
  });

  it('a reply still cut off after the last continuation ends the run through its own activity', async () => {
    const run = await h.start(makePlan({ tools: [search] }), [
      say('length'),
      say('length'),
      say('length'),
      say('length'),
    ]);
    const finish = await run.finished();
    expect(run.callsOf('callModel').map((c) => c.finishWrite !== undefined)).toEqual([true, true, true, true]);
    expect(run.finishedInModelCall).toEqual([]);
    expect(finish).toMatchObject({ status: 'completed', stopReason: 'final_answer', usage: { promptTokens: 40 } });
  });

  it('counts a summary written before the last model call in the usage that call stores', async () => {
    let asked = 0;
    const usage = { promptTokens: 10, completionTokens: 5 };
    const run = await h.start(makePlan({ tools: [search] }), [], {
      callModel: () => {
        asked += 1;
        if (asked === 1) return { toolCalls: [], finishReason: 'other', hasText: false, usage: none, needsSummary };
        return { toolCalls: [], finishReason: 'stop', hasText: true, usage };
      },
    });
    const finish = await run.finished();
    expect(run.callsOf('summarizeConversation')).toHaveLength(1);
    expect(run.finishedInModelCall).toEqual([finish]);
    // The harness's summary used 50 + 10 tokens, the reply 10 + 5.
    expect(finish.usage).toEqual({ promptTokens: 60, completionTokens: 15 });
  });

  it('a cancel while that call runs: the run’s own cancelled write goes one state further, past it', async () => {
    const run = await h.start(makePlan({ tools: [search] }), [], {
      // As in production: Temporal has the request before the worker stops the call.
      callModel: async () => {
        await h.env.client.workflow.getHandle(run.generationId).cancel();
        throw ApplicationFailure.create({ type: cancelRequestedFailure, message: 'cancelled', nonRetryable: true });
      },
    });
    await run.closesCancelled();
    // Started at 1; the call was given the final write at 2, which it may still make: cancelled at 3.
    expect(run.callsOf('callModel').map((c) => c.finishWrite?.stateVersion)).toEqual([2]);
    expect(run.callsOf('finishGeneration')).toMatchObject([{ status: 'cancelled', stateVersion: 3 }]);

    // A call not given the final write leaves the cancel at the next state.
    const reviewed = await h.start(makePlan({ tools: [search], reviewFinalText: true }), [], {
      callModel: async () => {
        await h.env.client.workflow.getHandle(reviewed.generationId).cancel();
        throw ApplicationFailure.create({ type: cancelRequestedFailure, message: 'cancelled', nonRetryable: true });
      },
    });
    await reviewed.closesCancelled();
    expect(reviewed.callsOf('finishGeneration')).toMatchObject([{ status: 'cancelled', stateVersion: 2 }]);
  });

  it('a cancel heard after it (here, while webhooks are prepared) leaves the stored end, and the webhooks are still sent', async () => {
    let deliveryId = '';
    const run = await h.start(makePlan({ tools: [search], webhooks: { maxAttempts: 1 } }), [say()], {
      prepareWebhooks: async () => {
        await h.env.client.workflow.getHandle(run.generationId).cancel();
        // Still running when the request reaches the workflow, which waits for it all the same.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        deliveryId = `whd_${run.generationId}`;
        return [deliveryId];
      },
    });
    await run.handle.result().catch(() => undefined);
    expect(run.callsOf('prepareWebhooks')).toMatchObject([{ event: 'generation.completed' }]);
    expect(run.callsOf('finishGeneration')).toEqual([]);
    expect(run.finishedInModelCall).toMatchObject([{ status: 'completed', stopReason: 'final_answer' }]);
    // The delivery of generation.completed was started although the cancel came first.
    const delivery = await h.env.client.workflow.getHandle(deliveryId).describe();
    expect(delivery.type).toBe('webhookDeliveryWorkflow');
    // The generation's own state did not move past its end.
    expect(await run.state()).toMatchObject({ phase: 'completed', stateVersion: 2 });
  });
});
