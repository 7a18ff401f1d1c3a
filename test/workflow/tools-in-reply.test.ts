import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argumentsHash } from '../../contracts/generation/index.js';
import {
  FIRST_SEQ,
  approvalHook,
  callTools,
  makePlan,
  say,
  startHarness,
  tool,
  type Harness,
  type PlannedHook,
  type ScriptedRun,
} from './harness.js';

const search = tool('search', { readOnly: true });
const write = tool('write');

/** The step context's view of the first model call's offered tools: name → unattended. */
const unattended = (run: ScriptedRun) =>
  Object.fromEntries(run.callsOf('callModel')[0]!.context.tools.map((t) => [t.name, t.unattended]));

/**
 * A reply whose calls are all unattended server tools (decision `runTools`) is run by its model
 * call; the loop runs only the calls that call reports it did not (a failure, its deadline).
 */
describe('tool calls run inside the model call, on the time-skipping server', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('calls the model call ran are not run again; the next call starts behind their results', async () => {
    const lookups = { ...callTools(['search', { q: 1 }, 'c1'], ['write', { v: 2 }, 'c2']), ranInCall: ['c1', 'c2'] };
    const run = await h.start(makePlan({ tools: [search, write] }), [lookups, say()]);
    const end = await run.finished();
    expect(end).toMatchObject({ status: 'completed', stopReason: 'final_answer', toolsUsed: ['search', 'write'] });
    expect(run.callsOf('executeTool')).toEqual([]);
    const [first, second] = run.callsOf('callModel');
    expect(first!.context.tools).toEqual([
      { name: 'search', handling: 'server', readOnly: true, timeoutSeconds: 30, unattended: true },
      { name: 'write', handling: 'server', readOnly: false, timeoutSeconds: 30, unattended: true },
    ]);
    // The reply at FIRST_SEQ, the two results after it: the next model call starts behind them.
    expect(second!.seq).toBe(FIRST_SEQ + 3);
    expect(second!.context.recentCalls).toEqual([
      { name: 'search', argumentsHash: argumentsHash({ q: 1 }) },
      { name: 'write', argumentsHash: argumentsHash({ v: 2 }) },
    ]);
  });

  it('a call the model call did not run is run by the loop, at its seq', async () => {
    const lookups = { ...callTools(['search', { q: 1 }, 'c1'], ['write', { v: 2 }, 'c2']), ranInCall: ['c1'] };
    const run = await h.start(makePlan({ tools: [search, write] }), [lookups, say()]);
    await run.finished();
    expect(run.callsOf('executeTool').map((c) => [c.toolCallId, c.seq])).toEqual([['c2', FIRST_SEQ + 2]]);
  });

  it('tools a hook, an approval or a stop condition concerns, and tools other than http, are attended', async () => {
    const rule: PlannedHook = {
      id: 'hook_rule',
      event: 'PreToolUse',
      type: 'rule',
      matcher: 'ruled',
      rule: { conditions: [{ path: 'x', operator: 'CONTAINS', value: 'y' }], decision: 'deny' },
    };
    const after: PlannedHook = { id: 'hook_after', event: 'PostToolUse', type: 'http', matcher: 'observed' };
    const plan = makePlan({
      tools: [
        search,
        tool('gated'),
        tool('approved_always', { requiresApproval: true }),
        tool('destructive', { destructive: true }),
        tool('ruled'),
        tool('observed'),
        tool('finish', { hasExecutor: false }),
        tool('stopper'),
        tool('ask', { type: 'client' }),
        tool('helper', { type: 'agent' }),
      ],
      hooks: [approvalHook('gated'), rule, after],
      approveDestructive: true,
      stopConditions: [{ type: 'hasToolCall', toolName: 'stopper' }],
    });
    const run = await h.start(plan, [say()]);
    await run.finished();
    expect(unattended(run)).toEqual({
      search: true,
      gated: false,
      approved_always: false,
      destructive: false,
      ruled: false,
      observed: false,
      finish: false,
      stopper: false,
      ask: true,
      helper: false,
    });
  });

  it('a hook without a matcher concerns every tool; a destructive tool needs no approval unless asked', async () => {
    const everyTool: PlannedHook = { id: 'hook_all', event: 'PostToolUse', type: 'http', matcher: null };
    const hooked = await h.start(makePlan({ tools: [search, write], hooks: [everyTool] }), [say()]);
    await hooked.finished();
    expect(unattended(hooked)).toEqual({ search: false, write: false });
    const plain = await h.start(makePlan({ tools: [tool('destructive', { destructive: true })] }), [say()]);
    await plain.finished();
    expect(unattended(plain)).toEqual({ destructive: true });
  });
});
