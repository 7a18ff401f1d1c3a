import type { ApprovalOutcome, ClientOutputRecord, FinishInput, StatusWrite, Usage } from './activities.js';
import type { ReplyDecision, StepCall } from './decide-reply.js';
import type { ApprovalRequest } from './messages.js';

/**
 * The bookkeeping writes of a run, as data. The workflow queues them and the next activity it
 * schedules makes them first, whatever that activity is; before the run waits (a pause, a child)
 * or tells another workflow, it makes them at once (`flushWrites`). A model call also gets what it
 * may write itself once its reply is decided: the final state, or the pause the reply opens.
 */
export type QueuedWrite =
  | { kind: 'status'; write: StatusWrite }
  | { kind: 'pauseResults'; write: PauseResultsWrite }
  | { kind: 'approvalsOpened'; write: ApprovalsOpenedWrite }
  | { kind: 'approvalsClosed'; write: ApprovalsClosedWrite };

/** The answers that end a client-tool or clarification pause, stored as the calls' results, and `running`. */
export interface PauseResultsWrite {
  generationId: string;
  step: number;
  outputs: ClientOutputRecord[];
  status: StatusWrite;
}

/** A step's approval requests (rows, trace entries, events) and the status write that enters their pause. */
export interface ApprovalsOpenedWrite {
  generationId: string;
  step: number;
  approvals: ApprovalRequest[];
  status: StatusWrite;
}

/** The decisions of an approval pause (trace entries, events, expiries) and the status write that leaves it. */
export interface ApprovalsClosedWrite {
  generationId: string;
  step: number;
  outcomes: ApprovalOutcome[];
  status: StatusWrite;
}

/** What any activity of a generation carries: writes queued before it, made first. */
export interface CarriedWrites {
  writes?: QueuedWrite[];
}

/**
 * What a model call may write once its reply is decided: the state version reserved for it (the
 * run's next), the step, and the tools used so far. Whether it writes, and what, follows from the
 * decision alone (`workInModelCall`), so the loop knows without being told.
 */
export interface ReplyWrites {
  stateVersion: number;
  iterationCount: number;
  toolsUsed: string[];
}

/** The writes a model call carries: those to make first, and those its reply may lead to. */
export interface PendingWrites {
  flush: QueuedWrite[];
  onReply: ReplyWrites;
}

/**
 * What the model call does on its own once its reply is decided: the final write of a run that
 * ends with no review of its text; the write that opens a client-tool pause; the unattended tool
 * calls; or nothing (the loop acts). The activity does it and the loop counts it done.
 */
export type WorkInModelCall = 'finish' | 'pause' | 'runTools' | null;

export function workInModelCall(decision: ReplyDecision): WorkInModelCall {
  switch (decision.kind) {
    case 'finish':
      return decision.reviewText ? null : 'finish';
    case 'pause':
    case 'runTools':
      return decision.kind;
    default:
      return null;
  }
}

/** The final write of a reply that ends the run, with the call's usage added to the run's. */
export function finishWriteOf(
  generationId: string,
  at: ReplyWrites,
  decision: Extract<ReplyDecision, { kind: 'finish' }>,
  usage: Usage,
): Omit<FinishInput, 'text'> {
  const { stateVersion, iterationCount, toolsUsed } = at;
  const used = decision.usedTool && !toolsUsed.includes(decision.usedTool) ? [decision.usedTool] : [];
  return {
    ...decision.outcome,
    generationId,
    stateVersion,
    iterationCount,
    toolsUsed: [...toolsUsed, ...used],
    usage,
  };
}

/** The status write that opens the pause for a reply's client-tool calls. */
export function pauseWriteOf(generationId: string, at: ReplyWrites, calls: StepCall[]): StatusWrite {
  return {
    generationId,
    stateVersion: at.stateVersion,
    pauseVersion: at.stateVersion,
    status: 'requires_action',
    iterationCount: at.iterationCount,
    requiredAction: {
      type: 'submit_tool_outputs',
      toolCalls: calls.map(({ call }) => ({ toolCallId: call.id, toolName: call.name, arguments: call.arguments })),
    },
  };
}
