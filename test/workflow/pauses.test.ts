import { WorkflowFailedError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalHook, callTool, callTools, makePlan, say, startHarness, tool, type Harness } from './harness.js';

const DAY = 24 * 60 * 60;

const checkout = tool('checkout', { type: 'client', hasExecutor: false });
const locate = tool('get_location', { type: 'client', hasExecutor: false });
const search = tool('search', { readOnly: true });
const clarify = tool('agent_clarify', { type: 'builtin', readOnly: true, alwaysOffered: true });
const pay = tool('pay');

describe('pauses on the time-skipping server', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('client tools: pauses for their outputs (taken one by one, days apart), then resumes with the submitted controls', async () => {
    const plan = makePlan({ tools: [checkout, locate, search] });
    const run = await h.start(plan, [callTools(['checkout', { cart: 7 }, 'k1'], ['get_location', {}, 'k2']), say()]);
    const { stateVersion: pauseVersion } = await run.paused();
    expect(await run.state()).toMatchObject({ pendingToolCalls: [{ toolCallId: 'k1' }, { toolCallId: 'k2' }] });
    expect(run.callsOf('executeTool')).toEqual([]);

    await run.answer({ kind: 'toolOutputs', toolOutputs: [{ toolCallId: 'k1', output: { ok: true } }] });
    await run.waitFor('flushWrites');
    expect(await run.state()).toMatchObject({ phase: 'requires_action', pendingToolCalls: [{ toolCallId: 'k2' }] });

    await h.env.sleep('2 days'); // a client may take its time: no timer runs out
    expect(run.writesOf('pauseResults')).toEqual([]);
    await run.answer({
      kind: 'toolOutputs',
      toolOutputs: [{ toolCallId: 'k2', output: 'Berlin' }],
      next: { toolChoice: 'none' },
      pauseVersion,
    });

    const end = await run.finished();
    const [stored] = run.writesOf('pauseResults');
    expect(stored!.outputs).toMatchObject([
      { toolCallId: 'k1', toolName: 'checkout', arguments: { cart: 7 }, output: { ok: true } },
      { toolCallId: 'k2', toolName: 'get_location', output: 'Berlin' },
    ]);
    expect(stored!.status.status).toBe('running');
    // `next` applies to the step right after the answer only.
    expect(run.callsOf('callModel')[1]).toMatchObject({ step: 2, context: { toolChoice: 'none', tools: [] } });
    expect(end).toMatchObject({
      status: 'completed',
      stopReason: 'final_answer',
      toolsUsed: ['checkout', 'get_location'],
    });
  });

  it('clarification: asks the question with its own write, resumes with the answer as the tool output', async () => {
    const plan = makePlan({ tools: [search, clarify] });
    const run = await h.start(plan, [
      callTool('agent_clarify', { question: 'Which region?', reason: 'ambiguous' }, 'q1'),
      say(),
    ]);
    await run.paused();
    expect(run.writesOf('status').at(-1)!.requiredAction).toEqual({
      type: 'answer_clarification',
      clarification: { toolCallId: 'q1', question: 'Which region?', reason: 'ambiguous' },
    });
    // An answer of another kind is not taken while a clarification is pending.
    await run.answer({ kind: 'toolOutputs', toolOutputs: [{ toolCallId: 'q1', output: 'x' }] });
    await run.answer({ kind: 'clarification', toolCallId: 'q1', answer: 'EU only' });

    const end = await run.finished();
    expect(run.writesOf('pauseResults')).toMatchObject([
      { step: 1, outputs: [{ toolCallId: 'q1', toolName: 'agent_clarify', output: 'EU only' }] },
    ]);
    expect(run.callsOf('callModel').map((c) => c.step)).toEqual([1, 2]);
    expect(end).toMatchObject({ status: 'completed', stopReason: 'final_answer' });
  });

  it('cancel while waiting days for an approval: finishes as cancelled, the gated call never runs', async () => {
    const plan = makePlan({ tools: [pay], hooks: [approvalHook('pay', 30 * DAY)] });
    const run = await h.start(plan, [callTool('pay', { amount: 99 }, 'p1'), say()]);
    await run.paused();
    await h.env.sleep('5 days');
    await run.idle();
    await run.handle.cancel();

    await run.closesCancelled();
    expect(run.callsOf('finishGeneration')).toMatchObject([
      { status: 'cancelled', stopReason: 'cancelled', error: null, iterationCount: 1 },
    ]);
    expect(run.callsOf('executeTool')).toEqual([]);
    expect(run.callsOf('recordToolResult')).toEqual([]);
    expect(run.callsOf('callModel')).toHaveLength(1);
  });

  it('cancel while waiting for client tool outputs: finishes as cancelled without storing outputs', async () => {
    const plan = makePlan({ tools: [checkout] });
    const run = await h.start(plan, [callTool('checkout', { cart: 1 }, 'k9'), say()]);
    await run.paused();
    await run.idle();
    await run.handle.cancel();
    await expect(run.handle.result()).rejects.toBeInstanceOf(WorkflowFailedError);
    expect(run.callsOf('finishGeneration')).toMatchObject([{ status: 'cancelled', stopReason: 'cancelled' }]);
    expect(run.writesOf('pauseResults')).toEqual([]);
  });
});
