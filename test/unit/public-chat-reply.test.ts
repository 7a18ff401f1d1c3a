import { describe, expect, it } from 'vitest';
import { chatReply, flattenTrace } from '../../api/public-chat/reply.js';
import type { GenerationView, StepEntry } from '../../contracts/schemas/index.js';

const at = '2026-01-01T00:00:00.000Z';
const steps: StepEntry[] = [
  { step: 1, type: 'think', text: 'I should look the order up.', at },
  { step: 1, type: 'act', toolName: 'find_order', arguments: { id: 'A-1' }, toolCallId: 'c1', at },
  { step: 1, type: 'hook', hookId: 'hook_1', decision: 'allow', at },
  { step: 1, type: 'observe', toolName: 'find_order', status: 'error', result: 'x'.repeat(600), at },
  { step: 2, type: 'answer', text: 'It ships tomorrow.', at },
];

function view(overrides: Partial<GenerationView>): GenerationView {
  return {
    id: 'agt_gen_1',
    generationId: 'agt_gen_1',
    object: 'generation',
    agentId: 'agt_1',
    projectId: 'prj_1',
    traceId: 'agt_trace_1',
    sessionId: null,
    parentGenerationId: null,
    status: 'completed',
    stopReason: 'final_answer',
    text: 'It ships tomorrow.',
    output: null,
    requiredAction: null,
    steps,
    toolsUsed: ['find_order', 'find_order'],
    iterationCount: 2,
    usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
    error: null,
    ...overrides,
  } as GenerationView;
}

describe('public chat replies', () => {
  it('flattens the trace to Thought / Action / Observation / Answer lines, internal steps left out, long values cut', () => {
    const lines = flattenTrace(steps).split('\n');
    expect(lines[0]).toBe('Thought: I should look the order up.');
    expect(lines[1]).toBe('Action: find_order({"id":"A-1"})');
    expect(lines[2]).toMatch(/^Observation \(error\): x{500}…$/);
    expect(lines[3]).toBe('Answer: It ships tomorrow.');
    expect(lines).toHaveLength(4);
  });

  it('maps each generation state to what a visitor sees, without ids', () => {
    const done = chatReply(view({}), null, true);
    expect(done).toMatchObject({ status: 'completed', answer: 'It ships tomorrow.', toolsUsed: ['find_order'] });
    expect(JSON.stringify(done)).not.toMatch(/agt_|prj_/);

    const asking = chatReply(
      view({
        status: 'requires_action',
        requiredAction: { type: 'answer_clarification', clarification: { question: 'Which?', toolCallId: 'c9' } },
      }),
      null,
      true,
    );
    expect(asking).toMatchObject({ status: 'clarification', clarification: { question: 'Which?', reason: null } });
    expect(JSON.stringify(asking)).not.toContain('c9');

    const approval = chatReply(
      view({ status: 'requires_action', requiredAction: { type: 'approve_tool_calls', approvals: [] } }),
      null,
      true,
    );
    expect(approval).toMatchObject({ status: 'pending', pending: { reason: 'approval' } });
    expect(chatReply(view({ status: 'running' }), null, false)).toMatchObject({ pending: { reason: 'running' } });
    expect(chatReply(view({ status: 'failed', text: null }), null, true)).toMatchObject({
      status: 'failed',
      answer: null,
    });
  });
});
