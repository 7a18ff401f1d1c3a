import type { ModelCallResult, StatusWrite } from './activities.js';
import { isDoomLoop } from './step-rules.js';

/**
 * What a model call needs to make the write that opens a client-tool pause itself (docs/adr/0039):
 * the write but for its calls, and what decides whether the reply opens that pause at once.
 */
export interface PauseInReply {
  write: Omit<StatusWrite, 'requiredAction' | 'status'>;
  /**
   * Client tools offered on this step that no stop condition names: a reply that calls only these
   * pauses for their outputs, once the loop has checked nothing else (no hook can concern them).
   */
  clientTools: string[];
  /** The run's latest calls, newest last: enough of them for the doom-loop check. */
  recentCalls: Array<{ name: string; argumentsHash: string }>;
}

/**
 * The write that opens the pause `reply` leads to at once, or null when the loop must decide. All
 * or nothing, like `callsToRunInReply`: every call is to one of `clientTools`, the ids are distinct
 * (the pause keys its calls by id), and the calls do not make a doom loop (the loop would stop).
 */
export function pauseOpenedByReply(
  reply: Pick<ModelCallResult, 'toolCalls' | 'needsSummary'>,
  pause: PauseInReply,
): StatusWrite | null {
  const calls = reply.toolCalls;
  if (reply.needsSummary !== undefined || calls.length === 0) return null;
  if (!calls.every((c) => pause.clientTools.includes(c.name))) return null;
  if (new Set(calls.map((c) => c.id)).size !== calls.length) return null;
  if (isDoomLoop([...pause.recentCalls, ...calls.map((c) => ({ name: c.name, argumentsHash: c.argumentsHash }))]))
    return null;
  return {
    ...pause.write,
    status: 'requires_action',
    requiredAction: {
      type: 'submit_tool_outputs',
      toolCalls: calls.map((c) => ({ toolCallId: c.id, toolName: c.name, arguments: c.arguments })),
    },
  };
}
