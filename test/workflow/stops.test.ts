import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelRequestedFailure } from '../../contracts/generation/index.js';
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
    expect(modelCalls.map((c) => [c.step, c.continuation, c.seq])).toEqual([
      [1, false, FIRST_SEQ],
      [1, true, FIRST_SEQ + 1],
      // A continuation stores the "continue" prompt and the reply: two messages.
      [1, true, FIRST_SEQ + 3],
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
    expect(capped.callsOf('callModel').map((c) => c.continuation)).toEqual([false, true, true, true]);
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
        return { toolCalls: [], finishReason: 'stop', hasText: true, usage: { promptTokens: 7, completionTokens: 3 } };
      },
    });
    const finish = await run.finished();
    const modelCalls = run.callsOf('callModel');
    expect(modelCalls.map((c) => [c.seq, c.deferSummary, c.compaction])).toEqual([
      [FIRST_SEQ, true, undefined],
      [FIRST_SEQ, true, { level: 2, failures: 0 }],
      [FIRST_SEQ, true, { level: 3, failures: 1 }],
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
    expect(run.callsOf('callModel').map((c) => [c.step, c.toolNames, c.toolChoice])).toEqual([
      [1, ['search'], 'auto'],
      [2, ['search'], 'auto'],
      [3, [], 'none'],
    ]);
    expect(run.callsOf('executeTool')).toHaveLength(2);
    expect(finish).toMatchObject({ status: 'completed', stopReason: 'max_steps', iterationCount: 3 });
    // The last step's model call made that write (docs/adr/0033).
    expect(run.finishedInModelCall).toEqual([finish]);
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

  it('start write: the first model call makes it (docs/adr/0032); the calls after it carry none', async () => {
    let asked = 0;
    const lookup = { id: 's1', name: 'search', arguments: {}, argumentsHash: '{}' };
    const run = await h.start(makePlan({ tools: [search] }), [], {
      callModel: () => {
        asked += 1;
        // The first call asks for a summary before the model: the start write rides on it alone.
        if (asked === 1) return noCall({ level: 2, failures: 0 });
        const usage = { promptTokens: 1, completionTokens: 1 };
        if (asked === 2) return { toolCalls: [lookup], finishReason: 'tool_calls', hasText: false, usage };
        return { toolCalls: [], finishReason: 'stop', hasText: true, usage };
      },
    });
    await run.finished();
    expect(run.callsOf('callModel').map((c) => c.startWrite)).toEqual([
      { generationId: run.generationId, stateVersion: 1, status: 'running', requiredAction: null, iterationCount: 0 },
      undefined,
      undefined,
    ]);
    // No activity before the first model call, and no other activity writes the start.
    expect(run.calls[0]!.name).toBe('callModel');
    expect(run.callsOf('writeStatus')).toEqual([]);
  });

  it('start write: its own activity when an OnRunStart http hook runs first, so the hook sees the run running', async () => {
    const hooks: PlannedHook[] = [
      { id: 'hook_start', event: 'OnRunStart', type: 'http', matcher: null, timeoutSeconds: 5 },
    ];
    const run = await h.start(makePlan({ tools: [search], hooks }), [say()], {
      runHttpHook: () => ({ decision: 'allow' }),
    });
    await run.finished();
    expect(run.calls.slice(0, 3).map((c) => c.name)).toEqual(['writeStatus', 'runHttpHook', 'callModel']);
    expect(run.callsOf('writeStatus')[0]).toMatchObject({ stateVersion: 1, status: 'running' });
    expect(run.callsOf('callModel')[0]!.startWrite).toBeUndefined();
  });

  it('start write: its own activity when MCP tools are discovered first', async () => {
    const docs = tool('docs_search', { type: 'mcp' });
    const run = await h.start(makePlan({ tools: [search, docs] }), [say()]);
    await run.finished();
    expect(run.calls.slice(0, 3).map((c) => c.name)).toEqual(['writeStatus', 'discoverMcpTools', 'callModel']);
    expect(run.callsOf('callModel')[0]!.startWrite).toBeUndefined();
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
