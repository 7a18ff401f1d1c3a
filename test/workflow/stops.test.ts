import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argumentsHash, cancelRequestedFailure } from '../../contracts/generation/index.js';
import {
  FIRST_SEQ,
  callTool,
  callTools,
  makePlan,
  say,
  startHarness,
  tool,
  type Harness,
  type PlannedHook,
} from './harness.js';

const noCall = (needsSummary: { level: number; failures: number }) => ({
  toolCalls: [],
  finishReason: 'other' as const,
  hasText: false,
  usage: { promptTokens: 0, completionTokens: 0 },
  seq: FIRST_SEQ,
  needsSummary,
});

const search = tool('search', { readOnly: true });
const write = tool('database_write');
const read = tool('database_read', { readOnly: true });
const finishTask = tool('finish_task', { hasExecutor: false });
const submitAnswer = tool('submit_answer');

describe('how a run ends, on the time-skipping server', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("length continuation: a reply cut off by 'length' is continued in the same step, at most 3 times", async () => {
    const run = await h.start(makePlan({ tools: [search] }), [say('length'), say('length'), say('stop')]);
    const finish = await run.finished();
    const modelCalls = run.callsOf('callModel');
    expect(modelCalls.map((c) => [c.step, c.part, c.seq])).toEqual([
      [1, 0, FIRST_SEQ],
      [1, 1, FIRST_SEQ + 1],
      // A continuation stores the "continue" prompt and the reply: two messages.
      [1, 2, FIRST_SEQ + 3],
    ]);
    expect(modelCalls[2]!.usageSoFar).toEqual({ promptTokens: 20, completionTokens: 10 });
    expect(finish).toMatchObject({
      status: 'completed',
      stopReason: 'final_answer',
      iterationCount: 1,
      usage: { promptTokens: 30, completionTokens: 15 },
    });

    const capped = await h.start(makePlan({ tools: [search] }), [
      say('length'),
      say('length'),
      say('length'),
      say('length'),
      say('stop'),
    ]);
    const cappedFinish = await capped.finished();
    expect(capped.callsOf('callModel').map((c) => c.part)).toEqual([0, 1, 2, 3]);
    expect(cappedFinish).toMatchObject({ status: 'completed', stopReason: 'final_answer', iterationCount: 1 });
  });

  it('compaction summary: a model call answering needsSummary is followed by summarizeConversation, then the same call from that point', async () => {
    let asked = 0;
    const run = await h.start(makePlan({ tools: [search] }), [say('stop')], {
      callModel: () => {
        asked += 1;
        // First call: level 2 needs its summary; second: after a context-length error, level 3 does.
        if (asked === 1) return noCall({ level: 2, failures: 0 });
        if (asked === 2) return noCall({ level: 3, failures: 1 });
        const usage = { promptTokens: 7, completionTokens: 3 };
        return { toolCalls: [], finishReason: 'stop', hasText: true, usage, seq: FIRST_SEQ };
      },
    });
    const finish = await run.finished();
    const modelCalls = run.callsOf('callModel');
    expect(modelCalls.map((c) => [c.seq, c.inlineSummary, c.compaction])).toEqual([
      [FIRST_SEQ, undefined, undefined],
      [FIRST_SEQ, undefined, { level: 2, failures: 0 }],
      [FIRST_SEQ, undefined, { level: 3, failures: 1 }],
    ]);
    expect(run.callsOf('summarizeConversation').map((c) => [c.step, c.seq, c.level, c.failures])).toEqual([
      [1, FIRST_SEQ, 2, 0],
      [1, FIRST_SEQ, 3, 1],
    ]);
    // The summary calls' usage (50 + 10 each in the harness) counts in the generation's usage.
    expect(modelCalls[2]!.usageSoFar).toEqual({ promptTokens: 100, completionTokens: 20 });
    expect(finish).toMatchObject({ status: 'completed', usage: { promptTokens: 107, completionTokens: 23 } });
  });

  it('doom loop: the same call with the same arguments three times in a row fails the run before the third runs', async () => {
    const same = callTool('search', { q: 'retry' });
    const run = await h.start(makePlan({ tools: [search] }), [
      callTool('search', { q: 'other' }),
      same,
      same,
      same,
      say(),
    ]);
    const finish = await run.finished();
    expect(run.callsOf('executeTool').map((c) => c.arguments)).toEqual([
      { q: 'other' },
      { q: 'retry' },
      { q: 'retry' },
    ]);
    expect(finish).toMatchObject({
      status: 'failed',
      stopReason: 'doom_loop',
      iterationCount: 4,
      error: { code: 'doom_loop' },
    });
    expect(finish.error!.message).toContain('search');
  });

  it('stop condition: a matching tool call ends the run with its arguments as the output; nothing of the step runs', async () => {
    const plan = makePlan({
      tools: [search, submitAnswer],
      stopConditions: [{ type: 'hasToolCall', toolName: 'submit_answer' }],
    });
    const run = await h.start(plan, [
      callTool('search', { q: 'x' }),
      callTools(['search', { q: 'y' }], ['submit_answer', { answer: 42 }]),
    ]);
    const finish = await run.finished();
    expect(run.callsOf('executeTool').map((c) => c.arguments)).toEqual([{ q: 'x' }]);
    expect(finish).toMatchObject({
      status: 'completed',
      stopReason: 'stop_condition',
      output: { answer: 42 },
      iterationCount: 2,
    });
    expect(finish.toolsUsed).toContain('submit_answer');
  });

  it('done tool: calling a tool without an executor ends the run with its arguments as the output', async () => {
    const run = await h.start(makePlan({ tools: [search, finishTask] }), [
      callTool('finish_task', { summary: 'all good' }),
    ]);
    const finish = await run.finished();
    expect(run.callsOf('executeTool')).toEqual([]);
    expect(finish).toMatchObject({
      status: 'completed',
      stopReason: 'done_tool',
      output: { summary: 'all good' },
      toolsUsed: ['finish_task'],
    });
  });

  it('max steps: tools are withheld on the final step so the model must answer in text', async () => {
    const run = await h.start(makePlan({ tools: [search], maxSteps: 3 }), [
      callTool('search', { q: 1 }),
      callTool('search', { q: 2 }),
      say(),
    ]);
    const finish = await run.finished();
    expect(
      run
        .callsOf('callModel')
        .map((c) => [c.step, c.context.tools.map((t) => t.name), c.context.toolChoice, c.context.lastStep]),
    ).toEqual([
      [1, ['search'], 'auto', false],
      [2, ['search'], 'auto', false],
      [3, [], 'none', true],
    ]);
    expect(run.callsOf('executeTool')).toHaveLength(2);
    expect(finish).toMatchObject({ status: 'completed', stopReason: 'max_steps', iterationCount: 3 });
    // The last step's model call made that write: its reply's decision was `finish`.
    expect(finish.finalWrite).toBeNull();
    expect(run.callsOf('callModel')[2]!.pending.onReply.stateVersion).toBe(finish.stateVersion);
  });

  it('a text reply before max steps is the final answer', async () => {
    const run = await h.start(makePlan({ tools: [search], maxSteps: 3 }), [say()]);
    expect(await run.finished()).toMatchObject({
      status: 'completed',
      stopReason: 'final_answer',
      iterationCount: 1,
      toolsUsed: [],
    });
  });

  it('PreToolUse hooks: a rule hook and an http hook deny their calls (denied result, never run); others run', async () => {
    const hooks: PlannedHook[] = [
      {
        id: 'hook_rule_nodrop',
        event: 'PreToolUse',
        type: 'rule',
        matcher: 'database_write',
        rule: {
          conditions: [{ path: 'sql', operator: 'STARTS_WITH', value: 'DROP' }],
          decision: 'deny',
          reason: 'no drops',
        },
      },
      { id: 'hook_http_guard', event: 'PreToolUse', type: 'http', matcher: 'database_read', timeoutSeconds: 5 },
    ];
    const run = await h.start(
      makePlan({ tools: [write, read], hooks }),
      [
        callTools(
          ['database_write', { sql: 'DROP TABLE t' }, 'w1'],
          ['database_write', { sql: 'UPDATE t' }, 'w2'],
          ['database_read', { sql: 'SELECT secrets' }, 'r1'],
        ),
        say(),
      ],
      {
        runHttpHook: (input) =>
          input.toolCallId === 'r1' ? { decision: 'deny', reason: 'secrets are off limits' } : { decision: 'allow' },
      },
    );
    const finish = await run.finished();
    expect(run.callsOf('runHttpHook')).toMatchObject([
      { hookId: 'hook_http_guard', event: 'PreToolUse', toolCallId: 'r1', arguments: { sql: 'SELECT secrets' } },
    ]);
    expect(run.callsOf('recordToolResult')).toMatchObject([
      { toolCallId: 'w1', status: 'denied', result: { reason: 'no drops' } },
      { toolCallId: 'r1', status: 'denied', result: { reason: 'secrets are off limits' } },
    ]);
    expect(run.callsOf('executeTool').map((c) => c.toolCallId)).toEqual(['w2']);
    expect(finish).toMatchObject({ status: 'completed', stopReason: 'final_answer', iterationCount: 2 });
  });

  it("start write: queued, and made first by the run's first activity, the first model call; none carries it again", async () => {
    let asked = 0;
    const lookup = { id: 's1', name: 'search', arguments: {}, argumentsHash: argumentsHash({}) };
    const run = await h.start(makePlan({ tools: [search] }), [], {
      callModel: () => {
        asked += 1;
        // The first call asks for a summary before the model: the start write rides on it alone.
        if (asked === 1) return noCall({ level: 2, failures: 0 });
        const usage = { promptTokens: 1, completionTokens: 1 };
        if (asked === 2)
          return { toolCalls: [lookup], finishReason: 'tool_calls', hasText: false, usage, seq: FIRST_SEQ };
        return { toolCalls: [], finishReason: 'stop', hasText: true, usage, seq: FIRST_SEQ + 2 };
      },
    });
    await run.finished();
    expect(run.callsOf('callModel').map((c) => c.pending.flush)).toEqual([
      [
        {
          kind: 'status',
          write: {
            generationId: run.generationId,
            stateVersion: 1,
            status: 'running',
            requiredAction: null,
            iterationCount: 0,
          },
        },
      ],
      [],
      [],
    ]);
    // No activity before the first model call, and none of its own for the write.
    expect(run.calls[0]!.name).toBe('callModel');
    expect(run.callsOf('flushWrites')).toEqual([]);
  });

  it('start write: carried by an OnRunStart http hook when it runs first, so the hook sees the run running', async () => {
    const hooks: PlannedHook[] = [
      { id: 'hook_start', event: 'OnRunStart', type: 'http', matcher: null, timeoutSeconds: 5 },
    ];
    const run = await h.start(makePlan({ tools: [search], hooks }), [say()], {
      runHttpHook: () => ({ decision: 'allow' }),
    });
    await run.finished();
    expect(run.calls.slice(0, 2).map((c) => c.name)).toEqual(['runHttpHook', 'callModel']);
    expect(run.writes[0]).toMatchObject({
      by: 'runHttpHook',
      write: { kind: 'status', write: { stateVersion: 1, status: 'running' } },
    });
    expect(run.callsOf('callModel')[0]!.pending.flush).toEqual([]);
  });

  it('start write: carried by MCP discovery when it runs first', async () => {
    const docs = tool('docs_search', { type: 'mcp' });
    const run = await h.start(makePlan({ tools: [search, docs] }), [say()]);
    await run.finished();
    expect(run.calls.slice(0, 2).map((c) => c.name)).toEqual(['discoverMcpTools', 'callModel']);
    expect(run.writes[0]).toMatchObject({
      by: 'discoverMcpTools',
      write: { kind: 'status', write: { stateVersion: 1 } },
    });
  });

  it('OnRunStart hook deny: the run fails as hook_blocked before the model is called', async () => {
    const hooks: PlannedHook[] = [
      { id: 'hook_start', event: 'OnRunStart', type: 'http', matcher: null, timeoutSeconds: 5 },
    ];
    const run = await h.start(makePlan({ tools: [search], hooks }), [say()], {
      runHttpHook: () => ({ decision: 'deny', reason: 'quota used up' }),
    });
    const finish = await run.finished();
    expect(run.callsOf('callModel')).toEqual([]);
    expect(finish).toMatchObject({
      status: 'failed',
      stopReason: 'hook_blocked',
      error: { code: 'blocked_by_hook', message: 'quota used up' },
    });
  });

  it('a failing model call fails the run with an error outcome (the script ran out)', async () => {
    const run = await h.start(makePlan({ tools: [search] }), [callTool('search', { q: 1 })]);
    const finish = await run.finished();
    expect(run.callsOf('callModel')).toHaveLength(2);
    expect(finish).toMatchObject({
      status: 'failed',
      stopReason: 'error',
      error: { code: 'activity_failed', message: 'no scripted reply left for step 2' },
    });
  });

  // docs/adr/0027: the worker stops a call whose generation's cancel was requested.
  const stoppedForCancel = () =>
    ApplicationFailure.create({ type: cancelRequestedFailure, message: 'cancel requested', nonRetryable: true });

  it('a call stopped for a cancel request ends the run as cancelled once the request arrives; the step goes no further', async () => {
    const run = await h.start(makePlan({ tools: [search] }), [callTool('search', { q: 1 }), say()], {
      // As in production: Temporal has the request before the worker stops the call.
      executeTool: async () => {
        await h.env.client.workflow.getHandle(run.generationId).cancel();
        throw stoppedForCancel();
      },
    });
    await run.closesCancelled();
    expect(run.callsOf('finishGeneration')).toMatchObject([
      { status: 'cancelled', stopReason: 'cancelled', error: null },
    ]);
    expect((await run.end()).stopReason).toBe('cancelled');
    expect(run.callsOf('executeTool')).toHaveLength(1);
    expect(run.callsOf('callModel')).toHaveLength(1);
  });

  it('a call stopped for a cancel request that never arrives fails the run after a minute, as any failed call', async () => {
    const run = await h.start(makePlan({ tools: [search] }), [say()], {
      callModel: () => {
        throw stoppedForCancel();
      },
    });
    const finish = await run.finished();
    expect(finish).toMatchObject({
      status: 'failed',
      stopReason: 'error',
      error: { code: 'activity_failed', message: 'cancel requested' },
    });
    expect(run.callsOf('callModel')).toHaveLength(1);
    const events = (await run.handle.fetchHistory()).events ?? [];
    expect(events.filter((e) => e.timerStartedEventAttributes)).toHaveLength(1);
    expect(events.filter((e) => e.timerFiredEventAttributes)).toHaveLength(1);
  });
});
