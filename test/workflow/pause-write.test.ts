import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmitToolOutputsInput } from '../../contracts/generation/index.js';
import { submitToolOutputsUpdate } from '../../workflows/definitions.js';
import { localActivityTypes } from '../support/history.js';
import { callTool, callTools, makePlan, say, startHarness, tool, type Harness, type PlannedHook } from './harness.js';

const checkout = tool('checkout', { type: 'client', hasExecutor: false });
const search = tool('search', { readOnly: true });

/**
 * docs/adr/0039: a reply that opens a client-tool pause at once has its pause-opening write made by
 * its model call's local activity; a reply the loop must look at first (a hook, another kind of
 * call) keeps the pause's own write.
 */
describe('the write that opens a client-tool pause', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const answer = (toolCallId: string, output: unknown) => ({
    args: [{ toolOutputs: [{ toolCallId, output }], callerWaits: true }] as [SubmitToolOutputsInput],
  });

  it('a reply calling only client tools: the model call makes the write, the run the same pause', async () => {
    const run = await h.start(makePlan({ tools: [checkout, search] }), [
      callTool('checkout', { cart: 7 }, 'k1'),
      say(),
    ]);
    const opened = await run.waitFor('writeStatus', (s) => s.status === 'requires_action');
    expect(opened.requiredAction).toEqual({
      type: 'submit_tool_outputs',
      toolCalls: [{ toolCallId: 'k1', toolName: 'checkout', arguments: { cart: 7 } }],
    });
    expect(run.callsOf('callModel')[0]!.pauseWrite).toMatchObject({ clientTools: ['checkout'] });
    expect(await run.state()).toMatchObject({ phase: 'requires_action', stateVersion: opened.stateVersion });
    await run.handle.executeUpdate(submitToolOutputsUpdate, answer('k1', 'paid'));
    const finish = await run.finished();
    expect(finish).toMatchObject({ status: 'completed', stateVersion: opened.stateVersion + 2 });
    expect(run.callsOf('writeStatus')).toHaveLength(1);
    expect(localActivityTypes(await run.handle.fetchHistory())).toEqual(['callModel', 'callModel']);
  });

  it('a PreToolUse hook on the client tool: the pause makes its own write', async () => {
    const rule: PlannedHook = {
      id: 'hook_rule',
      event: 'PreToolUse',
      type: 'rule',
      matcher: 'checkout',
      rule: { conditions: [{ path: 'x', operator: 'CONTAINS', value: 'y' }], decision: 'deny' },
    };
    const run = await h.start(makePlan({ tools: [checkout], hooks: [rule] }), [callTool('checkout', {}, 'k1'), say()]);
    await run.waitFor('writeStatus', (s) => s.status === 'requires_action');
    expect(run.callsOf('callModel')[0]!.pauseWrite).toBeUndefined();
    await run.handle.executeUpdate(submitToolOutputsUpdate, answer('k1', 'paid'));
    expect((await run.finished()).status).toBe('completed');
    expect(localActivityTypes(await run.handle.fetchHistory())).toContain('writeStatus');
  });

  it('a reply with a server call too: the loop runs it, then the pause makes its own write', async () => {
    const run = await h.start(makePlan({ tools: [checkout, search] }), [
      callTools(['search', { q: 'x' }, 's1'], ['checkout', {}, 'k1']),
      say(),
    ]);
    await run.waitFor('writeStatus', (s) => s.status === 'requires_action');
    expect(run.callsOf('executeTool').map((c) => c.toolCallId)).toEqual(['s1']);
    await run.handle.executeUpdate(submitToolOutputsUpdate, answer('k1', 'paid'));
    expect((await run.finished()).status).toBe('completed');
    const local = localActivityTypes(await run.handle.fetchHistory());
    expect(local.filter((t) => t === 'writeStatus')).toHaveLength(1);
  });
});
