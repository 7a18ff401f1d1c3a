import { describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../contracts/conversation.js';
import {
  forkConversation,
  forkPlan,
  messageSteps,
  replaysTraceEntry,
  stepsIn,
  toolsCalledIn,
} from '../../contracts/generation/fork.js';
import { needsApproval } from '../../contracts/generation/hooks.js';
import type { LoopPlan, PlannedTool } from '../../contracts/generation/index.js';
import { traceOrder } from '../../contracts/generation/trace-order.js';

const sys: StoredMessage = { role: 'system', content: 'You are terse.' };
const user: StoredMessage = { role: 'user', content: 'Do it.' };
const call = (id: string, name = 'lookup'): StoredMessage => ({
  role: 'assistant',
  content: null,
  finishReason: 'tool_calls',
  tool_calls: [{ id, type: 'function', function: { name, arguments: '{}' } }],
});
const result = (id: string): StoredMessage => ({ role: 'tool', content: `result ${id}`, tool_call_id: id });
const answer: StoredMessage = { role: 'assistant', content: 'Done.', finishReason: 'stop' };

/** A 3-step run: two tool steps, then the answer. */
const run = [sys, user, call('c1'), result('c1'), call('c2', 'book'), result('c2'), answer];

describe('messageSteps', () => {
  it('numbers the steps by the replies, initial messages at 0', () => {
    expect(messageSteps(run, 2)).toEqual([0, 0, 1, 1, 2, 2, 3]);
    expect(stepsIn(run, 2)).toBe(3);
  });

  it('keeps a continuation of a cut-off reply in its step and puts steering before the next reply', () => {
    const cut: StoredMessage = { role: 'assistant', content: 'part', finishReason: 'length' };
    const prompt: StoredMessage = { role: 'user', content: 'Continue.' };
    const steer: StoredMessage = { role: 'user', content: 'Use EU.' };
    const messages = [sys, user, cut, prompt, call('c1'), result('c1'), steer, answer];
    expect(messageSteps(messages, 2)).toEqual([0, 0, 1, 1, 1, 1, 2, 2]);
  });

  it('counts session history among the initial messages, even its assistant replies', () => {
    const history = [sys, user, answer, user];
    expect(messageSteps([...history, call('c1'), result('c1')], 4)).toEqual([0, 0, 0, 0, 1, 1]);
  });
});

describe('forkConversation', () => {
  const fork = (fromStep: number, edits: Array<{ index: number; content: string }> = [], append: string[] = []) =>
    forkConversation({ messages: run, initialMessages: 2, fromStep, edits, append });

  it('keeps the messages of steps 0..fromStep', () => {
    expect(fork(1)).toEqual({ messages: [sys, user, call('c1'), result('c1')] });
    expect(fork(2)).toEqual({ messages: run.slice(0, 6) });
    expect(fork(0)).toEqual({ messages: [sys, user] });
  });

  it('applies edits to kept system and user messages and appends user messages', () => {
    const out = fork(1, [{ index: 1, content: 'Do it on Tuesday.' }], ['And be quick.']);
    expect(out).toEqual({
      messages: [
        sys,
        { role: 'user', content: 'Do it on Tuesday.' },
        call('c1'),
        result('c1'),
        { role: 'user', content: 'And be quick.' },
      ],
    });
  });

  it('refuses a fromStep beyond the run', () => {
    expect(fork(4)).toMatchObject({ refused: expect.stringContaining('3 step(s)'), path: 'body.fromStep' });
  });

  it('refuses an edit beyond the kept conversation, of another role, or twice', () => {
    expect(fork(1, [{ index: 4, content: 'x' }])).toMatchObject({ path: 'body.messages.0.index' });
    expect(fork(1, [{ index: 2, content: 'x' }])).toMatchObject({
      refused: expect.stringContaining('assistant message'),
    });
    expect(fork(1, [{ index: 3, content: 'x' }])).toMatchObject({ refused: expect.stringContaining('tool message') });
    expect(
      fork(1, [
        { index: 0, content: 'a' },
        { index: 0, content: 'b' },
      ]),
    ).toMatchObject({
      path: 'body.messages.1.index',
    });
  });

  it('refuses a fork that would leave the model nothing to answer, unless a user message is appended', () => {
    expect(fork(3)).toMatchObject({ path: 'body.appendMessages' });
    expect(fork(3, [], ['Now cancel it.'])).toEqual({
      messages: [...run, { role: 'user', content: 'Now cancel it.' }],
    });
  });

  it('refuses a step whose tool call has no result', () => {
    const cancelled = [sys, user, call('c1'), result('c1'), call('c2')];
    expect(
      forkConversation({ messages: cancelled, initialMessages: 2, fromStep: 2, edits: [], append: [] }),
    ).toMatchObject({ refused: expect.stringContaining('c2 has no result') });
  });

  it('names the tools the kept steps called', () => {
    expect(toolsCalledIn(run)).toEqual(['lookup', 'book']);
  });
});

describe('replaysTraceEntry', () => {
  it('copies steps 1..fromStep, not step 0 nor what follows the last step', () => {
    expect(replaysTraceEntry({ step: 0, seq: traceOrder.discovery(0) }, 3)).toBe(false);
    expect(replaysTraceEntry({ step: 1, seq: traceOrder.act(1, 0) }, 3)).toBe(true);
    expect(replaysTraceEntry({ step: 3, seq: traceOrder.observe(3, 7) }, 3)).toBe(true);
    expect(replaysTraceEntry({ step: 4, seq: traceOrder.act(4, 0) }, 3)).toBe(false);
    expect(replaysTraceEntry({ step: 3, seq: traceOrder.answer(3) }, 3)).toBe(false);
    expect(replaysTraceEntry({ step: 3, seq: traceOrder.preResponseHook(3, 0) }, 3)).toBe(false);
  });
});

describe("a fork's approval rule", () => {
  const tool = (name: string, extra: Partial<PlannedTool> = {}): PlannedTool => ({
    id: name,
    name,
    type: 'http',
    readOnly: false,
    hasExecutor: true,
    timeoutSeconds: 30,
    ...extra,
  });
  const plan = {
    tools: [tool('charge'), tool('notify'), tool('lookup', { readOnly: true })],
    hooks: [],
  } as unknown as LoopPlan;
  const forked = forkPlan(plan, { fromStep: 3, toolsUsed: [], initialMessages: 2 }, (n) => n === 'charge');

  it('marks only at-most-once tools', () => {
    expect(forked.tools.map((t) => [t.name, t.atMostOnce === true])).toEqual([
      ['charge', true],
      ['notify', false],
      ['lookup', false],
    ]);
  });

  it('gates at-most-once calls in a fork only', () => {
    const charge = forked.tools[0]!;
    expect(needsApproval(forked, 'charge', charge)).toBe(true);
    expect(needsApproval(forked, 'notify', forked.tools[1])).toBe(false);
    expect(needsApproval(forked, 'lookup', forked.tools[2])).toBe(false);
    // The same tool flag without a fork changes nothing: only a fork's live steps can repeat an effect.
    expect(needsApproval({ ...forked, fork: undefined }, 'charge', charge)).toBe(false);
  });
});
