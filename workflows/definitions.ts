import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type {
  ApprovalDecisionInput,
  ApprovalDecisionResult,
  ChildStatus,
  ClaimedToolOutputsInput,
  ClarificationAnswerInput,
  GenerationStateView,
  SubmitToolOutputsInput,
  SubmitToolOutputsResult,
} from '../contracts/generation/index.js';

/**
 * Messages of the generation workflow, defined once and imported by both the workflow and the
 * API so names and payload types cannot drift. Cancellation uses Temporal's own cancel request.
 * A pause is resumed by an update with a validator (a rejected payload never enters history), or,
 * for a complete answer to client tool calls claimed in PostgreSQL first, by a signal.
 */
export const generationWorkflowType = 'generationWorkflow';

/** Outputs of client tools. The validator rejects unknown or already-answered calls. */
export const submitToolOutputsUpdate = defineUpdate<SubmitToolOutputsResult, [SubmitToolOutputsInput]>(
  'submitToolOutputs',
);

/**
 * Outputs of client tools that answer every pending call, claimed in PostgreSQL by the API first
 * (docs/adr/0037): durable once the server has it, and taken in the task that runs the next step.
 */
export const claimedToolOutputsSignal = defineSignal<[ClaimedToolOutputsInput]>('claimedToolOutputs');

/** A human decision on one approval, bound to the exact call (tool name + argument hash). */
export const decideApprovalUpdate = defineUpdate<ApprovalDecisionResult, [ApprovalDecisionInput]>('decideApproval');

/** The answer to a pending agent_clarify question. */
export const answerClarificationUpdate = defineUpdate<{ stateVersion: number }, [ClarificationAnswerInput]>(
  'answerClarification',
);

/** A child generation tells its parent workflow that it paused (requiredAction) or runs again (null). */
export const childStatusSignal = defineSignal<[ChildStatus]>('childStatus');

export const generationStateQuery = defineQuery<GenerationStateView>('generationState');

/** ApplicationFailure types raised by update validators; the API maps them to HTTP statuses. */
export const updateRejection = {
  notWaiting: 'GenerationNotWaiting',
  /** The answer is for a pause the workflow is still re-opening after a crash (docs/adr/0023). */
  pauseNotRecorded: 'PauseNotRecordedYet',
  unknownToolCall: 'UnknownToolCall',
  alreadyAnswered: 'ToolCallAlreadyAnswered',
  invalid: 'InvalidSubmission',
  approvalNotFound: 'ApprovalNotFound',
  approvalDecided: 'ApprovalAlreadyDecided',
  approvalExpired: 'ApprovalExpired',
  approvalMismatch: 'ApprovalMismatch',
  /** The answer names a clarification question that is not the one waiting. */
  questionMismatch: 'ClarificationQuestionMismatch',
} as const;
