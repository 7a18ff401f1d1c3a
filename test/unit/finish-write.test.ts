import { describe, expect, it } from 'vitest';
import { finishWithUsage, replyEndsRun, type FinishInReply } from '../../contracts/generation/index.js';
import { finishWriteInModelCall } from '../../workflows/loop/finish-write.js';

const call = { id: 'c1', name: 'lookup', arguments: {}, argumentsHash: 'h' };

describe('the final write inside the model call (docs/adr/0033)', () => {
  it('is offered when a text reply would end the run with nothing between the call and the write', () => {
    const plan = { reviewFinalText: false, maxSteps: 5 };
    expect(finishWriteInModelCall(plan, 1, 'auto')).toBe(true);
    expect(finishWriteInModelCall(plan, 5, 'none')).toBe(true);
    // Tool choice "required" runs a text reply again before the last step, and ends the run on it.
    expect(finishWriteInModelCall(plan, 4, 'required')).toBe(false);
    expect(finishWriteInModelCall(plan, 5, 'required')).toBe(true);
    // A final-text review (block patterns, PreResponse hooks) runs between the reply and the write.
    expect(finishWriteInModelCall({ ...plan, reviewFinalText: true }, 1, 'auto')).toBe(false);
  });

  it('is made only for a reply with no tool call that was not cut off, and never for a summary request', () => {
    expect(replyEndsRun({ toolCalls: [], finishReason: 'stop' })).toBe(true);
    expect(replyEndsRun({ toolCalls: [], finishReason: 'content_filter' })).toBe(true);
    expect(replyEndsRun({ toolCalls: [call], finishReason: 'tool_calls' })).toBe(false);
    expect(replyEndsRun({ toolCalls: [call], finishReason: 'stop' })).toBe(false);
    expect(replyEndsRun({ toolCalls: [], finishReason: 'length' })).toBe(false);
    expect(replyEndsRun({ toolCalls: [], finishReason: 'other', needsSummary: { level: 2, failures: 0 } })).toBe(false);
  });

  it('counts the run’s usage before the call plus the call’s own', () => {
    const finish: FinishInReply = {
      generationId: 'agt_gen_1',
      stateVersion: 4,
      status: 'completed',
      stopReason: 'final_answer',
      output: null,
      error: null,
      iterationCount: 2,
      toolsUsed: ['lookup'],
    };
    expect(
      finishWithUsage(finish, { promptTokens: 100, completionTokens: 7 }, { promptTokens: 30, completionTokens: 5 }),
    ).toEqual({ ...finish, usage: { promptTokens: 130, completionTokens: 12 } });
  });
});
