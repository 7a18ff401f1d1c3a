import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shownStatuses } from '../support/history.js';
import { approvalHook, callTool, makePlan, say, startHarness, tool, type Harness } from './harness.js';

const checkout = tool('checkout', { type: 'client', hasExecutor: false });
const search = tool('search', { readOnly: true });
const write = tool('database_write');

/**
 * docs/adr/0036: a client answer's `running` is upserted once the run goes on past the model call
 * that follows the answer; a run that ends (or pauses) there shows only its next status.
 */
describe('status search attributes around a pause', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('client outputs answered by a final reply: requires_action, then completed, nothing between', async () => {
    const run = await h.start(makePlan({ tools: [checkout] }), [callTool('checkout', {}, 'k1'), say()]);
    await run.paused();
    await run.answer({ kind: 'toolOutputs', toolOutputs: [{ toolCallId: 'k1', output: 1 }] });
    const end = await run.finished();
    expect(end.status).toBe('completed');
    // The stored status still moved through running: only the visibility write is left out.
    expect(run.writesOf('pauseResults')[0]!.status.status).toBe('running');
    expect(shownStatuses(await run.handle.fetchHistory())).toEqual(['requires_action', 'completed']);
  });

  it('client outputs followed by a tool call: running is shown before the tool runs', async () => {
    const run = await h.start(makePlan({ tools: [checkout, search] }), [
      callTool('checkout', {}, 'k1'),
      callTool('search', { q: 'x' }, 's1'),
      say(),
    ]);
    await run.paused();
    await run.answer({ kind: 'toolOutputs', toolOutputs: [{ toolCallId: 'k1', output: 1 }] });
    await run.finished();
    expect(run.callsOf('executeTool').map((c) => c.toolCallId)).toEqual(['s1']);
    expect(shownStatuses(await run.handle.fetchHistory())).toEqual(['requires_action', 'running', 'completed']);
  });

  it('an approval shows running at once: the approved tool runs before the next model call', async () => {
    const plan = makePlan({ tools: [write], hooks: [approvalHook('database_write', 3600)] });
    const run = await h.start(plan, [callTool('database_write', { sql: 'UPDATE t' }, 'cw'), say()]);
    await run.paused();
    const [request] = run.writesOf('approvalsOpened')[0]!.approvals;
    const { approvalId, toolName, argumentsHash } = request!;
    const decidedAt = new Date().toISOString();
    await run.answer({ kind: 'approval', approvalId, toolName, argumentsHash, approved: true, decidedAt });
    await run.finished();
    expect(shownStatuses(await run.handle.fetchHistory())).toEqual(['requires_action', 'running', 'completed']);
  });
});
