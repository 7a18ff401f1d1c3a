import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { StoredMessage } from './generation-store.js';

/**
 * Context compaction: what is sent to the model when the conversation nears the context window.
 * The stored conversation is never changed; these functions only build the list that is sent.
 * Levels: 0 as stored; 1 old tool results replaced by placeholders (the last 3 user turns stay
 * whole); 2 also the conversation before those turns replaced by a summary; 3 the same keeping only
 * the last user turn whole.
 */

export const COMPACTION_THRESHOLD = 0.85;
export const DEFAULT_CONTEXT_WINDOW = 128_000;
export const MAX_FAILED_COMPACTIONS = 3;
const KEEP_USER_TURNS = 3;
export const PRUNED_PLACEHOLDER = '[tool result removed to fit the context window]';

/** Context windows of common models (tokens); anything else gets DEFAULT_CONTEXT_WINDOW. */
const MODEL_WINDOWS: Array<[RegExp, number]> = [
  [/^gpt-4\.1/, 1_047_576],
  [/^(gpt-4o|gpt-4-turbo|o1|o3|o4)/, 128_000],
  [/^gpt-4-32k/, 32_768],
  [/^gpt-4(-|$)/, 8_192],
  [/^gpt-3\.5-turbo/, 16_385],
];

export function contextWindowFor(model: string, configured: number | null | undefined): number {
  if (configured) return configured;
  return MODEL_WINDOWS.find(([pattern]) => pattern.test(model))?.[1] ?? DEFAULT_CONTEXT_WINDOW;
}

/** Tokens of a conversation (o200k encoding; 4 tokens of framing per message, as OpenAI counts). */
export function conversationTokens(messages: StoredMessage[], toolsJson = ''): number {
  return conversationSize(messages, toolsJson, plainTextTokens);
}

// Text that spells a special token (`<|endoftext|>` in a user's message, a tool result) is counted
// as the plain text the provider receives; the tokenizer's default is to throw on it.
const asPlainText = { disallowedSpecial: new Set<string>() };
const plainTextTokens = (text: string) => countTokens(text, asPlainText);

/**
 * An upper bound of `conversationTokens` at the cost of a byte count: every token of a byte-level
 * BPE encoding covers at least one byte of UTF-8. A conversation under its budget by this bound
 * fits without being tokenized, which is every call of a conversation far from its window.
 */
export function conversationTokensAtMost(messages: StoredMessage[], toolsJson = ''): number {
  return conversationSize(messages, toolsJson, utf8Bytes);
}

/** Whether the conversation's tokens are at most `budget`: decided by the byte bound when it can be. */
export function fitsTokenBudget(messages: StoredMessage[], toolsJson: string, budget: number): boolean {
  return conversationTokensAtMost(messages, toolsJson) <= budget || conversationTokens(messages, toolsJson) <= budget;
}

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

function conversationSize(messages: StoredMessage[], toolsJson: string, size: (text: string) => number): number {
  let total = toolsJson ? size(toolsJson) : 0;
  for (const m of messages) {
    total += 4 + (m.content ? size(m.content) : 0);
    for (const c of m.tool_calls ?? []) total += size(c.function.name) + size(c.function.arguments);
  }
  return total;
}

/** Index of the first message of the last `turns` user turns (0 when there are fewer). */
export function recentTurnsStart(messages: StoredMessage[], turns: number): number {
  const users = messages.flatMap((m, i) => (m.role === 'user' ? [i] : []));
  return users.length > turns ? users[users.length - turns]! : 0;
}

export function pruneToolResults(messages: StoredMessage[], keepTurns = KEEP_USER_TURNS): StoredMessage[] {
  const keepFrom = recentTurnsStart(messages, keepTurns);
  return messages.map((m, i) =>
    i < keepFrom && m.role === 'tool' && m.content !== PRUNED_PLACEHOLDER ? { ...m, content: PRUNED_PLACEHOLDER } : m,
  );
}

/** The part a summary replaces: after the leading system messages, before the kept user turns. */
export function summarySpan(messages: StoredMessage[], level: number): { from: number; to: number } {
  let from = 0;
  while (from < messages.length && messages[from]!.role === 'system') from += 1;
  const to = recentTurnsStart(messages, level >= 3 ? 1 : KEEP_USER_TURNS);
  return { from, to: Math.max(from, to) };
}

export function withSummary(messages: StoredMessage[], level: number, summary: string): StoredMessage[] {
  const { from, to } = summarySpan(messages, level);
  if (to <= from) return messages;
  const note: StoredMessage = { role: 'user', content: `Summary of the earlier conversation:\n${summary}` };
  return [...messages.slice(0, from), note, ...messages.slice(to)];
}

export const SUMMARY_PROMPT =
  'Summarise the conversation above for your own later use: the user goals, facts learned (tool results included), decisions and open questions. Be concise; keep names, numbers and identifiers exact.';

/** The messages a summary call is given: the span to summarise, as plain text turns. */
export function summaryRequest(messages: StoredMessage[], level: number): StoredMessage[] {
  const { from, to } = summarySpan(messages, level);
  const span = messages.slice(from, to).map((m): StoredMessage => {
    if (m.role === 'tool') return { role: 'user', content: `Tool result: ${m.content ?? ''}` };
    if (m.role === 'assistant') {
      const calls = (m.tool_calls ?? []).map((c) => `${c.function.name}(${c.function.arguments})`).join(', ');
      return {
        role: 'assistant',
        content: [m.content ?? '', calls ? `Called: ${calls}` : ''].filter(Boolean).join('\n'),
      };
    }
    return { role: m.role, content: m.content };
  });
  return [...span, { role: 'user', content: SUMMARY_PROMPT }];
}
