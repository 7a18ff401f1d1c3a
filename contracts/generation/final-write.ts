import type { FinishInReply, FinishInput, ModelCallResult, Usage } from './activities.js';

/**
 * The final write inside the model call (docs/adr/0033), as the workflow's loop and the activity
 * must agree on it. Pure, like the rest of the contract.
 */

/**
 * Whether a reply ends the run by itself: it asks for no tool call and was not cut off by the
 * length limit (a cut-off reply is continued). A call that only asked for a summary has no reply.
 */
export function replyEndsRun(result: Pick<ModelCallResult, 'toolCalls' | 'finishReason' | 'needsSummary'>): boolean {
  return result.needsSummary === undefined && result.toolCalls.length === 0 && result.finishReason !== 'length';
}

/** The final write of a run whose last model call used `usage`, after `usageSoFar` before it. */
export function finishWithUsage(finish: FinishInReply, usageSoFar: Usage, usage: Usage): FinishInput {
  return {
    ...finish,
    usage: {
      promptTokens: usageSoFar.promptTokens + usage.promptTokens,
      completionTokens: usageSoFar.completionTokens + usage.completionTokens,
    },
  };
}
