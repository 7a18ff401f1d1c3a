import type { StepRule, ToolChoice } from '../../contracts/schemas/index.js';
import type { LoopPlan, PlannedTool, StepOverrides } from '../../contracts/generation/index.js';

/** Overrides submitted with tool outputs, accumulated over the generation. */
export interface SubmittedControls {
  /** Applies to exactly this step number (the step right after the submission). */
  next?: { step: number } & StepOverrides;
  /** Submitted step rules; they win over the plan's rules for the same step. */
  stepRules: StepRule[];
  defaults?: StepOverrides;
}

export interface StepControls {
  toolChoice: ToolChoice;
  activeToolIds: string[] | null;
}

/**
 * Tool control for one step. Priority, highest first (docs/generations.md): next-step overrides →
 * step rules for that step (submitted, then planned) → submitted defaults → the plan (request
 * overrides already merged over the agent config). toolChoice and activeToolIds resolve separately.
 */
export function resolveStepControls(step: number, plan: LoopPlan, submitted: SubmittedControls): StepControls {
  const next = submitted.next?.step === step ? submitted.next : undefined;
  const rule = [...submitted.stepRules, ...plan.stepRules].find((r) => r.step === step);
  const layers: Array<StepOverrides | undefined> = [next, rule, submitted.defaults];
  const toolChoice = layers.find((l) => l?.toolChoice !== undefined)?.toolChoice ?? plan.toolChoice;
  const activeToolIds = layers.find((l) => l?.activeToolIds !== undefined)?.activeToolIds ?? plan.activeToolIds;
  return { toolChoice, activeToolIds };
}

/**
 * The tools offered to the model on a step, and the tool choice sent with them. On the final step
 * tools are withheld so the model must answer in text.
 */
export function toolsForStep(
  step: number,
  plan: LoopPlan,
  controls: StepControls,
): { tools: PlannedTool[]; toolChoice: ToolChoice; withheld: boolean } {
  if (step >= plan.maxSteps || controls.toolChoice === 'none') {
    return { tools: [], toolChoice: 'none', withheld: step >= plan.maxSteps };
  }
  const active = controls.activeToolIds ? new Set(controls.activeToolIds) : null;
  let tools = active ? plan.tools.filter((t) => active.has(t.id) || t.alwaysOffered) : plan.tools;
  const choice = controls.toolChoice;
  if (typeof choice === 'object') {
    // A forced tool is always offered, even when outside the active set.
    const forced = plan.tools.find((t) => t.name === choice.toolName);
    if (forced && !tools.includes(forced)) tools = [...tools, forced];
    if (!forced) return { tools, toolChoice: tools.length ? 'auto' : 'none', withheld: false };
  }
  if (tools.length === 0) return { tools, toolChoice: 'none', withheld: false };
  return { tools, toolChoice: choice, withheld: false };
}
