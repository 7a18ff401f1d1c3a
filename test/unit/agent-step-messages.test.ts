import { describe, expect, it } from 'vitest';
import { lastK, toChatMessages } from '../../api/agent-step/messages.js';
import type { AgentStepMessage } from '../../contracts/schemas/index.js';

const u = (content: string): AgentStepMessage => ({ role: 'user', content });
const s = (content: string): AgentStepMessage => ({ role: 'system', content });
const request: AgentStepMessage = { role: 'agent', toolRequest: { id: 't', name: 'x', arguments: {} } };
const result: AgentStepMessage = { role: 'tool', toolRequestId: 't', content: 'r' };

describe('agent-step messages', () => {
  it('last_k keeps system messages and the last k others', () => {
    expect(lastK([s('a'), u('1'), u('2'), s('b'), u('3')], 2)).toEqual([s('a'), u('2'), s('b'), u('3')]);
    expect(lastK([u('1'), u('2')], 5)).toEqual([u('1'), u('2')]);
  });

  it('last_k never starts with a tool result whose request was cut off', () => {
    expect(lastK([u('1'), request, result, u('2')], 2)).toEqual([u('2')]);
    expect(lastK([u('1'), request, result, u('2')], 3)).toEqual([request, result, u('2')]);
  });

  it('maps agent tool requests and tool messages to Chat Completions', () => {
    expect(toChatMessages('be kind', [u('q'), request, result])).toEqual([
      { role: 'system', content: 'be kind' },
      { role: 'user', content: 'q' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 't', type: 'function', function: { name: 'x', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 't', content: 'r' },
    ]);
  });
});
