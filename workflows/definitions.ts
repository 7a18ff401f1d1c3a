import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type {
  ApprovalDecisionInput,
  ApprovalDecisionResult,
  ChildStatus,
  ClarificationAnswerInput,
  GenerationStateView,
  SubmitToolOutputsInput,
  SubmitToolOutputsResult,
} from '../contracts/generation/index.js';

/**
 * Messages of the generation workflow, defined once and imported by both the workflow and the
 * API so names and payload types cannot drift. Cancellation uses Temporal's own cancel request.
 * Every pause is resumed by an update with a validator: a rejected payload never enters history.
 */
export const generationWorkflowType = 'generationWorkflow';

/**
 * The generation workflow's task timeout. Model and tool calls are local activities
 * (docs/adr/0018): while one runs, the worker keeps the workflow task open and heartbeats it at
 * 80% of this, and a cancel or signal is only seen at such a heartbeat. 4 s (Temporal's default is
 * 10 s) bounds that delay to about 3 s; the heartbeat comes from the SDK's core threads, not from
 * the JavaScript event loop, so a busy worker does not miss it.
 */
export const generationWorkflowTaskTimeout = '4 seconds';

/** Outputs of client tools. The validator rejects unknown or already-answered calls. */
export const submitToolOutputsUpdate = defineUpdate<SubmitToolOutputsResult, [SubmitToolOutputsInput]>(
  'submitToolOutputs',
);

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
  unknownToolCall: 'UnknownToolCall',
  alreadyAnswered: 'ToolCallAlreadyAnswered',
  invalid: 'InvalidSubmission',
  approvalNotFound: 'ApprovalNotFound',
  approvalDecided: 'ApprovalAlreadyDecided',
  approvalExpired: 'ApprovalExpired',
  approvalMismatch: 'ApprovalMismatch',
} as const;
