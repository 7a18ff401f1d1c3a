import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { GenerationStateView, SubmitToolOutputsInput, SubmitToolOutputsResult } from './types.js';

/**
 * Messages of the generation workflow, defined once and imported by both the workflow and the
 * API so names and payload types cannot drift. Cancellation uses Temporal's own cancel request.
 */
export const generationWorkflowType = 'generationWorkflow';

/** Outputs of client tools. The validator rejects unknown or already-answered calls before they enter history. */
export const submitToolOutputsUpdate = defineUpdate<SubmitToolOutputsResult, [SubmitToolOutputsInput]>('submitToolOutputs');

export const generationStateQuery = defineQuery<GenerationStateView>('generationState');

/** ApplicationFailure types raised by update validators; the API maps them to HTTP statuses. */
export const updateRejection = {
  notWaiting: 'GenerationNotWaiting',
  unknownToolCall: 'UnknownToolCall',
  alreadyAnswered: 'ToolCallAlreadyAnswered',
  invalid: 'InvalidSubmission',
} as const;
