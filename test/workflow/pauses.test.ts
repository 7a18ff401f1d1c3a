import { WorkflowFailedError, WorkflowUpdateFailedError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerClarificationUpdate,
  decideApprovalUpdate,
  submitToolOutputsUpdate,
} from '../../workflows/definitions.js';
import { approvalHook, callTool, callTools, makePlan, say, startHarness, tool, type Harness } from './harness.js';

const DAY = 24 * 60 * 60;

const checkout = tool('checkout', { type: 'client', hasExecutor: false });
const locate = tool('get_location', { type: 'client', hasExecutor: false });
const search = tool('search', { readOnly: true });
const clarify = tool('agent_clarify', { type: 'builtin', readOnly: true, alwaysOffered: true });
const pay = tool('pay');

/** The ApplicationFailure type an update validator rejected with. */
async function rejectionType(promise: Promise<unknown>): Promise<string | undefined> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorkflowUpdateFailedError);
  return ((err as WorkflowUpdateFailedError).cause as { type?: string } | undefined)?.type;
}

describe('pauses on the time-skipping server', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('client tools: pauses for their outputs (accepted one by one, days apart), then resumes with the submitted controls', async () => {
    const plan = makePlan({ tools: [checkout, locate, search] });
    const run = await h.start(plan, [callTools(['checkout', { cart: 7 }, 'k1'], ['get_location', {}, 'k2']), say()]);
    const paused = await run.waitFor('writeStatus', (s) => s.status === 'requires_action');
    expect(paused.requiredAction).toMatchObject({
      type: 'submit_tool_outputs',
      toolCalls: [{ toolCallId: 'k1' }, { toolCallId: 'k2' }],
    });
    expect(await run.state()).toMatchObject({
      phase: 'requires_action',
      pendingToolCalls: [{ toolCallId: 'k1' }, { toolCallId: 'k2' }],
    });
    expect(run.callsOf('executeTool')).toEqual([]);

    expect(
      await rejectionType(
        run.handle.executeUpdate(submitToolOutputsUpdate, {
          args: [{ toolOutputs: [{ toolCallId: 'nope', output: 1 }] }],
        }),
      ),
    ).toBe('UnknownToolCall');
    const first = await run.handle.executeUpdate(submitToolOutputsUpdate, {
      updateId: 'outputs-k1',
      args: [{ toolOutputs: [{ toolCallId: 'k1', output: { ok: true } }] }],
    });
    expect(first.pending.map((p) => p.toolCallId)).toEqual(['k2']);
    expect(
      await rejectionType(
        run.handle.executeUpdate(submitToolOutputsUpdate, {
          args: [{ toolOutputs: [{ toolCallId: 'k1', output: 2 }] }],
        }),
      ),
    ).toBe('ToolCallAlreadyAnswered');
    // The partial submission is persisted as a new requires_action status listing what is left.
    await run.waitFor(
      'writeStatus',
      (s) =>
        s.status === 'requires_action' &&
        s.requiredAction?.type === 'submit_tool_outputs' &&
        s.requiredAction.toolCalls.length === 1,
    );

    await h.env.sleep('2 days'); // a client may take its time: no timer runs out
    expect(run.callsOf('recordClientOutputs')).toEqual([]);
    const last = await run.handle.executeUpdate(submitToolOutputsUpdate, {
      updateId: 'outputs-k2',
      args: [{ toolOutputs: [{ toolCallId: 'k2', output: 'Berlin' }], next: { toolChoice: 'none' } }],
    });
    expect(last.pending).toEqual([]);

    const finish = await run.finished();
    const [stored] = run.callsOf('recordClientOutputs');
    expect(stored!.outputs).toMatchObject([
      { toolCallId: 'k1', toolName: 'checkout', arguments: { cart: 7 }, output: { ok: true } },
      { toolCallId: 'k2', toolName: 'get_location', output: 'Berlin' },
    ]);
    expect(stored!.status.status).toBe('running');
    // Every state write names the run's last accepted answer (docs/adr/0026): none at the start (made
    // by the first model call, docs/adr/0032) and when the pause opened, the partial answer on its
    // progress write, the last answer on the leave-write and the final write.
    expect(run.callsOf('callModel')[0]!.startWrite).toMatchObject({ stateVersion: 1, status: 'running' });
    expect(run.callsOf('callModel')[0]!.startWrite).not.toHaveProperty('answeredUpdateId');
    expect(run.callsOf('writeStatus').map((s) => s.answeredUpdateId)).toEqual([undefined, 'outputs-k1']);
    expect(stored!.status.answeredUpdateId).toBe('outputs-k2');
    expect(finish.answeredUpdateId).toBe('outputs-k2');
    // `next` applies to the step right after the submission only.
    expect(run.callsOf('callModel')[1]).toMatchObject({ step: 2, toolChoice: 'none', toolNames: [] });
    expect(finish).toMatchObject({
      status: 'completed',
      stopReason: 'final_answer',
      toolsUsed: ['checkout', 'get_location'],
    });
  });

  it('clarification: asks the question, refuses an empty answer, resumes with the answer as the tool output', async () => {
    const plan = makePlan({ tools: [search, clarify] });
    const run = await h.start(plan, [
      callTool('agent_clarify', { question: 'Which region?', reason: 'ambiguous' }, 'q1'),
      say(),
    ]);
    const paused = await run.waitFor('writeStatus', (s) => s.status === 'requires_action');
    expect(paused.requiredAction).toEqual({
      type: 'answer_clarification',
      clarification: { toolCallId: 'q1', question: 'Which region?', reason: 'ambiguous' },
    });

    expect(
      await rejectionType(
        run.handle.executeUpdate(answerClarificationUpdate, { args: [{ answer: '   ', answeredBy: 'key_user' }] }),
      ),
    ).toBe('InvalidSubmission');
    // Other kinds of resume are refused while a clarification is pending.
    expect(
      await rejectionType(
        run.handle.executeUpdate(submitToolOutputsUpdate, {
          args: [{ toolOutputs: [{ toolCallId: 'q1', output: 'x' }] }],
        }),
      ),
    ).toBe('GenerationNotWaiting');
    await run.handle.executeUpdate(answerClarificationUpdate, {
      args: [{ answer: 'EU only', answeredBy: 'key_user' }],
    });

    const finish = await run.finished();
    expect(run.callsOf('recordClientOutputs')).toMatchObject([
      { step: 1, outputs: [{ toolCallId: 'q1', toolName: 'agent_clarify', output: 'EU only' }] },
    ]);
    expect(run.callsOf('callModel').map((c) => c.step)).toEqual([1, 2]);
    expect(finish).toMatchObject({ status: 'completed', stopReason: 'final_answer' });
  });

  it('cancel while waiting days for an approval: finishes as cancelled, the gated call never runs', async () => {
    const plan = makePlan({ tools: [pay], hooks: [approvalHook('pay', 30 * DAY)] });
    const run = await h.start(plan, [callTool('pay', { amount: 99 }, 'p1'), say()]);
    const opened = await run.waitFor('openApprovals');
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
    // Nothing is waiting any more: a late decision is refused.
    const request = opened.approvals[0]!;
    await expect(
      run.handle.executeUpdate(decideApprovalUpdate, {
        args: [
          {
            approvalId: request.approvalId,
            approved: true,
            decidedBy: 'key_late',
            toolName: request.toolName,
            argumentsHash: request.argumentsHash,
          },
        ],
      }),
    ).rejects.toThrow();
  });

  it('cancel while waiting for client tool outputs: finishes as cancelled without storing outputs', async () => {
    const plan = makePlan({ tools: [checkout] });
    const run = await h.start(plan, [callTool('checkout', { cart: 1 }, 'k9'), say()]);
    await run.waitFor('writeStatus', (s) => s.status === 'requires_action');
    await run.idle();
    await run.handle.cancel();
    await expect(run.handle.result()).rejects.toBeInstanceOf(WorkflowFailedError);
    expect(run.callsOf('finishGeneration')).toMatchObject([{ status: 'cancelled', stopReason: 'cancelled' }]);
    expect(run.callsOf('recordClientOutputs')).toEqual([]);
  });
});
