import type { SessionMemory } from '../contracts/snapshot.js';
import type { StoredMessage } from './generation-store.js';

/** A settled earlier turn of a session: its stored conversation in order. */
export interface SessionTurnMessages {
  turn: number;
  messages: StoredMessage[];
}

/** Shown to the model for a tool call whose turn ended before a result was recorded (stop condition, done tool). */
export const NO_RESULT_NOTE = JSON.stringify({ note: 'This call ended the turn; no result was recorded.' });

/** The turns the memory strategy keeps: all of them, or the last k. */
export function turnsInMemory(
  turns: SessionTurnMessages[],
  memory: SessionMemory | null | undefined,
): SessionTurnMessages[] {
  const sorted = [...turns].sort((a, b) => a.turn - b.turn);
  if (memory?.strategy === 'last_k' && memory.k !== undefined)
    return sorted.slice(Math.max(0, sorted.length - memory.k));
  return sorted;
}

/**
 * Earlier turns as the history of the next one: each turn's own system prompt is left out (the
 * current generation carries the agent's), and a tool call without a recorded result gets a note
 * as its result, so the conversation stays one the Chat Completions API accepts.
 */
export function sessionHistory(
  turns: SessionTurnMessages[],
  memory: SessionMemory | null | undefined,
): StoredMessage[] {
  const out: StoredMessage[] = [];
  for (const { messages } of turnsInMemory(turns, memory)) {
    const answered = new Set(messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id));
    for (const m of messages) {
      if (m.role === 'system') continue;
      out.push(m);
      for (const call of m.role === 'assistant' ? (m.tool_calls ?? []) : []) {
        if (!answered.has(call.id)) out.push({ role: 'tool', tool_call_id: call.id, content: NO_RESULT_NOTE });
      }
    }
  }
  return out;
}

/**
 * The conversation sent to the model: the generation's leading system messages, then the
 * session's history, then the generation's own messages.
 */
export function withSessionHistory(own: StoredMessage[], history: StoredMessage[]): StoredMessage[] {
  let head = 0;
  while (head < own.length && own[head]!.role === 'system') head += 1;
  return [...own.slice(0, head), ...history, ...own.slice(head)];
}
