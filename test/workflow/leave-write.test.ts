import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmitToolOutputsInput } from '../../contracts/generation/index.js';
import { submitToolOutputsUpdate } from '../../workflows/definitions.js';
import { localActivityTypes } from '../support/history.js';
import { callTool, makePlan, say, startHarness, tool, type Harness } from './harness.js';

const checkout = tool('checkout', { type: 'client', hasExecutor: false });

/**
 * docs/adr/0038: the local write that leaves a client-tool pause is made by the next model call's
 * local activity when that call is the run's next activity; otherwise by its own activity.
 */
describe('the write that leaves a client-tool pause', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const answer = (toolCallId: string, output: unknown, callerWaits = true) => ({
    args: [{ toolOutputs: [{ toolCallId, output }], callerWaits }] as [SubmitToolOutputsInput],
  });

  it('a waiting answer: the next model call makes it before the model is asked', async () => {
    const run = await h.start(makePlan({ tools: [checkout] }), [callTool('checkout', {}, 'k1'), say()]);
    await run.waitFor('writeStatus', (s) => s.status === 'requires_action');
    await run.handle.executeUpdate(submitToolOutputsUpdate, answer('k1', 'paid'));
    expect((await run.finished()).status).toBe('completed');
    const carried = run.callsOf('callModel')[1]!.leaveWrite;
    expect(carried).toMatchObject({ step: 1, outputs: [{ toolCallId: 'k1', output: 'paid' }] });
    expect(carried!.status).toMatchObject({ status: 'running', requiredAction: null });
    expect(localActivityTypes(await run.handle.fetchHistory())).toEqual(['callModel', 'callModel']);
  });

  it('an answer that does not wait keeps its regular write (the update replies at once)', async () => {
    const run = await h.start(makePlan({ tools: [checkout] }), [callTool('checkout', {}, 'k1'), say()]);
    await run.waitFor('writeStatus', (s) => s.status === 'requires_action');
    await run.handle.executeUpdate(submitToolOutputsUpdate, answer('k1', 'later', false));
    expect((await run.finished()).status).toBe('completed');
    expect(run.callsOf('callModel')[1]!.leaveWrite).toBeUndefined();
    expect(run.callsOf('recordClientOutputs')).toHaveLength(1);
    expect(localActivityTypes(await run.handle.fetchHistory())).toEqual(['callModel', 'callModel']);
  });
});
