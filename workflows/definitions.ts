import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { ChildStatus, ClaimedAnswer, GenerationStateView } from '../contracts/generation/index.js';

/**
 * Messages of the generation workflow, defined once and imported by both the workflow and the
 * API so names and payload types cannot drift. Cancellation uses Temporal's own cancel request.
 */
export const generationWorkflowType = 'generationWorkflow';

/**
 * An answer to a pause (client tool outputs, an approval decision, a clarification), claimed in
 * PostgreSQL by the API before it is sent (docs/adr/0041): the claim is where an answer is checked
 * and refused, so the signal needs no reply. It is durable once the server has it, and taken in
 * the workflow task that runs the rest of the step.
 */
export const pauseAnsweredSignal = defineSignal<[ClaimedAnswer]>('pauseAnswered');

/** A child generation tells its parent workflow that it paused (requiredAction) or runs again (null). */
export const childStatusSignal = defineSignal<[ChildStatus]>('childStatus');

export const generationStateQuery = defineQuery<GenerationStateView>('generationState');

/**
 * The same claimed answer, delivered by an update when its caller waits for the generation: the
 * server hands it to the worker sooner than a signal (domain/answers/delivery.ts). It has no
 * validator: the claim already checked it, and the workflow takes it exactly as the signal.
 */
export const pauseAnsweredUpdate = defineUpdate<void, [ClaimedAnswer]>('pauseAnsweredByUpdate');
