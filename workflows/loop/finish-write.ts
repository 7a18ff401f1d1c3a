import type { LoopPlan } from '../../contracts/generation/index.js';
import type { ToolChoice } from '../../contracts/schemas/index.js';

/**
 * Whether this step's model call may make the run's final write (docs/adr/0033): a reply that ends
 * the run (no tool call, not cut off) must end it with no activity between the call and the write.
 * A final-text review (guardrail block patterns, PreResponse hooks) runs between them, and with tool
 * choice "required" a text reply before the last step runs the model again instead.
 */
export function finishWriteInModelCall(
  plan: Pick<LoopPlan, 'reviewFinalText' | 'maxSteps'>,
  step: number,
  toolChoice: ToolChoice,
): boolean {
  if (plan.reviewFinalText) return false;
  return toolChoice !== 'required' || step >= plan.maxSteps;
}
