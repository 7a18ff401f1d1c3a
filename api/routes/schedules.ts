import type { Router } from 'express';
import { ApiError, conflict, notFound, unprocessable } from '../../contracts/errors.js';
import { newId } from '../../contracts/ids.js';
import type { ScheduleSpec, ScheduleSummaryView, ScheduleOverlap } from '../../contracts/schemas/index.js';
import { Prisma, type Schedule } from '../../generated/prisma/client.js';
import { agentFilter, checkAgentNotDenied, deniedAgentIds } from '../../domain/generation-access.js';
import { listPage } from '../../domain/pagination.js';
import { authorityNow, checkMayGenerate, generateRight } from '../../domain/deferred-authority.js';
import { countBackfillRuns, MAX_BACKFILL_RUNS } from '../schedules/backfill-bound.js';
import type { AppContext } from '../context.js';
import type { AuthInfo } from '../http.js';
import { ApiRouter } from '../routing.js';
import {
  onSchedule,
  overlapPolicies,
  scheduleOptions,
  scheduleView,
  temporalSpec,
} from '../schedules/temporal-schedule.js';
import { scheduleRoutes } from './schedules.operations.js';

function summaryView(row: Schedule): ScheduleSummaryView {
  return {
    id: row.id,
    object: 'schedule',
    projectId: row.projectId,
    agentId: row.agentId,
    request: row.request as ScheduleSummaryView['request'],
    actsForKeyId: row.requestKeyId,
    refusal: (row.refusal as ScheduleSummaryView['refusal']) ?? null,
    temporalScheduleId: row.temporalScheduleId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Scheduled generations (/v1/schedules; docs/schedules.md). */
export function schedulesRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/schedules', ctx);

  /** The schedule in the key's project, or 404; 403 when the key is denied `action` on its agent. */
  const find = async (auth: AuthInfo, action: string, id: string): Promise<Schedule> => {
    const row = await ctx.db.schedule.findFirst({ where: { id, projectId: auth.projectId } });
    if (!row) throw notFound('Schedule');
    checkAgentNotDenied(auth, action, row.agentId);
    return row;
  };
  const handleOf = (row: Schedule) => ctx.temporal.schedule.getHandle(row.temporalScheduleId);
  /** 409 while the key the runs act for can no longer generate: a run now would only be refused. */
  const checkPrincipalHolds = async (row: Schedule) => {
    const authority = await authorityNow(
      ctx.db,
      { projectId: row.projectId, keyId: row.requestKeyId },
      generateRight(row.projectId, row.agentId),
    );
    if (!authority.ok)
      throw conflict(
        `${authority.message}: set the schedule's request again with a key that may generate on the agent`,
        {
          reason: authority.code,
        },
      );
  };

  r.add(scheduleRoutes.create, async ({ auth, action, body }) => {
    checkAgentNotDenied(auth, action, body.agentId);
    checkMayGenerate(auth, body.agentId, 'Scheduling');
    const agent = await ctx.db.agent.findFirst({ where: { id: body.agentId, projectId: auth.projectId } });
    if (!agent) throw notFound('Agent');
    const id = newId('schedule');
    const row = { id, projectId: auth.projectId, agentId: agent.id, temporalScheduleId: `schedule-${id}` };
    // Temporal first: a spec it refuses leaves nothing behind. A run of a schedule whose row is
    // missing (the insert below failed) creates nothing (activities/scheduled-runs.ts).
    const options = scheduleOptions(ctx, row, body.spec, body.overlap, { paused: body.paused, note: body.note });
    const handle = await onSchedule(() => ctx.temporal.schedule.create(options));
    let stored: Schedule;
    try {
      stored = await ctx.db.schedule.create({
        data: {
          ...row,
          request: body.request as object,
          spec: body.spec as object,
          overlap: body.overlap,
          createdByKeyId: auth.keyId,
          requestKeyId: auth.keyId,
        },
      });
    } catch (err) {
      await handle.delete().catch(() => undefined);
      throw err;
    }
    return scheduleView(ctx, stored);
  });

  r.add(scheduleRoutes.list, async ({ auth, action, query: q }) => {
    const denied = await deniedAgentIds(ctx, auth, action);
    const where = { projectId: auth.projectId, ...agentFilter(denied) };
    return listPage(
      q,
      ({ after, ...window }) => ctx.db.schedule.findMany({ where: { ...where, ...after }, ...window }),
      summaryView,
    );
  });

  r.add(scheduleRoutes.get, async ({ auth, action, params }) =>
    scheduleView(ctx, await find(auth, action, params.scheduleId)),
  );

  r.add(scheduleRoutes.update, async ({ auth, action, params, body }) => {
    const row = await find(auth, action, params.scheduleId);
    // Choosing what runs is choosing what the runs do: the editor needs the generate right, and
    // its key is the one the runs act for from now on (docs/security.md, "Deferred work").
    if (body.request) checkMayGenerate(auth, row.agentId, "Changing a schedule's request");
    const spec = body.spec ?? (row.spec as ScheduleSpec);
    const overlap = body.overlap ?? (row.overlap as ScheduleOverlap);
    const rebuilt = scheduleOptions(ctx, row, spec, overlap, { paused: false });
    // Temporal first: a refused spec changes nothing.
    await onSchedule(() =>
      handleOf(row).update((prev) => ({
        ...prev,
        spec: temporalSpec(spec),
        action: rebuilt.action,
        policies: { ...prev.policies, overlap: overlapPolicies[overlap] },
        state: {
          ...prev.state,
          ...(body.note !== undefined ? { note: body.note ?? '' } : {}),
        },
      })),
    );
    const updated = await ctx.db.schedule.update({
      where: { id: row.id },
      data: {
        ...(body.request ? { request: body.request as object, requestKeyId: auth.keyId, refusal: Prisma.DbNull } : {}),
        ...(body.spec ? { spec: body.spec as object } : {}),
        ...(body.overlap ? { overlap: body.overlap } : {}),
      },
    });
    return scheduleView(ctx, updated);
  });

  r.add(scheduleRoutes.delete, async ({ auth, action, params }) => {
    const row = await find(auth, action, params.scheduleId);
    // Gone from Temporal already (an earlier delete that died before the row went): delete the row.
    await onSchedule(() => handleOf(row).delete()).catch((err: unknown) => {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    });
    await ctx.db.schedule.delete({ where: { id: row.id } });
  });

  r.add(scheduleRoutes.pause, async ({ auth, action, params, body }) => {
    const row = await find(auth, action, params.scheduleId);
    await onSchedule(() => handleOf(row).pause(body.note));
    return scheduleView(ctx, row);
  });

  r.add(scheduleRoutes.resume, async ({ auth, action, params, body }) => {
    const row = await find(auth, action, params.scheduleId);
    await checkPrincipalHolds(row);
    await onSchedule(() => handleOf(row).unpause(body.note));
    return scheduleView(ctx, row);
  });

  r.add(scheduleRoutes.trigger, async ({ auth, action, params }) => {
    const row = await find(auth, action, params.scheduleId);
    checkMayGenerate(auth, row.agentId, 'Triggering a schedule');
    await checkPrincipalHolds(row);
    // The schedule's own policy (the SDK's default for a trigger would be allow_all).
    await onSchedule(() => handleOf(row).trigger(overlapPolicies[row.overlap as ScheduleOverlap]));
    return scheduleView(ctx, row);
  });

  r.add(scheduleRoutes.backfill, async ({ auth, action, params, body }) => {
    const row = await find(auth, action, params.scheduleId);
    checkMayGenerate(auth, row.agentId, 'Backfilling a schedule');
    await checkPrincipalHolds(row);
    const start = new Date(body.start);
    const end = new Date(body.end);
    // Counted before anything starts: a window of more runs than the bound starts none.
    const runs = await countBackfillRuns(ctx.temporal, ctx.env.TEMPORAL_NAMESPACE, row.temporalScheduleId, start, end);
    if (runs > MAX_BACKFILL_RUNS)
      throw unprocessable(
        `The window holds more than ${MAX_BACKFILL_RUNS} run times (${runs} counted before stopping); backfill a shorter window`,
        { path: 'body.end', runs, maxRuns: MAX_BACKFILL_RUNS },
      );
    await onSchedule(() =>
      handleOf(row).backfill({
        start,
        end,
        // The schedule's own policy unless the request names one.
        overlap: overlapPolicies[body.overlap ?? (row.overlap as ScheduleOverlap)],
      }),
    );
    return scheduleView(ctx, row);
  });

  return r.router;
}
