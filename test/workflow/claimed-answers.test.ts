import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localActivityTypes } from '../support/history.js';
import { callTool, callTools, makePlan, say, startHarness, tool, type Harness, type PlannedHook } from './harness.js';

const checkout = tool('checkout', { type: 'client', hasExecutor: false });
const locate = tool('get_location', { type: 'client', hasExecutor: false });
const search = tool('search', { readOnly: true });

/**
 * docs/adr/0041: an answer is claimed in PostgreSQL, then signalled. The workflow takes it for the
 * pause it names, keeps it while that pause is not open yet (a re-run after a crash), takes a
 * resent one once, and drops one for a pause it has left. The pause around it: opened by the
 * model call when the reply calls only unattended client tools, by the loop's own write otherwise;
 * left by a write the next activity carries.
 */
describe('client-tool pauses and their claimed answers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a reply calling only client tools is opened by its model call; the answer resumes the run, and the next model call leaves the pause', async () => {
    const run = await h.start(makePlan({ tools: [checkout, locate] }), [
      callTools(['checkout', { cart: 7 }, 'k1'], ['get_location', {}, 'k2']),
      say(),
    ]);
    const paused = await run.paused();
    // Started at 1; the model call opened the pause at 2, the version it was given.
    expect(paused).toMatchObject({ stateVersion: 2, pendingToolCalls: [{ toolCallId: 'k1' }, { toolCallId: 'k2' }] });
    expect(run.callsOf('callModel')[0]!.pending.onReply.stateVersion).toBe(2);
    expect(run.callsOf('flushWrites')).toEqual([]);
    await run.answer({
      kind: 'toolOutputs',
      toolOutputs: [
        { toolCallId: 'k2', output: 'Paris' },
        { toolCallId: 'k1', output: { ok: true } },
      ],
      next: { toolChoice: 'none' },
    });
    const end = await run.finished();
    expect(end.status).toBe('completed');
    const [left] = run.writesOf('pauseResults');
    expect(run.writes.find((w) => w.write.kind === 'pauseResults')?.by).toBe('callModel');
    expect(left!.outputs.map((o) => [o.toolCallId, o.output])).toEqual([
      ['k1', { ok: true }],
      ['k2', 'Paris'],
    ]);
    expect(left!.status).toMatchObject({ status: 'running', stateVersion: 3 });
    // The answer's controls apply to the next step.
    expect(run.callsOf('callModel')[1]!.context.toolChoice).toBe('none');
    expect(localActivityTypes(await run.handle.fetchHistory())).toEqual(['callModel', 'callModel']);
  });

  it('a PreToolUse hook on the client tool, or a server call in the reply: the loop opens the pause with its own write', async () => {
    const rule: PlannedHook = {
      id: 'hook_rule',
      event: 'PreToolUse',
      type: 'rule',
      matcher: 'checkout',
      rule: { conditions: [{ path: 'x', operator: 'CONTAINS', value: 'y' }], decision: 'deny' },
    };
    const hooked = await h.start(makePlan({ tools: [checkout], hooks: [rule] }), [
      callTool('checkout', {}, 'k1'),
      say(),
    ]);
    await hooked.paused();
    expect(hooked.callsOf('flushWrites')).toHaveLength(1);
    expect(hooked.writesOf('status').at(-1)).toMatchObject({ status: 'requires_action', pauseVersion: 2 });
    await hooked.answer({ kind: 'toolOutputs', toolOutputs: [{ toolCallId: 'k1', output: 'paid' }] });
    expect((await hooked.finished()).status).toBe('completed');

    const mixed = await h.start(makePlan({ tools: [checkout, search] }), [
      callTools(['search', { q: 'x' }, 's1'], ['checkout', {}, 'k1']),
      say(),
    ]);
    await mixed.paused();
    expect(mixed.callsOf('executeTool').map((c) => c.toolCallId)).toEqual(['s1']);
    expect(mixed.callsOf('flushWrites')).toHaveLength(1);
    await mixed.answer({ kind: 'toolOutputs', toolOutputs: [{ toolCallId: 'k1', output: 'paid' }] });
    expect((await mixed.finished()).status).toBe('completed');
  });

  it('partial answers: the run stores what is still pending, then resumes once every call is answered', async () => {
    const run = await h.start(makePlan({ tools: [checkout, locate] }), [
      callTools(['checkout', {}, 'k1'], ['get_location', {}, 'k2']),
      say(),
    ]);
    const { stateVersion: pauseVersion } = await run.paused();
    await run.answer({ kind: 'toolOutputs', toolOutputs: [{ toolCallId: 'k1', output: 1 }] });
    await run.waitFor('flushWrites');
    const [progress] = run.writesOf('status').filter((w) => w.status === 'requires_action');
    expect(progress).toMatchObject({ stateVersion: pauseVersion + 1, pauseVersion });
    expect(progress!.requiredAction).toMatchObject({ toolCalls: [{ toolCallId: 'k2' }] });
    // Still the same pause: the second answer names its first version.
    await run.answer({ kind: 'toolOutputs', toolOutputs: [{ toolCallId: 'k2', output: 2 }], pauseVersion });
    expect((await run.finished()).status).toBe('completed');
    expect(run.writesOf('pauseResults')[0]!.outputs.map((o) => o.output)).toEqual([1, 2]);
  });

  it('an answer that arrives before its pause is open waits for it; sent twice, it is taken once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const run = await h.start(
      makePlan({ tools: [checkout, locate] }),
      [callTools(['checkout', {}, 'k1'], ['get_location', {}, 'k2']), say()],
      {
        callModel: async (input) => {
          if (first) {
            first = false;
            await gate;
          }
          return run.nextReply(input);
        },
      },
    );
    await run.waitFor('callModel');
    const answer = {
      kind: 'toolOutputs' as const,
      answerId: 'early',
      pauseVersion: 2,
      toolOutputs: [
        { toolCallId: 'k1', output: 1 },
        { toolCallId: 'k2', output: 2 },
      ],
    };
    // Both reach the run in one task, while the model call is held (a resend by the reconciler, say).
    await run.answer(answer);
    await run.answer(answer);
    release();
    expect((await run.finished()).status).toBe('completed');
    expect(run.writesOf('pauseResults')).toHaveLength(1);
    expect(run.writesOf('pauseResults')[0]!.outputs.map((o) => o.output)).toEqual([1, 2]);
  });

  it('an answer for a pause the run has left, or for calls that are not pending, is not taken: the pause still waits', async () => {
    const run = await h.start(makePlan({ tools: [checkout] }), [callTool('checkout', {}, 'k1'), say()]);
    const { stateVersion } = await run.paused();
    await run.answer({
      kind: 'toolOutputs',
      toolOutputs: [{ toolCallId: 'k1', output: 'stale' }],
      pauseVersion: stateVersion - 1,
    });
    await run.answer({ kind: 'toolOutputs', toolOutputs: [{ toolCallId: 'k9', output: 'wrong' }] });
    await run.answer({ kind: 'clarification', toolCallId: 'k1', answer: 'not a question' });
    await run.idle();
    expect(await run.state()).toMatchObject({ phase: 'requires_action', pendingToolCalls: [{ toolCallId: 'k1' }] });
    await run.answer({ kind: 'toolOutputs', toolOutputs: [{ toolCallId: 'k1', output: 'right' }] });
    expect((await run.finished()).status).toBe('completed');
    expect(run.writesOf('pauseResults').map((c) => c.outputs[0]!.output)).toEqual(['right']);
  });
});
