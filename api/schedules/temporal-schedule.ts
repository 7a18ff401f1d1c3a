import {
  ScheduleNotFoundError,
  ScheduleOverlapPolicy,
  type ScheduleDescription,
  type ScheduleOptions,
  type ScheduleSpec as TemporalSpec,
} from '@temporalio/client';
import { ApiError, notFound, unprocessable } from '../../contracts/errors.js';
import type { ScheduleControl } from '../../domain/schedules/refusal.js';
import { startWebhookDelivery } from '../../infra/temporal/webhook-delivery-start.js';
import {
  scheduledRunKey,
  scheduledRunWorkflowType,
  type ScheduledRunInput,
} from '../../contracts/generation/scheduled-run.js';
import type {
  ScheduledRequest,
  ScheduleOverlap,
  ScheduleRefusal,
  ScheduleSpec,
  ScheduleView,
} from '../../contracts/schemas/index.js';
import type { Schedule } from '../../generated/prisma/client.js';
import { searchAttributeKeys } from '../../workflows/search-attributes.js';
import type { AppContext } from '../context.js';

/** Pausing a schedule and delivering its webhooks through the API's client (domain/schedules/refusal.ts). */
export function scheduleControl(ctx: AppContext): ScheduleControl {
  return {
    pause: async (temporalScheduleId, note) => {
      await onSchedule(() => ctx.temporal.schedule.getHandle(temporalScheduleId).pause(note)).catch((err: unknown) => {
        // A schedule Temporal no longer has runs nothing: nothing to pause.
        if (!(err instanceof ApiError && err.status === 404)) throw err;
      });
    },
    deliver: (deliveryId) =>
      startWebhookDelivery(ctx.temporal, ctx.env.TEMPORAL_TASK_QUEUE, deliveryId, ctx.env.WEBHOOK_MAX_ATTEMPTS),
  };
}

/** Temporal's names of the overlap policies. */
export const overlapPolicies: Record<ScheduleOverlap, ScheduleOverlapPolicy> = {
  skip: ScheduleOverlapPolicy.SKIP,
  buffer_one: ScheduleOverlapPolicy.BUFFER_ONE,
  cancel_other: ScheduleOverlapPolicy.CANCEL_OTHER,
  allow_all: ScheduleOverlapPolicy.ALLOW_ALL,
};

export function temporalSpec(spec: ScheduleSpec): TemporalSpec {
  return {
    cronExpressions: spec.cronExpressions ?? [],
    intervals: (spec.intervals ?? []).map((i) => ({
      every: i.everySeconds * 1000,
      ...(i.offsetSeconds ? { offset: i.offsetSeconds * 1000 } : {}),
    })),
    timezone: spec.timeZone,
  };
}

/** The project's and agent's search attributes: the schedule and its runs show under the project. */
function identityAttributes(row: Pick<Schedule, 'projectId' | 'agentId'>) {
  return [
    { key: searchAttributeKeys.projectId, value: row.projectId },
    { key: searchAttributeKeys.agentId, value: row.agentId },
  ];
}

export function scheduleOptions(
  ctx: AppContext,
  row: Pick<Schedule, 'id' | 'projectId' | 'agentId' | 'temporalScheduleId'>,
  spec: ScheduleSpec,
  overlap: ScheduleOverlap,
  state: { paused: boolean; note?: string | undefined },
): ScheduleOptions {
  const input: ScheduledRunInput = { scheduleId: row.id };
  return {
    scheduleId: row.temporalScheduleId,
    spec: temporalSpec(spec),
    action: {
      type: 'startWorkflow',
      workflowType: scheduledRunWorkflowType,
      // Temporal appends each run's scheduled time: the run's id, and its generation's idempotency key.
      workflowId: `scheduled-run-${row.id}`,
      taskQueue: ctx.env.TEMPORAL_TASK_QUEUE,
      args: [input],
      typedSearchAttributes: identityAttributes(row),
    },
    policies: { overlap: overlapPolicies[overlap] },
    state: { paused: state.paused, ...(state.note ? { note: state.note } : {}) },
    typedSearchAttributes: identityAttributes(row),
    memo: { projectId: row.projectId, agentId: row.agentId, scheduleId: row.id },
  };
}

/** gRPC's INVALID_ARGUMENT status code. */
const GRPC_INVALID_ARGUMENT = 3;

/**
 * What Temporal refuses in a request (a cron expression it cannot parse) is the caller's 422;
 * a schedule Temporal no longer has is a 404; anything else is not the caller's.
 */
export function scheduleError(err: unknown): unknown {
  if (err instanceof ScheduleNotFoundError) return notFound('Schedule');
  // The SDK turns the server's "Invalid schedule spec" answer into a TypeError carrying its reason.
  if (err instanceof TypeError) return unprocessable(`Temporal refused the schedule spec: ${err.message}`);
  const code =
    (err as { code?: number; cause?: { code?: number } }).code ?? (err as { cause?: { code?: number } }).cause?.code;
  if (code === GRPC_INVALID_ARGUMENT) {
    const details =
      (err as { details?: string; cause?: { details?: string } }).details ??
      (err as { cause?: { details?: string } }).cause?.details;
    return unprocessable(`Temporal refused the schedule: ${details ?? (err as Error).message}`);
  }
  return err;
}

/** Runs a call on the Temporal schedule, its errors mapped as scheduleError says. */
export async function onSchedule<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw scheduleError(err);
  }
}

/** The schedule's view: the row, and the state Temporal keeps (paused, note, next and recent runs). */
export async function scheduleView(
  ctx: AppContext,
  row: Schedule,
  described?: ScheduleDescription,
): Promise<ScheduleView> {
  const d = described ?? (await onSchedule(() => ctx.temporal.schedule.getHandle(row.temporalScheduleId).describe()));
  const refusal = (row.refusal as ScheduleRefusal | null) ?? null;
  const runs = d.info.recentActions.map((a) => ({
    scheduledAt: a.scheduledAt.toISOString(),
    startedAt: a.takenAt.toISOString(),
    workflowId: a.action.workflow.workflowId,
    refusal:
      refusal?.runWorkflowId === a.action.workflow.workflowId && refusal.runId === a.action.workflow.firstExecutionRunId
        ? refusal
        : null,
  }));
  const keys = d.info.recentActions.map((a) =>
    scheduledRunKey(a.action.workflow.workflowId, a.action.workflow.firstExecutionRunId),
  );
  const generations = keys.length
    ? await ctx.db.generation.findMany({
        where: { projectId: row.projectId, idempotencyKey: { in: keys } },
        select: { id: true, idempotencyKey: true },
      })
    : [];
  const byKey = new Map(generations.map((g) => [g.idempotencyKey, g.id]));
  const spec = row.spec as ScheduleSpec;
  return {
    id: row.id,
    object: 'schedule',
    projectId: row.projectId,
    agentId: row.agentId,
    request: row.request as ScheduledRequest,
    actsForKeyId: row.requestKeyId,
    refusal,
    spec: {
      cronExpressions: spec.cronExpressions ?? [],
      intervals: (spec.intervals ?? []).map((i) => ({
        everySeconds: i.everySeconds,
        offsetSeconds: i.offsetSeconds ?? 0,
      })),
      timeZone: spec.timeZone,
    },
    overlap: row.overlap as ScheduleOverlap,
    note: d.state.note ? d.state.note : null,
    paused: d.state.paused,
    nextRunTimes: d.state.paused ? [] : d.info.nextActionTimes.slice(0, 10).map((t) => t.toISOString()),
    recentRuns: runs.map((r, i) => ({ ...r, generationId: byKey.get(keys[i]!) ?? null })),
    temporalScheduleId: row.temporalScheduleId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
