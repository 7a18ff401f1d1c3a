import type { StoredMessage } from '../conversation.js';
import type { LoopPlan } from './plan.js';
import { traceOrder } from './trace-order.js';

/**
 * The pure rules of a fork (docs/fork.md): which messages of the origin's conversation a fork from
 * step N keeps, which edits it accepts, which trace entries it replays, and the plan it runs with.
 */

/** Replace the content of a system or user message of the kept conversation (0-based index). */
export interface ForkEdit {
  index: number;
  content: string;
}

export type ForkRefusal = { refused: string; path: string };

/**
 * The step each message belongs to: the first `initialMessages` are step 0; every assistant reply
 * opens the next step, unless it continues a reply cut off by the length limit (the continuation
 * prompt and its reply stay in the cut-off reply's step); tool results stay in their reply's step;
 * any other user message (steering) goes before the next step's reply, so it belongs to that step.
 */
export function messageSteps(
  messages: ReadonlyArray<Pick<StoredMessage, 'role' | 'finishReason' | 'tool_calls'>>,
  initialMessages: number,
): number[] {
  let step = 0;
  let cutOff = false;
  return messages.map((m, i) => {
    if (i < initialMessages) return 0;
    if (m.role === 'assistant') {
      if (!cutOff) step += 1;
      cutOff = m.finishReason === 'length' && !m.tool_calls?.length;
      return step;
    }
    if (m.role === 'tool' || cutOff) return step;
    return step + 1;
  });
}

/** How many steps the conversation holds. */
export function stepsIn(
  messages: ReadonlyArray<Pick<StoredMessage, 'role' | 'finishReason' | 'tool_calls'>>,
  initialMessages: number,
): number {
  return messageSteps(messages, initialMessages).reduce((max, s) => Math.max(max, s), 0);
}

/**
 * The conversation a fork from `fromStep` starts with: the origin's messages of steps 0..fromStep,
 * the edits applied, the appended user messages after them. Refused when `fromStep` is beyond the
 * conversation, a kept tool call has no result (the step did not finish), an edit names a message
 * that is not a kept system or user message, or the result ends with the model's reply (nothing
 * would be left for the model to answer).
 */
export function forkConversation(input: {
  messages: StoredMessage[];
  initialMessages: number;
  fromStep: number;
  edits: ForkEdit[];
  append: string[];
}): { messages: StoredMessage[] } | ForkRefusal {
  const steps = messageSteps(input.messages, input.initialMessages);
  const total = steps.reduce((max, s) => Math.max(max, s), 0);
  if (input.fromStep > total)
    return { refused: `The generation has ${total} step(s); fromStep must be at most ${total}`, path: 'body.fromStep' };
  const kept = input.messages.filter((_, i) => steps[i]! <= input.fromStep);
  const results = new Set(kept.filter((m) => m.role === 'tool').map((m) => m.tool_call_id));
  const unanswered = kept.flatMap((m) => m.tool_calls ?? []).find((c) => !results.has(c.id));
  if (unanswered)
    return {
      refused: `Step ${input.fromStep} did not finish: tool call ${unanswered.id} has no result`,
      path: 'body.fromStep',
    };
  const seen = new Set<number>();
  const edited = [...kept];
  for (const [i, edit] of input.edits.entries()) {
    const path = `body.messages.${i}.index`;
    const target = edited[edit.index];
    if (!target)
      return { refused: `The kept conversation has ${kept.length} messages; index ${edit.index} is beyond it`, path };
    if (target.role !== 'user' && target.role !== 'system')
      return {
        refused: `Message ${edit.index} is a ${target.role} message; only system and user messages can be edited`,
        path,
      };
    if (seen.has(edit.index)) return { refused: `Message ${edit.index} is edited twice`, path };
    seen.add(edit.index);
    edited[edit.index] = { role: target.role, content: edit.content };
  }
  const messages = [...edited, ...input.append.map((content): StoredMessage => ({ role: 'user', content }))];
  if (messages.at(-1)?.role === 'assistant')
    return {
      refused: `The conversation up to step ${input.fromStep} ends with the model's final reply: append a user message to continue it`,
      path: 'body.appendMessages',
    };
  return { messages };
}

/** The tools the kept conversation's replies called, in first-call order. */
export function toolsCalledIn(messages: StoredMessage[]): string[] {
  return [...new Set(messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.function.name)))];
}

/**
 * Whether a trace entry of the origin is copied into the fork: steps 1..fromStep, without what
 * comes after a run's last step (PreResponse hooks, the answer, OnRunComplete hooks) — step 0
 * (OnRunStart hooks, MCP discovery) the fork runs itself.
 */
export function replaysTraceEntry(entry: { step: number; seq: number }, fromStep: number): boolean {
  return entry.step >= 1 && entry.step <= fromStep && entry.seq < traceOrder.preResponseHook(entry.step, 0);
}

/**
 * The fork's plan: the origin's, starting after `fromStep`, with its at-most-once tools marked so a
 * live call of one waits for an approval (`needsApproval`, ./hooks.ts).
 */
export function forkPlan(
  plan: LoopPlan,
  fork: NonNullable<LoopPlan['fork']>,
  isAtMostOnce: (toolName: string) => boolean,
): LoopPlan {
  return {
    ...plan,
    tools: plan.tools.map((t) => {
      const { atMostOnce: _old, ...tool } = t;
      return t.type !== 'mcp' && isAtMostOnce(t.name) ? { ...tool, atMostOnce: true } : tool;
    }),
    fork,
  };
}
