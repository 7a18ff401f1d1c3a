import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsToRunInReply, type ModelCallResult, type ToolOutcomeInReply } from '../../contracts/generation/index.js';
import {
  FIRST_SEQ,
  approvalHook,
  makePlan,
  startHarness,
  tool,
  type ActivityInput,
  type Harness,
  type PlannedHook,
} from './harness.js';

const search = tool('search', { readOnly: true });
const write = tool('write');

const usage = { promptTokens: 10, completionTokens: 5 };
const answer: ModelCallResult = { toolCalls: [], finishReason: 'stop', hasText: true, usage };
const lookups: ModelCallResult = {
  toolCalls: [
    { id: 'c1', name: 'search', arguments: { q: 1 }, argumentsHash: 'h1' },
    { id: 'c2', name: 'write', arguments: { v: 2 }, argumentsHash: 'h2' },
  ],
  finishReason: 'tool_calls',
  hasText: false,
  usage,
};

/**
 * A model-call stub that behaves like the activity (docs/adr/0031): it runs the reply's calls
 * itself, through the contract's own rule, when the loop passed `runTools`. `ran` picks which of
 * them it reports (all by default), standing for a call that failed in the activity.
 */
function modelCallRunningTools(replies: ModelCallResult[], ran = (o: ToolOutcomeInReply[]) => o) {
  let next = 0;
  return (input: ActivityInput<'callModel'>): ModelCallResult => {
    const reply = replies[next++]!;
    const batches = input.runTools ? callsToRunInReply(reply.toolCalls, input.runTools, input.seq + 1) : null;
    const outcomes = (batches ?? []).flat().map((c) => ({
      toolCallId: c.call.id,
      toolName: c.call.name,
      seq: c.seq,
      status: 'success' as const,
      replayed: false,
      toolType: 'http',
      durationMs: 1,
    }));
    const reported = ran(outcomes);
    return reported.length > 0 ? { ...reply, toolOutcomes: reported } : reply;
  };
}

describe('tool calls run inside the model call, on the time-skipping server', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('plain http tools are offered to the model call; the calls it ran are not scheduled again', async () => {
    const run = await h.start(makePlan({ tools: [search, write] }), [], {
      callModel: modelCallRunningTools([lookups, answer]),
    });
    const finish = await run.finished();
    expect(finish).toMatchObject({ status: 'completed', stopReason: 'final_answer', toolsUsed: ['search', 'write'] });
    expect(run.callsOf('executeTool')).toEqual([]);
    const [first, second] = run.callsOf('callModel');
    expect(first!.runTools).toEqual({
      tools: [
        { name: 'search', readOnly: true, timeoutSeconds: 30 },
        { name: 'write', readOnly: false, timeoutSeconds: 30 },
      ],
      recentCalls: [],
    });
    // The reply at FIRST_SEQ, the two results after it: the next model call starts behind them.
    expect(second!.seq).toBe(FIRST_SEQ + 3);
    expect(second!.runTools?.recentCalls).toEqual([
      { name: 'search', argumentsHash: 'h1' },
      { name: 'write', argumentsHash: 'h2' },
    ]);
  });

  it('a call the model call did not run is scheduled as its own tool call, at the same seq', async () => {
    const run = await h.start(makePlan({ tools: [search, write] }), [], {
      callModel: modelCallRunningTools([lookups, answer], (o) => o.slice(0, 1)),
    });
    await run.finished();
    expect(run.callsOf('executeTool').map((c) => [c.toolCallId, c.seq])).toEqual([['c2', FIRST_SEQ + 2]]);
  });

  it('an outcome reported at another seq is not trusted: the call is scheduled', async () => {
    const run = await h.start(makePlan({ tools: [search] }), [], {
      callModel: modelCallRunningTools([{ ...lookups, toolCalls: [lookups.toolCalls[0]!] }, answer], (o) =>
        o.map((x) => ({ ...x, seq: x.seq + 5 })),
      ),
    });
    await run.finished();
    expect(run.callsOf('executeTool').map((c) => [c.toolCallId, c.seq])).toEqual([['c1', FIRST_SEQ + 1]]);
  });

  it('tools a hook, an approval or a stop condition concerns are left to the loop', async () => {
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
    const run = await h.start(plan, [], { callModel: modelCallRunningTools([answer]) });
    await run.finished();
    expect(run.callsOf('callModel')[0]!.runTools?.tools.map((t) => t.name)).toEqual(['search']);
  });

  it('a hook without a matcher concerns every tool; a destructive tool needs no approval unless asked', async () => {
    const everyTool: PlannedHook = { id: 'hook_all', event: 'PostToolUse', type: 'http', matcher: null };
    const hooked = await h.start(makePlan({ tools: [search, write], hooks: [everyTool] }), [], {
      callModel: modelCallRunningTools([answer]),
    });
    await hooked.finished();
    expect(hooked.callsOf('callModel')[0]!.runTools).toBeUndefined();
    const plain = await h.start(makePlan({ tools: [tool('destructive', { destructive: true })] }), [], {
      callModel: modelCallRunningTools([answer]),
    });
    await plain.finished();
    expect(plain.callsOf('callModel')[0]!.runTools?.tools.map((t) => t.name)).toEqual(['destructive']);
  });

  it('without a tool it may run, the model call is asked to run none', async () => {
    const run = await h.start(makePlan({ tools: [tool('ask', { type: 'client' })] }), [], {
      callModel: modelCallRunningTools([answer]),
    });
    await run.finished();
    expect(run.callsOf('callModel')[0]!.runTools).toBeUndefined();
  });
});
