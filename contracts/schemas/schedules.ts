import { agentIdSchema, orNull, UNPROCESSABLE_RULE, z } from './common.js';
import { generateRequestFields } from './generations.js';

/**
 * Scheduled generations (docs/schedules.md): a Temporal schedule runs the agent with a stored
 * generate request. Delivery fields make no sense without a caller waiting (`async`, `stream`,
 * `waitSeconds`), `queue`/`multitaskStrategy` are the agent's (its multitaskStrategy, else a busy
 * session refuses the run), and a `callbackUrl`'s
 * signing secret is shown only to the request that creates a generation, which no one sees.
 */
export const scheduledRequestSchema = generateRequestFields
  .omit({ async: true, stream: true, waitSeconds: true, queue: true, multitaskStrategy: true, callbackUrl: true })
  .refine((v) => v.prompt !== undefined || (v.messages !== undefined && v.messages.length > 0), {
    message: 'prompt and/or messages is required',
    path: ['prompt'],
  })
  .openapi('ScheduledGenerateRequest', {
    allOf: [
      { anyOf: [{ required: ['prompt'] }, { required: ['messages'], properties: { messages: { minItems: 1 } } }] },
    ],
  });
export type ScheduledRequest = z.infer<typeof scheduledRequestSchema>;

/** True when `zone` is an IANA time zone this runtime knows (Temporal's server uses the same database). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const MAX_INTERVAL_SECONDS = 366 * 24 * 3600;

export const scheduleIntervalSchema = z
  .object({
    everySeconds: z.number().int().min(1).max(MAX_INTERVAL_SECONDS).openapi({ example: 3600 }),
    offsetSeconds: z
      .number()
      .int()
      .min(0)
      .max(MAX_INTERVAL_SECONDS)
      .optional()
      .describe('Shifts each run within its interval (must be less than everySeconds)'),
  })
  .strict()
  .refine((v) => v.offsetSeconds === undefined || v.offsetSeconds < v.everySeconds, {
    message: 'offsetSeconds must be less than everySeconds',
    path: ['offsetSeconds'],
    params: UNPROCESSABLE_RULE,
  })
  .openapi('ScheduleInterval');

export const scheduleSpecSchema = z
  .object({
    cronExpressions: z
      .array(z.string().min(1).max(200).openapi({ example: '0 9 * * MON-FRI' }))
      .max(10)
      .optional()
      .describe('Standard five-field cron expressions (Temporal syntax), read in timeZone'),
    intervals: z.array(scheduleIntervalSchema).max(10).optional(),
    timeZone: z
      .string()
      .min(1)
      .max(64)
      .refine(isTimeZone, { message: 'must be an IANA time zone (e.g. Europe/Paris)', params: UNPROCESSABLE_RULE })
      .default('UTC')
      .openapi({ example: 'Europe/Paris' }),
  })
  .strict()
  .refine((v) => (v.cronExpressions?.length ?? 0) + (v.intervals?.length ?? 0) > 0, {
    message: 'give at least one cron expression or interval',
    path: ['intervals'],
    params: UNPROCESSABLE_RULE,
  })
  .openapi('ScheduleSpec');
export type ScheduleSpec = z.infer<typeof scheduleSpecSchema>;

export const scheduleOverlapSchema = z
  .enum(['skip', 'buffer_one', 'cancel_other', 'allow_all'])
  .describe(
    'When a run is due while the previous one is still running: skip it, buffer one to run after, cancel the running one, or run both',
  );
export type ScheduleOverlap = z.infer<typeof scheduleOverlapSchema>;

const noteSchema = z.string().max(1000);

export const createScheduleSchema = z
  .object({
    agentId: agentIdSchema,
    request: scheduledRequestSchema,
    spec: scheduleSpecSchema,
    overlap: scheduleOverlapSchema.default('skip'),
    note: noteSchema.optional(),
    paused: z.boolean().default(false).describe('Create the schedule paused (resume it to start running)'),
  })
  .strict()
  .openapi('CreateSchedule');
export type CreateScheduleRequest = z.infer<typeof createScheduleSchema>;

export const updateScheduleSchema = z
  .object({
    request: scheduledRequestSchema.optional(),
    spec: scheduleSpecSchema.optional(),
    overlap: scheduleOverlapSchema.optional(),
    note: noteSchema.nullable().optional().describe('null clears it'),
  })
  .strict()
  .openapi('UpdateSchedule');
export type UpdateScheduleRequest = z.infer<typeof updateScheduleSchema>;

export const pauseScheduleSchema = z
  .object({ note: noteSchema.optional().describe('Why; kept as the schedule note') })
  .strict()
  .openapi('PauseSchedule');

export const backfillScheduleSchema = z
  .object({
    start: z.iso.datetime({ offset: true }).openapi({ example: '2026-12-01T00:00:00Z' }),
    end: z.iso.datetime({ offset: true }).openapi({ example: '2026-12-01T01:00:00Z' }),
    overlap: scheduleOverlapSchema
      .optional()
      .describe("Default: the schedule's own overlap policy. A window of more than 1,000 times is refused (422)."),
  })
  .strict()
  .refine((v) => Date.parse(v.start) < Date.parse(v.end), {
    message: 'start must be before end',
    path: ['end'],
    params: UNPROCESSABLE_RULE,
  })
  .openapi('BackfillSchedule');
export type BackfillScheduleRequest = z.infer<typeof backfillScheduleSchema>;

/** Why a run was refused: the key it acts for was revoked or lost the right (docs/security.md, "Deferred work"). */
export const scheduleRefusalSchema = z
  .object({
    code: z.enum(['principal_missing', 'principal_revoked', 'principal_not_allowed']),
    message: z.string(),
    at: z.string(),
    keyId: z.string().nullable().describe('The API key the schedule acted for'),
    runWorkflowId: z.string().nullable().describe('The refused run (null: paused when the key was revoked)'),
    runId: z.string().nullable(),
  })
  .openapi('ScheduleRefusal');
export type ScheduleRefusal = z.infer<typeof scheduleRefusalSchema>;

export const scheduleRunSchema = z
  .object({
    scheduledAt: z.string(),
    startedAt: z.string(),
    workflowId: z.string().describe("The run's workflow (it creates the generation and waits for it)"),
    generationId: z.string().nullable().describe('null until the run has stored its generation'),
    refusal: orNull(scheduleRefusalSchema).describe('Set when the run was refused for its key: it stored nothing'),
  })
  .openapi('ScheduleRun');

/** The spec as a schedule shows it (defaults filled in); named apart from the request's ScheduleSpec. */
const scheduleSpecViewSchema = z
  .object({
    cronExpressions: z.array(z.string()),
    intervals: z.array(
      z.object({ everySeconds: z.number(), offsetSeconds: z.number() }).openapi('ScheduleIntervalView'),
    ),
    timeZone: z.string(),
  })
  .openapi('ScheduleSpecView');

export const scheduleSchema = z
  .object({
    id: z.string(),
    object: z.literal('schedule'),
    projectId: z.string(),
    agentId: z.string(),
    request: scheduledRequestSchema,
    actsForKeyId: z
      .string()
      .nullable()
      .describe('The API key every run acts for: the one that last set `request`, checked when each run starts'),
    refusal: orNull(scheduleRefusalSchema).describe(
      'The last refusal for the key (the schedule paused itself); cleared when `request` is set again',
    ),
    spec: scheduleSpecViewSchema,
    overlap: scheduleOverlapSchema,
    note: z.string().nullable(),
    paused: z.boolean(),
    nextRunTimes: z.array(z.string()).describe('Up to 10 upcoming times (empty while paused)'),
    recentRuns: z.array(scheduleRunSchema).describe('The latest runs Temporal keeps (up to 10), oldest first'),
    temporalScheduleId: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Schedule');
export type ScheduleView = z.infer<typeof scheduleSchema>;

export const scheduleSummarySchema = scheduleSchema
  .omit({ nextRunTimes: true, recentRuns: true, spec: true, overlap: true, note: true, paused: true })
  .openapi('ScheduleSummary');
export type ScheduleSummaryView = z.infer<typeof scheduleSummarySchema>;
