import type { GenerationInput } from './index.js';

/**
 * A scheduled run (docs/schedules.md): the Temporal schedule starts `scheduledRunWorkflow`, whose
 * activity stores the generation exactly as the API does, then runs the generation workflow as a
 * child (workflow id = generation id) and waits for it.
 */
export const scheduledRunWorkflowType = 'scheduledRunWorkflow';

export interface ScheduledRunInput {
  scheduleId: string;
}

export interface ScheduledGenerationInput {
  scheduleId: string;
  /** The run's workflow id (unique per scheduled time): the generation's idempotency key. */
  runWorkflowId: string;
}

export interface ScheduledGeneration {
  /** null: the schedule's row is gone (deleted while the run was due); nothing was created. */
  generationId: string | null;
  /** The generation workflow's input when the run must start it; absent when it started already. */
  start?: GenerationInput;
  sessionId?: string | null;
}

export interface ScheduledRunActivities {
  createScheduledGeneration(input: ScheduledGenerationInput): Promise<ScheduledGeneration>;
}

/** The generation's Idempotency-Key of a run: a retried activity finds the row it stored. */
export function scheduledRunKey(runWorkflowId: string): string {
  return `schedule:${runWorkflowId}`.slice(0, 255);
}
