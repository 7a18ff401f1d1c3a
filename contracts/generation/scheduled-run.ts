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
  /** The run's workflow id and its first run id: together the generation's idempotency key. */
  runWorkflowId: string;
  runId: string;
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
  /** Tells the workers that the generation's cancel was requested (docs/adr/0027), as POST …/cancel does. */
  announceGenerationCancel(input: { generationId: string }): Promise<void>;
}

/**
 * The generation's Idempotency-Key of a run: a retried activity finds the row it stored. The
 * workflow id alone is not unique: Temporal names a run after its schedule and its time to the
 * second, so two triggers within one second (a `cancel_other` trigger that cancels the first) give
 * two runs of one workflow id; the run id tells them apart.
 */
export function scheduledRunKey(runWorkflowId: string, runId: string): string {
  return `schedule:${runWorkflowId}:${runId}`.slice(0, 255);
}
