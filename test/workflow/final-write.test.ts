import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelRequestedFailure } from '../../contracts/generation/index.js';
import { FIRST_SEQ, callTool, makePlan, say, startHarness, tool, type Harness } from './harness.js';

const search = tool('search', { readOnly: true });
const none = { promptTokens: 0, completionTokens: 0 };
const needsSummary = { level: 2, failures: 0 };

/**
 * The final write of a run whose last reply ends it (decision `finish` without a review) is made
 * by that model call; the loop then makes none. These tests see the decision from the workflow's
 * side: what each call was given, and what the loop did or did not write. The call's own write is
 * tested against PostgreSQL (test/integration/local-writes-crash.test.ts).
 */
describe('the final write, on the time-skipping server', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('every model call gets the next state version for the write its reply may lead to; the loop writes no end after a finishing reply', async () => {
    const run = await h.start(makePlan({ tools: [search] }), [callTool('search', { q: 1 }), say()]);
    const end = await run.finished();
    expect(end.finalWrite).toBeNull();
    // Started at 1; the first reply ran a tool (nothing written at 2), the second ended the run at 2.
    expect(run.callsOf('callModel').map((c) => c.pending.onReply)).toEqual([
      { stateVersion: 2, iterationCount: 1, toolsUsed: [] },
      { stateVersion: 2, iterationCount: 2, toolsUsed: ['search'] },
    ]);
    expect(end).toMatchObject({
      status: 'completed',
      stopReason: 'final_answer',
      stateVersion: 2,
      iterationCount: 2,
      toolsUsed: ['search'],
      usage: { promptTokens: 20, completionTokens: 10 },
    });
  });

  it('its own final write when the final text is reviewed; none while a text reply only runs the model again', async () => {
    const reviewed = await h.start(makePlan({ tools: [search], reviewFinalText: true }), [say()]);
    const end = await reviewed.finished();
    expect(reviewed.callsOf('reviewFinalText')).toHaveLength(1);
    expect(end.finalWrite).toMatchObject({ status: 'completed', stopReason: 'final_answer', stateVersion: 2 });

    // requireToolUse: tool choice "required" until a tool was used; a text reply then runs again.
    const required = await h.start(makePlan({ tools: [search], requireToolUse: true }), [
      say(),
      callTool('search', { q: 1 }),
      say(),
    ]);
    const finish = await required.finished();
    expect(required.callsOf('callModel').map((c) => c.context.toolChoice)).toEqual(['required', 'required', 'auto']);
    expect(finish).toMatchObject({
      status: 'completed',
      stopReason: 'final_answer',
      iterationCount: 3,
      finalWrite: null,
    });
  });

  it('a reply still cut off after the last continuation ends the run by that call too', async () => {
    const run = await h.start(makePlan({ tools: [search] }), [
      say('length'),
      say('length'),
      say('length'),
      say('length'),
    ]);
    const end = await run.finished();
    expect(run.callsOf('callModel').map((c) => c.part)).toEqual([0, 1, 2, 3]);
    expect(end).toMatchObject({ status: 'completed', stopReason: 'final_answer', finalWrite: null });
    expect(end.usage).toEqual({ promptTokens: 40, completionTokens: 20 });
  });

  it('counts a summary written before the last model call in the usage that call is given', async () => {
    let asked = 0;
    const usage = { promptTokens: 10, completionTokens: 5 };
    const run = await h.start(makePlan({ tools: [search] }), [], {
      callModel: () => {
        asked += 1;
        if (asked === 1)
          return { toolCalls: [], finishReason: 'other', hasText: false, usage: none, seq: FIRST_SEQ, needsSummary };
        return { toolCalls: [], finishReason: 'stop', hasText: true, usage, seq: FIRST_SEQ };
      },
    });
    const end = await run.finished();
    expect(run.callsOf('summarizeConversation')).toHaveLength(1);
    expect(run.callsOf('callModel')[1]!.usageSoFar).toEqual({ promptTokens: 50, completionTokens: 10 });
    // The harness's summary used 50 + 10 tokens, the reply 10 + 5.
    expect(end).toMatchObject({ finalWrite: null, usage: { promptTokens: 60, completionTokens: 15 } });
  });

  it('a cancel while a model call runs: the run’s own cancelled write goes past the version that call was given', async () => {
    const run = await h.start(makePlan({ tools: [search] }), [], {
      // As in production: Temporal has the request before the worker stops the call.
      callModel: async () => {
        await h.env.client.workflow.getHandle(run.generationId).cancel();
        throw ApplicationFailure.create({ type: cancelRequestedFailure, message: 'cancelled', nonRetryable: true });
      },
    });
    await run.closesCancelled();
    // Started at 1; the call was given 2, which it may still write: cancelled at 3.
    expect(run.callsOf('callModel').map((c) => c.pending.onReply.stateVersion)).toEqual([2]);
    expect(run.callsOf('finishGeneration')).toMatchObject([{ status: 'cancelled', stateVersion: 3 }]);
    // The start write the call carried is carried again by the cancelled write (it may not have been made).
    expect(run.writes.map((w) => [w.by, w.write.kind])).toEqual([
      ['callModel', 'status'],
      ['finishGeneration', 'status'],
    ]);
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
    // The delivery of generation.completed was started although the cancel came first.
    const delivery = await h.env.client.workflow.getHandle(deliveryId).describe();
    expect(delivery.type).toBe('webhookDeliveryWorkflow');
    // The generation's own state did not move past its end.
    expect(await run.state()).toMatchObject({ phase: 'completed', stateVersion: 2, outcome: { status: 'completed' } });
  });
});
