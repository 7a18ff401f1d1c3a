import {
  backfillScheduleSchema,
  createScheduleSchema,
  listResponseSchema,
  pauseScheduleSchema,
  scheduleIdSchema,
  scheduleSchema,
  scheduleSummarySchema,
  updateScheduleSchema,
  z,
} from '../../contracts/schemas/index.js';
import { pageQuery } from '../openapi/params.js';
import { defineRoute } from '../openapi/spec.js';

const scheduleParams = z.object({ scheduleId: scheduleIdSchema });
const scheduleList = listResponseSchema(scheduleSummarySchema, 'ScheduleList');
const one = (p: { scheduleId?: string }) => `schedules/${p.scheduleId}`;

/** The actions on one schedule (pause, resume, trigger, backfill): POST, answering the schedule. */
function scheduleAction<B extends z.ZodType | undefined>(
  operationId: string,
  verb: string,
  summary: string,
  action: string,
  body: B,
  /** 409: the key the runs act for can no longer generate on the agent (docs/schedules.md). */
  errors: number[] = [422],
) {
  return defineRoute({
    operationId,
    method: 'post',
    path: `/v1/schedules/{scheduleId}/${verb}`,
    tag: 'Schedules',
    summary,
    action,
    resource: one,
    params: scheduleParams,
    body,
    status: 200,
    response: scheduleSchema,
    responseDescription: 'The schedule after the action',
    errors,
  });
}

/** Scheduled generations on Temporal Schedules (served by ./schedules.ts; docs/schedules.md). */
export const scheduleRoutes = {
  create: defineRoute({
    operationId: 'createSchedule',
    method: 'post',
    path: '/v1/schedules',
    tag: 'Schedules',
    summary: 'Schedule generations of an agent (cron expressions or intervals)',
    description:
      'Needs agents:CreateSchedule, and agents:CreateAgentGeneration on the agent (each run is a generation of it). A spec Temporal refuses (a bad cron expression) is a 422 and nothing is stored.',
    action: 'agents:CreateSchedule',
    resource: () => 'schedules/*',
    body: createScheduleSchema,
    status: 201,
    response: scheduleSchema,
    responseDescription: 'The schedule, with its next run times',
    errors: [404, 409, 422],
  }),
  list: defineRoute({
    operationId: 'listSchedules',
    method: 'get',
    path: '/v1/schedules',
    tag: 'Schedules',
    summary: "List the project's schedules",
    action: 'agents:ListSchedules',
    resource: () => 'schedules/*',
    query: pageQuery,
    status: 200,
    response: scheduleList,
    responseDescription: 'A page of schedules, newest first (GET one for its spec, state and runs)',
  }),
  get: defineRoute({
    operationId: 'getSchedule',
    method: 'get',
    path: '/v1/schedules/{scheduleId}',
    tag: 'Schedules',
    summary: 'A schedule with its next run times and recent runs',
    action: 'agents:GetSchedule',
    resource: one,
    params: scheduleParams,
    status: 200,
    response: scheduleSchema,
    responseDescription: 'The schedule',
  }),
  update: defineRoute({
    operationId: 'updateSchedule',
    method: 'patch',
    path: '/v1/schedules/{scheduleId}',
    tag: 'Schedules',
    summary: "Change a schedule's request, spec, overlap policy or note (fields given replace)",
    description:
      'Changing `request` also needs agents:CreateAgentGeneration on the agent, and makes this key the one every run acts for (`actsForKeyId`).',
    action: 'agents:UpdateSchedule',
    resource: one,
    params: scheduleParams,
    body: updateScheduleSchema,
    status: 200,
    response: scheduleSchema,
    responseDescription: 'The schedule after the change',
    errors: [422],
  }),
  delete: defineRoute({
    operationId: 'deleteSchedule',
    method: 'delete',
    path: '/v1/schedules/{scheduleId}',
    tag: 'Schedules',
    summary: 'Delete a schedule (runs in progress continue)',
    action: 'agents:DeleteSchedule',
    resource: one,
    params: scheduleParams,
    status: 204,
    response: undefined,
    responseDescription: 'Deleted',
  }),
  pause: scheduleAction('pauseSchedule', 'pause', 'Pause a schedule', 'agents:UpdateSchedule', pauseScheduleSchema),
  resume: scheduleAction(
    'resumeSchedule',
    'resume',
    'Resume a paused schedule (409 while the key its runs act for can no longer generate on the agent)',
    'agents:UpdateSchedule',
    pauseScheduleSchema,
    [409, 422],
  ),
  trigger: scheduleAction(
    'triggerSchedule',
    'trigger',
    'Run the schedule now (its overlap policy applies; needs agents:CreateAgentGeneration on the agent too)',
    'agents:TriggerSchedule',
    undefined,
    [409, 422],
  ),
  backfill: scheduleAction(
    'backfillSchedule',
    'backfill',
    'Run the times the spec gives in a past window (at most 1,000; needs agents:CreateAgentGeneration on the agent too)',
    'agents:TriggerSchedule',
    backfillScheduleSchema,
    [409, 422],
  ),
};
