import { createHash } from 'node:crypto';
import type { ScheduleRefusal } from '../../contracts/schemas/index.js';
import type { Schedule } from '../../generated/prisma/client.js';
import type { Db } from '../../infra/db/prisma.js';
import type { AuthorityRefusal } from '../deferred-authority.js';

/**
 * A schedule whose key can no longer act (docs/schedules.md, "Who a run acts for"): the run that
 * found it is refused, the schedule pauses itself with the reason as its note, the refusal is kept
 * on the row (shown on the view and on the refused run), and the agent's `schedule.paused`
 * subscriptions are told. The API's key revocation does the same at once for every schedule
 * that acted for the key, so a revoked key's schedules stop before their next run.
 */

/** What pausing and notifying needs of Temporal: the API and the worker each give their client. */
export interface ScheduleControl {
  pause(temporalScheduleId: string, note: string): Promise<void>;
  /** Starts the delivery workflow of a webhook delivery row (idempotent by the delivery id). */
  deliver(deliveryId: string): Promise<void>;
}

export interface RefusedRun {
  runWorkflowId: string;
  runId: string;
}

/** Temporal's note on a schedule paused for its key. */
export const refusalNote = (refusal: Pick<AuthorityRefusal, 'message'>) =>
  `Paused: ${refusal.message}. Set its request again with a key that may generate on the agent.`;

/** Deterministic per schedule, cause and subscription: a retried activity or request reuses its delivery. */
function deliveryId(scheduleId: string, cause: string, webhookId: string): string {
  return `whd_${createHash('sha256').update(`${scheduleId}|schedule.paused|${cause}|${webhookId}`).digest('hex').slice(0, 32)}`;
}

/**
 * Records the refusal, pauses the schedule and notifies its agent's subscriptions. Nothing is
 * recorded when the schedule's request was set again since (`requestKeyId` moved on): the new key
 * acts from now on. `run` is the refused run, absent when a revocation pauses the schedule.
 */
export async function pauseRefusedSchedule(
  db: Db,
  control: ScheduleControl,
  schedule: Schedule,
  refusal: AuthorityRefusal,
  run?: RefusedRun,
): Promise<ScheduleRefusal | null> {
  const recorded: ScheduleRefusal = {
    code: refusal.code,
    message: refusal.message,
    at: new Date().toISOString(),
    keyId: schedule.requestKeyId,
    runWorkflowId: run?.runWorkflowId ?? null,
    runId: run?.runId ?? null,
  };
  const { count } = await db.schedule.updateMany({
    where: { id: schedule.id, requestKeyId: schedule.requestKeyId },
    data: { refusal: recorded as object },
  });
  if (count === 0) return null;
  await control.pause(schedule.temporalScheduleId, refusalNote(refusal));
  const webhooks = await db.webhook.findMany({
    where: {
      agentId: schedule.agentId,
      projectId: schedule.projectId,
      active: true,
      events: { has: 'schedule.paused' },
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const cause = run ? `run:${run.runWorkflowId}:${run.runId}` : `key:${schedule.requestKeyId ?? ''}`;
  const payload = {
    type: 'schedule.paused',
    timestamp: recorded.at,
    data: {
      object: 'schedule',
      id: schedule.id,
      projectId: schedule.projectId,
      agentId: schedule.agentId,
      refusal: recorded,
    },
  };
  for (const w of webhooks) {
    const id = deliveryId(schedule.id, cause, w.id);
    await db.webhookDelivery.upsert({
      where: { id },
      create: {
        id,
        projectId: schedule.projectId,
        generationId: null,
        scheduleId: schedule.id,
        webhookId: w.id,
        url: w.url,
        event: 'schedule.paused',
        payload,
        status: 'pending',
      },
      update: {},
    });
    await control.deliver(id);
  }
  return recorded;
}
