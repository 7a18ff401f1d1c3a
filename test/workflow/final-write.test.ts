import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, makePlan, say, startHarness, tool, type Harness } from './harness.js';

const search = tool('search', { readOnly: true });

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

  // Last in its file: the time-skipping server stops skipping time after an activity outlives its
  // run, so a later test waiting on a timer would hang.
  it('a cancel heard after it (here, while webhooks are prepared) leaves the stored end as it is', async () => {
    const run = await h.start(makePlan({ tools: [search], webhooks: { maxAttempts: 1 } }), [say()], {
      prepareWebhooks: async () => {
        await h.env.client.workflow.getHandle(run.generationId).cancel();
        // Still running when the request reaches the workflow, which stops waiting for it.
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        return [];
      },
    });
    await run.closesCancelled();
    expect(run.callsOf('prepareWebhooks')).toMatchObject([{ event: 'generation.completed' }]);
    expect(run.callsOf('finishGeneration')).toEqual([]);
    expect(run.finishedInModelCall).toMatchObject([{ status: 'completed', stopReason: 'final_answer' }]);
    // Temporal closed the run as cancelled; the generation's own state did not move past its end.
    expect(await run.state()).toMatchObject({ phase: 'completed', stateVersion: 2 });
  });
});
