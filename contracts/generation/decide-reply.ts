import type { StopCondition, ToolChoice } from '../schemas/index.js';
import type { ModelCallResult, ModelToolCall } from './activities.js';
import { hooksFor, needsApproval } from './hooks.js';
import { completed, failed, type RunOutcome } from './outcome.js';
import type { LoopPlan, PlannedTool } from './plan.js';
import {
  DOOM_LOOP_THRESHOLD,
  fingerprint,
  isDoomLoop,
  matchStopCondition,
  MAX_LENGTH_CONTINUATIONS,
  type CallFingerprint,
} from './step-rules.js';

/** The builtin that pauses the generation to ask the user a question. */
export const CLARIFY_TOOL = 'agent_clarify';

/**
 * How the loop handles a call of an offered tool: run it on the server, pause for the client's
 * output, pause for a clarification, or end the run (a tool without an executor, the "done tool").
 */
export type CallHandling = 'server' | 'client' | 'clarify' | 'ends_run';

/** A tool offered on a step, as `decideReply` needs it. */
export interface OfferedTool {
  name: string;
  handling: CallHandling;
  readOnly: boolean;
  timeoutSeconds: number;
  /**
   * Nothing the loop does between a reply and these calls' results concerns them: no PreToolUse
   * hook (rule, http or approval) matches, no approval is needed, no stop condition names them,
   * and, for server tools, no PostToolUse hook matches and an http request runs them in the
   * workflow's own worker (no tool task queue).
   */
  unattended: boolean;
}

/** What the loop knows about a step when the model replies; the model call gets the same value. */
export interface StepContext {
  step: number;
  /** The run's last step: tools were withheld, and a text reply ends the run whatever the tool choice. */
  lastStep: boolean;
  /** The tool choice sent to the model (the `requireToolFor` guardrail may have made it "required"). */
  toolChoice: ToolChoice;
  /** The final text is reviewed (guardrail block patterns, PreResponse hooks) before the run ends. */
  reviewFinalText: boolean;
  tools: OfferedTool[];
  /** Tools named by `hasToolCall` stop conditions. */
  stopToolNames: string[];
  /** The run's latest calls, newest last: as many as the doom-loop rule reads. */
  recentCalls: CallFingerprint[];
}

/** A model reply, as `decideReply` reads it. */
export interface ReplyFacts extends Pick<ModelCallResult, 'toolCalls' | 'finishReason'> {
  /** The reply's message seq: its calls' results are stored right after it, in the reply's order. */
  seq: number;
  /** 0 for a step's first reply; n for its n-th continuation after a cut-off. */
  part: number;
}

/** One call of a reply, with the seq its result is stored at and the offered tool it calls (none: unknown). */
export interface StepCall {
  call: ModelToolCall;
  seq: number;
  tool: OfferedTool | undefined;
}

/**
 * What a reply leads to. The loop acts on it; the model call applies the writes and runs the tool
 * calls it may do on its own (`workInModelCall`), so both sides follow the same decision.
 */
export type ReplyDecision =
  /** Cut off by the length limit: the model is asked to continue. */
  | { kind: 'continue' }
  /** A text reply while a tool call is required: the model is asked again, on the next step. */
  | { kind: 'nextStep' }
  /** The run ends; `reviewText`: the final text is reviewed first; `usedTool` counts in toolsUsed. */
  | { kind: 'finish'; outcome: RunOutcome; reviewText: boolean; usedTool?: string }
  /** Every call is to a server tool nothing concerns: the model call may run them itself. */
  | { kind: 'runTools'; calls: StepCall[] }
  /** Every call is to a client tool nothing concerns: the reply opens the pause for their outputs. */
  | { kind: 'pause'; calls: StepCall[] }
  /** The loop decides call by call: hooks, approvals, server runs, clarifications, client pauses. */
  | { kind: 'loopDecides'; calls: StepCall[] };

/**
 * The one decision a reply gets, in the order the stop rules apply: a cut-off reply is continued;
 * a text reply ends the run (or, under tool choice "required" before the last step, asks again);
 * a stop condition ends it with the named call's arguments; a doom loop fails it; a call to a tool
 * without an executor ends it; otherwise the calls are acted on. Adding a stop rule is an edit here.
 */
export function decideReply(reply: ReplyFacts, ctx: StepContext): ReplyDecision {
  const calls = reply.toolCalls;
  if (calls.length === 0) {
    if (reply.finishReason === 'length' && reply.part < MAX_LENGTH_CONTINUATIONS) return { kind: 'continue' };
    if (ctx.toolChoice === 'required' && !ctx.lastStep) return { kind: 'nextStep' };
    const outcome = completed(ctx.lastStep ? 'max_steps' : 'final_answer');
    return { kind: 'finish', outcome, reviewText: ctx.reviewFinalText };
  }
  const stop = matchStopCondition(calls, ctx.stopToolNames);
  if (stop)
    return {
      kind: 'finish',
      outcome: completed('stop_condition', stop.arguments),
      reviewText: false,
      usedTool: stop.name,
    };
  if (isDoomLoop([...ctx.recentCalls, ...calls.map(fingerprint)])) {
    const last = calls[calls.length - 1]!;
    const message = `${last.name} was called ${DOOM_LOOP_THRESHOLD} times in a row with identical arguments`;
    return { kind: 'finish', outcome: failed('doom_loop', 'doom_loop', message), reviewText: false };
  }
  const stepCalls = calls.map((call, i) => ({
    call,
    seq: reply.seq + 1 + i,
    tool: ctx.tools.find((t) => t.name === call.name),
  }));
  const done = stepCalls.find((c) => c.tool?.handling === 'ends_run');
  if (done)
    return {
      kind: 'finish',
      outcome: completed('done_tool', done.call.arguments),
      reviewText: false,
      usedTool: done.call.name,
    };
  // Results and pauses are keyed by call id: a reply that repeats an id is left to the loop.
  const distinct = new Set(calls.map((c) => c.id)).size === calls.length;
  const all = (handling: CallHandling) =>
    distinct && stepCalls.every((c) => c.tool?.handling === handling && c.tool.unattended);
  if (all('server')) return { kind: 'runTools', calls: stepCalls };
  if (all('client')) return { kind: 'pause', calls: stepCalls };
  return { kind: 'loopDecides', calls: stepCalls };
}

/**
 * The last step's reply did not end the run (it called a tool although none was offered): the
 * steps ran out, and the run ends as max_steps, its text reviewed like a final answer's.
 */
export function stepsRanOut(plan: Pick<LoopPlan, 'reviewFinalText'>): { outcome: RunOutcome; reviewText: boolean } {
  return { outcome: completed('max_steps'), reviewText: plan.reviewFinalText };
}

/** How the loop handles calls of `tool`. */
export function callHandling(tool: Pick<PlannedTool, 'type' | 'name' | 'hasExecutor'>): CallHandling {
  if (tool.type === 'client') return 'client';
  if (tool.type === 'builtin' && tool.name === CLARIFY_TOOL) return 'clarify';
  if (!tool.hasExecutor) return 'ends_run';
  return 'server';
}

/** The step's context: the offered tools as the loop treats their calls, and what the stop rules read. */
export function stepContext(
  plan: Pick<
    LoopPlan,
    'hooks' | 'stopConditions' | 'approveDestructive' | 'maxSteps' | 'reviewFinalText' | 'toolTaskQueue' | 'fork'
  >,
  step: { step: number; offered: PlannedTool[]; toolChoice: ToolChoice; recentCalls: CallFingerprint[] },
): StepContext {
  const stopToolNames = stopToolsOf(plan.stopConditions);
  const tools = step.offered.map((t): OfferedTool => {
    const handling = callHandling(t);
    const hooked = (event: 'PreToolUse' | 'PostToolUse') => hooksFor(plan.hooks, event, t.name).length > 0;
    const unattended =
      !hooked('PreToolUse') &&
      !needsApproval(plan, t.name, t) &&
      !stopToolNames.includes(t.name) &&
      (handling === 'client' ||
        // A server call runs inside the model call only where the model call runs: no tool task queue.
        (handling === 'server' && t.type === 'http' && !hooked('PostToolUse') && !plan.toolTaskQueue));
    return { name: t.name, handling, readOnly: t.readOnly, timeoutSeconds: t.timeoutSeconds, unattended };
  });
  return {
    step: step.step,
    lastStep: step.step >= plan.maxSteps,
    toolChoice: step.toolChoice,
    reviewFinalText: plan.reviewFinalText,
    tools,
    stopToolNames,
    // The doom-loop rule reads one call fewer than its threshold before the reply's own.
    recentCalls: step.recentCalls.slice(-(DOOM_LOOP_THRESHOLD - 1)),
  };
}

export function stopToolsOf(conditions: StopCondition[]): string[] {
  return conditions.filter((c) => c.type === 'hasToolCall').map((c) => c.toolName);
}
