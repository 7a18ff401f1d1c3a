import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimedToolOutputsSignal, submitToolOutputsUpdate } from '../../workflows/definitions.js';
import { localActivityTypes } from '../support/history.js';
import { callTool, callTools, makePlan, say, startHarness, tool, type Harness } from './harness.js';

const checkout = tool('checkout', { type: 'client', hasExecutor: false });
const locate = tool('get_location', { type: 'client', hasExecutor: false });

/**
 * docs/adr/0037: a complete answer claimed in PostgreSQL reaches the workflow as a signal. The
 * workflow takes it for the pause at the state version it names, keeps it while that pause is not
 * open yet (a re-run after a crash), takes a resent one once, and drops one for an older state.
 */
describe('claimed tool outputs (signals)', () => {
  let h: Harness;
  let pauseVersion = 0;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a claimed answer for the open pause resumes the run; the next model call leaves the pause', async () => {
    const run = await h.start(makePlan({ tools: [checkout, locate] }), [
      callTools(['checkout', {}, 'k1'], ['get_location', {}, 'k2']),
      say(),
    ]);
    const paused = await run.waitFor('writeStatus', (s) => s.status === 'requires_action');
    pauseVersion = paused.stateVersion;
    const signal = {
      answerId: 'answer-1',
      seenStateVersion: paused.stateVersion,
      toolOutputs: [
        { toolCallId: 'k2', output: 'Paris' },
        { toolCallId: 'k1', output: { ok: true } },
      ],
      next: { toolChoice: 'none' as const },
    };
    await run.handle.signal(claimedToolOutputsSignal, signal);
    const finish = await run.finished();
    expect(finish.status).toBe('completed');
    const left = run.callsOf('recordClientOutputs');
    expect(left).toHaveLength(1);
    expect(left[0]!.outputs.map((o) => [o.toolCallId, o.output])).toEqual([
      ['k1', { ok: true }],
      ['k2', 'Paris'],
    ]);
    // The run names the answer it took in its writes (docs/adr/0026), and applied its controls.
    expect(left[0]!.status).toMatchObject({ status: 'running', answeredUpdateId: 'answer-1' });
    expect(run.callsOf('callModel')[1]!.toolChoice).toBe('none');
    // The leave-write is made by the next model call's local activity (docs/adr/0038).
    expect(run.callsOf('callModel')[1]!.leaveWrite).toEqual(left[0]);
    expect(localActivityTypes(await run.handle.fetchHistory())).toEqual(['callModel', 'callModel']);
  });

  it('a claimed answer that arrives before its pause is open waits for it; sent twice, it is taken once', async () => {
    expect(pauseVersion).toBeGreaterThan(0);
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
    const signal = {
      answerId: 'early',
      seenStateVersion: pauseVersion,
      toolOutputs: [
        { toolCallId: 'k1', output: 1 },
        { toolCallId: 'k2', output: 2 },
      ],
    };
    // Both reach the run in one task, after the held model call (a resend by the reconciler, say).
    await run.handle.signal(claimedToolOutputsSignal, signal);
    await run.handle.signal(claimedToolOutputsSignal, signal);
    release();
    expect((await run.finished()).status).toBe('completed');
    expect(run.callsOf('recordClientOutputs')).toHaveLength(1);
    expect(run.callsOf('recordClientOutputs')[0]!.outputs.map((o) => o.output)).toEqual([1, 2]);
  });

  it('a claimed answer for an older state, or for part of the calls, is not taken: the pause still waits', async () => {
    const run = await h.start(makePlan({ tools: [checkout] }), [callTool('checkout', {}, 'k1'), say()]);
    const paused = await run.waitFor('writeStatus', (s) => s.status === 'requires_action');
    await run.handle.signal(claimedToolOutputsSignal, {
      answerId: 'stale',
      seenStateVersion: paused.stateVersion - 1,
      toolOutputs: [{ toolCallId: 'k1', output: 'stale' }],
    });
    await run.handle.signal(claimedToolOutputsSignal, {
      answerId: 'unknown-call',
      seenStateVersion: paused.stateVersion,
      toolOutputs: [{ toolCallId: 'k9', output: 'wrong' }],
    });
    await run.idle();
    expect(await run.state()).toMatchObject({ phase: 'requires_action', pendingToolCalls: [{ toolCallId: 'k1' }] });
    await run.handle.executeUpdate(submitToolOutputsUpdate, {
      args: [{ toolOutputs: [{ toolCallId: 'k1', output: 'from the update' }] }],
    });
    expect((await run.finished()).status).toBe('completed');
    expect(run.callsOf('recordClientOutputs').map((c) => c.outputs[0]!.output)).toEqual(['from the update']);
  });
});
