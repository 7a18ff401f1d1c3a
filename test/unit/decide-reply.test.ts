import { describe, expect, it } from 'vitest';
import {
  argumentsHash,
  decideReply,
  finishWriteOf,
  pauseWriteOf,
  stepContext,
  workInModelCall,
  type LoopPlan,
  type ModelToolCall,
  type PlannedHook,
  type ReplyFacts,
  type StepContext,
} from '../../contracts/generation/index.js';
import { makePlan, plannedTool as tool } from '../support/planned-tool.js';

const plan = makePlan;
const search = tool('search', { readOnly: true });
const write = tool('write');
const ask = tool('ask', { type: 'client', hasExecutor: false });
const clarify = tool('agent_clarify', { type: 'builtin', alwaysOffered: true });
const done = tool('done', { hasExecutor: false });
const mcp = tool('docs_lookup', { type: 'mcp' });
const all = [search, write, ask, clarify, done, mcp];

const call = (id: string, name: string, args: unknown = {}): ModelToolCall => ({
  id,
  name,
  arguments: args,
  argumentsHash: argumentsHash(args),
});
const reply = (calls: ModelToolCall[], over: Partial<ReplyFacts> = {}): ReplyFacts => ({
  toolCalls: calls,
  finishReason: calls.length ? 'tool_calls' : 'stop',
  seq: 7,
  part: 0,
  ...over,
});
const ctx = (p: LoopPlan = plan({ tools: all }), over: Partial<Parameters<typeof stepContext>[1]> = {}): StepContext =>
  stepContext(p, { step: 1, offered: p.tools, toolChoice: 'auto', recentCalls: [], ...over });

describe('decideReply: the stop rules, in their order', () => {
  it('a text reply ends the run with the final answer; on the last step, as max_steps; reviewed when the plan says so', () => {
    expect(decideReply(reply([]), ctx())).toMatchObject({
      kind: 'finish',
      outcome: { stopReason: 'final_answer' },
      reviewText: false,
    });
    const last = ctx(plan({ tools: all, maxSteps: 1 }));
    expect(last.lastStep).toBe(true);
    expect(decideReply(reply([]), last)).toMatchObject({ outcome: { status: 'completed', stopReason: 'max_steps' } });
    expect(decideReply(reply([]), ctx(plan({ reviewFinalText: true })))).toMatchObject({
      kind: 'finish',
      reviewText: true,
    });
  });

  it('a reply cut off by the length limit is continued three times, then ends the run', () => {
    const cut = (part: number) => reply([], { finishReason: 'length', part });
    expect([0, 1, 2].map((part) => decideReply(cut(part), ctx()).kind)).toEqual(['continue', 'continue', 'continue']);
    expect(decideReply(cut(3), ctx())).toMatchObject({ kind: 'finish', outcome: { stopReason: 'final_answer' } });
    // A cut-off reply that calls a tool is acted on, not continued.
    expect(decideReply(reply([call('c', 'search')], { finishReason: 'length' }), ctx()).kind).toBe('runTools');
  });

  it('under tool choice "required", a text reply before the last step asks again', () => {
    expect(decideReply(reply([]), ctx(undefined, { toolChoice: 'required' }))).toEqual({ kind: 'nextStep' });
    const last = ctx(plan({ tools: all, maxSteps: 1 }), { toolChoice: 'required' });
    expect(decideReply(reply([]), last).kind).toBe('finish');
  });

  it('a stop condition ends the run with the named call’s arguments, before the doom-loop rule', () => {
    const p = plan({ tools: all, stopConditions: [{ type: 'hasToolCall', toolName: 'write' }] });
    const same = { name: 'write', argumentsHash: argumentsHash({ v: 1 }) };
    const d = decideReply(
      reply([call('a', 'search'), call('b', 'write', { v: 1 })]),
      ctx(p, { recentCalls: [same, same] }),
    );
    expect(d).toMatchObject({
      kind: 'finish',
      outcome: { stopReason: 'stop_condition', output: { v: 1 } },
      usedTool: 'write',
    });
  });

  it('the same call with the same arguments a third time in a row fails the run', () => {
    const before = [1, 2].map(() => ({ name: 'search', argumentsHash: argumentsHash({ q: 1 }) }));
    const d = decideReply(reply([call('c', 'search', { q: 1 })]), ctx(undefined, { recentCalls: before }));
    expect(d).toMatchObject({ kind: 'finish', outcome: { status: 'failed', stopReason: 'doom_loop' } });
    expect(decideReply(reply([call('c', 'search', { q: 2 })]), ctx(undefined, { recentCalls: before })).kind).toBe(
      'runTools',
    );
  });

  it('a call to a tool without an executor ends the run with its arguments', () => {
    const d = decideReply(reply([call('a', 'search'), call('b', 'done', { ok: true })]), ctx());
    expect(d).toMatchObject({
      kind: 'finish',
      outcome: { stopReason: 'done_tool', output: { ok: true } },
      usedTool: 'done',
    });
  });

  it('otherwise the calls are acted on, numbered after the reply: by the model call when all are unattended alike', () => {
    const servers = decideReply(reply([call('a', 'search'), call('b', 'write')]), ctx());
    expect(servers).toMatchObject({ kind: 'runTools' });
    expect(servers.kind === 'runTools' && servers.calls.map((c) => [c.call.id, c.seq])).toEqual([
      ['a', 8],
      ['b', 9],
    ]);
    expect(decideReply(reply([call('a', 'ask')]), ctx()).kind).toBe('pause');
    // Mixed kinds, a clarification, an MCP tool, an unknown tool, a repeated id: the loop decides.
    for (const calls of [
      [call('a', 'search'), call('b', 'ask')],
      [call('a', 'agent_clarify')],
      [call('a', 'docs_lookup')],
      [call('a', 'nope')],
      [call('a', 'search'), call('a', 'write', { x: 1 })],
    ])
      expect(decideReply(reply(calls), ctx()).kind).toBe('loopDecides');
  });
});

describe('stepContext: which tools are unattended', () => {
  it('an http server tool or a client tool that no hook, approval or stop condition concerns', () => {
    const hooks: PlannedHook[] = [
      { id: 'h1', event: 'PostToolUse', type: 'http', matcher: 'write' },
      { id: 'h2', event: 'PreToolUse', type: 'approval', matcher: 'ask' },
    ];
    const c = ctx(plan({ tools: all, hooks }));
    expect(Object.fromEntries(c.tools.map((t) => [t.name, [t.handling, t.unattended]]))).toEqual({
      search: ['server', true],
      write: ['server', false],
      ask: ['client', false],
      agent_clarify: ['clarify', false],
      done: ['ends_run', false],
      docs_lookup: ['server', false],
    });
  });

  it('with a tool task queue no server call is unattended: the loop schedules it on that queue', () => {
    const c = ctx(plan({ tools: all, toolTaskQueue: 'tools' }));
    expect(c.tools.find((t) => t.name === 'search')).toMatchObject({ handling: 'server', unattended: false });
    expect(c.tools.find((t) => t.name === 'ask')).toMatchObject({ handling: 'client', unattended: true });
    expect(decideReply(reply([call('c1', 'search')]), c).kind).toBe('loopDecides');
  });

  it('keeps the calls the doom-loop rule reads, and knows the last step', () => {
    const recent = [1, 2, 3, 4].map((i) => ({ name: 'search', argumentsHash: String(i) }));
    const c = stepContext(plan({ maxSteps: 4 }), { step: 4, offered: [], toolChoice: 'none', recentCalls: recent });
    expect(c.recentCalls.map((r) => r.argumentsHash)).toEqual(['3', '4']);
    expect(c.lastStep).toBe(true);
  });
});

describe('what a model call does on its own', () => {
  it('writes the end of a run it ends without a review, opens a client-tool pause, runs unattended calls; nothing else', () => {
    const c = ctx(plan({ tools: all, reviewFinalText: true }));
    expect(workInModelCall(decideReply(reply([]), ctx()))).toBe('finish');
    expect(workInModelCall(decideReply(reply([]), c))).toBeNull();
    expect(workInModelCall(decideReply(reply([call('a', 'done')]), c))).toBe('finish');
    expect(workInModelCall(decideReply(reply([call('a', 'ask')]), c))).toBe('pause');
    expect(workInModelCall(decideReply(reply([call('a', 'search')]), c))).toBe('runTools');
    expect(workInModelCall(decideReply(reply([call('a', 'agent_clarify')]), c))).toBeNull();
    expect(workInModelCall({ kind: 'continue' })).toBeNull();
    expect(workInModelCall({ kind: 'nextStep' })).toBeNull();
  });

  it('the writes it makes: the end with the run’s usage and the named tool; the pause at the reserved version', () => {
    const at = { stateVersion: 5, iterationCount: 2, toolsUsed: ['search'] };
    const d = decideReply(reply([call('a', 'done', { ok: 1 })]), ctx());
    if (d.kind !== 'finish') throw new Error('expected finish');
    expect(finishWriteOf('gen', at, d, { promptTokens: 3, completionTokens: 4 })).toEqual({
      generationId: 'gen',
      status: 'completed',
      stopReason: 'done_tool',
      output: { ok: 1 },
      error: null,
      stateVersion: 5,
      iterationCount: 2,
      toolsUsed: ['search', 'done'],
      usage: { promptTokens: 3, completionTokens: 4 },
    });
    const p = decideReply(reply([call('k', 'ask', { q: 1 })]), ctx());
    if (p.kind !== 'pause') throw new Error('expected pause');
    expect(pauseWriteOf('gen', at, p.calls)).toEqual({
      generationId: 'gen',
      stateVersion: 5,
      pauseVersion: 5,
      status: 'requires_action',
      iterationCount: 2,
      requiredAction: {
        type: 'submit_tool_outputs',
        toolCalls: [{ toolCallId: 'k', toolName: 'ask', arguments: { q: 1 } }],
      },
    });
  });
});
