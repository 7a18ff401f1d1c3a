import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { AgentStepMessage } from '../../contracts/schemas/index.js';

/**
 * last_k: the last k non-system messages (system messages are always kept, in place). A window
 * that would start with tool results whose tool request was cut off starts after them instead, so
 * the provider never sees a result without its request.
 */
export function lastK(messages: AgentStepMessage[], k: number): AgentStepMessage[] {
  const positions = messages.flatMap((m, i) => (m.role === 'system' ? [] : [i]));
  let from = positions.length > k ? positions[positions.length - k]! : 0;
  while (from < messages.length && messages[from]!.role === 'tool') from += 1;
  return messages.filter((m, i) => m.role === 'system' || i >= from);
}

/** The caller's conversation as Chat Completions messages (agent → assistant, tool requests → tool_calls). */
export function toChatMessages(
  instructions: string | undefined,
  messages: AgentStepMessage[],
): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = instructions ? [{ role: 'system', content: instructions }] : [];
  for (const m of messages) {
    if (m.role === 'agent') {
      out.push({
        role: 'assistant',
        content: m.content ?? null,
        ...(m.toolRequest
          ? {
              tool_calls: [
                {
                  id: m.toolRequest.id,
                  type: 'function' as const,
                  function: { name: m.toolRequest.name, arguments: JSON.stringify(m.toolRequest.arguments ?? {}) },
                },
              ],
            }
          : {}),
      });
    } else if (m.role === 'tool') {
      out.push({ role: 'tool', tool_call_id: m.toolRequestId, content: m.content });
    } else {
      out.push({ role: m.role, content: m.content });
    }
  }
  return out;
}
