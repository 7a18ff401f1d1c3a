/**
 * Sort keys of trace entries (the `seq` column of GenerationStep). Entries sort by step, then by
 * phase within the step, then by position within the phase, so every step reads
 * think → act → PreToolUse hooks → approvals → results (each followed by its PostToolUse hooks),
 * and the final review, answer and OnRunComplete hooks come after the last step.
 *
 * Layout: step × 10^12 + phase × 10^10 + position. Positions are message sequence numbers (×1000
 * for per-call hook slots) or small indexes, so they stay far below 10^10; steps are capped well
 * below 9,000, which keeps every key an exact integer in a JS number.
 */
const STEP = 1_000_000_000_000;
const PHASE = 10_000_000_000;
const HOOK_SLOTS = 1000;
/** Escalation entries share the requests' phase, after their positions (a step has far fewer calls). */
const ESCALATED = 1_000_000;

const phase = {
  // step 0: before the loop, in the order they run
  runStart: 0,
  discovery: 1,
  // every step
  think: 0,
  act: 1,
  preToolUse: 2,
  approvalRequested: 3,
  approvalResolved: 4,
  result: 5,
  // after the last step
  preResponse: 8,
  answer: 9,
} as const;

function key(step: number, p: number, position: number): number {
  return step * STEP + p * PHASE + position;
}

export const traceOrder = {
  /** The `hookIndex`-th OnRunStart hook, before step 1. */
  runStartHook: (hookIndex: number) => key(0, phase.runStart, hookIndex),
  /** MCP discovery of the `serverIndex`-th server, after OnRunStart hooks. */
  discovery: (serverIndex: number) => key(0, phase.discovery, serverIndex),
  /** A steering message stored at message `seq`: before the step's reply, which comes after it. */
  userMessage: (step: number, seq: number) => key(step, phase.think, seq),
  /** The model's text that accompanies tool calls; `replySeq` orders continuation parts. */
  think: (step: number, replySeq: number) => key(step, phase.think, replySeq),
  /** The `callIndex`-th tool call of the model's reply. */
  act: (step: number, callIndex: number) => key(step, phase.act, callIndex),
  /** PreToolUse hook `hookIndex` on the `callIndex`-th call. */
  preToolUseHook: (step: number, callIndex: number, hookIndex: number) =>
    key(step, phase.preToolUse, callIndex * HOOK_SLOTS + hookIndex),
  approvalRequested: (step: number, index: number) => key(step, phase.approvalRequested, index),
  approvalResolved: (step: number, index: number) => key(step, phase.approvalResolved, index),
  /** An approval passed to its escalation group: after every request of the step, before any decision. */
  approvalEscalated: (step: number, index: number) => key(step, phase.approvalRequested, ESCALATED + index),
  /** A nested model call made by the tool call whose result is stored at `seq`: right before that result. */
  nestedModelCall: (step: number, seq: number) => key(step, phase.result, seq * HOOK_SLOTS - 1),
  /** A tool result, stored at message `seq`. */
  observe: (step: number, seq: number) => key(step, phase.result, seq * HOOK_SLOTS),
  /** PostToolUse hook `hookIndex` on the result stored at `seq`: right after that result. */
  postToolUseHook: (step: number, seq: number, hookIndex: number) =>
    key(step, phase.result, seq * HOOK_SLOTS + 1 + hookIndex),
  /** PreResponse hook `hookIndex` reviewing the final text after the last step. */
  preResponseHook: (step: number, hookIndex: number) => key(step, phase.preResponse, hookIndex),
  answer: (step: number) => key(step, phase.answer, 0),
  /** OnRunComplete hook `hookIndex`: after the answer. */
  runCompleteHook: (step: number, hookIndex: number) => key(step, phase.answer, 1 + hookIndex),
} as const;
