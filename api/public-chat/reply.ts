import type { GenerationView, PublicChatReply, StepEntry } from '../../contracts/schemas/index.js';

/**
 * What a visitor sees of a generation: the answer, a flattened trace and the tools used, never
 * ids, provider details or the configuration. Pure functions of the generation's view.
 */

const MAX_TRACE_VALUE = 500;

function short(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return text.length > MAX_TRACE_VALUE ? `${text.slice(0, MAX_TRACE_VALUE)}…` : text;
}

/** The steps as Thought / Action / Observation / Answer lines (hooks, approvals and discovery stay internal). */
export function flattenTrace(steps: StepEntry[]): string {
  const lines: string[] = [];
  for (const s of steps) {
    if (s.type === 'think' && s.text) lines.push(`Thought: ${s.text}`);
    else if (s.type === 'act') lines.push(`Action: ${s.toolName ?? 'tool'}(${short(s.arguments ?? {})})`);
    else if (s.type === 'observe')
      lines.push(`Observation${s.status && s.status !== 'success' ? ` (${s.status})` : ''}: ${short(s.result)}`);
    else if (s.type === 'answer' && s.text) lines.push(`Answer: ${s.text}`);
  }
  return lines.join('\n');
}

export function chatReply(g: GenerationView, sessionId: string | null, settled: boolean): PublicChatReply {
  const base = {
    trace: flattenTrace(g.steps),
    toolsUsed: [...new Set(g.toolsUsed)],
    sessionId,
  };
  if (!settled || g.status === 'queued' || g.status === 'running')
    return { ...base, status: 'pending', answer: null, pending: { reason: 'running' } };
  if (g.status === 'completed') return { ...base, status: 'completed', answer: g.text ?? '' };
  if (g.status === 'requires_action' && g.requiredAction) {
    const action = g.requiredAction;
    if (action.type === 'answer_clarification')
      return {
        ...base,
        status: 'clarification',
        answer: null,
        clarification: { question: action.clarification.question, reason: action.clarification.reason ?? null },
      };
    return {
      ...base,
      status: 'pending',
      answer: null,
      pending: { reason: action.type === 'approve_tool_calls' ? 'approval' : 'client_tool' },
    };
  }
  return { ...base, status: 'failed', answer: null };
}
