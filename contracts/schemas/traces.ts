import { z, cursorSchema, idSchema, orNull } from './common.js';
import { forkedFromSchema } from './forks.js';
import { generationStatusSchema, stepEntrySchema, stopReasonSchema } from './generations.js';

export const traceIdSchema = idSchema('agt_trace_', 'a trace');

const usageSchema = z.object({ promptTokens: z.number(), completionTokens: z.number(), totalTokens: z.number() });

/** One generation of a trace with the generations its tool calls started. */
export interface TraceNode {
  generationId: string;
  agentId: string;
  parentGenerationId: string | null;
  /** The parent's tool call that started this generation (null for the root). */
  parentToolCallId: string | null;
  status: z.infer<typeof generationStatusSchema>;
  stopReason: z.infer<typeof stopReasonSchema> | null;
  error: { code: string; message: string } | null;
  createdAt: string;
  completedAt: string | null;
  /** completedAt - createdAt; null while it runs. */
  durationMs: number | null;
  iterationCount: number;
  usage: z.infer<typeof usageSchema>;
  steps: Array<z.infer<typeof stepEntrySchema>>;
  children: TraceNode[];
  /** Set on a fork (docs/fork.md): its origin and the last step it replayed. */
  forkedFrom: z.infer<typeof forkedFromSchema> | null;
  /** The generations forked from this one (they share its trace). */
  forks: TraceNode[];
}

export const traceNodeSchema: z.ZodType<TraceNode> = z
  .object({
    generationId: z.string(),
    agentId: z.string(),
    parentGenerationId: z.string().nullable(),
    parentToolCallId: z.string().nullable(),
    status: generationStatusSchema,
    stopReason: orNull(stopReasonSchema),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
    durationMs: z.number().nullable(),
    iterationCount: z.number(),
    usage: usageSchema,
    steps: z.array(stepEntrySchema),
    children: z.array(z.lazy(() => traceNodeSchema)),
    forkedFrom: orNull(forkedFromSchema),
    forks: z
      .array(z.lazy(() => traceNodeSchema))
      .describe('Generations forked from this one (docs/fork.md), oldest first'),
  })
  .openapi('TraceNode');

/** A trace as listed: its root generation's agent and status. */
export const traceSummarySchema = z
  .object({
    id: z.string(),
    object: z.literal('trace'),
    projectId: z.string(),
    rootGenerationId: z.string(),
    agentId: z.string(),
    status: generationStatusSchema,
    createdAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .openapi('TraceSummary');
export type TraceSummary = z.infer<typeof traceSummarySchema>;

export const traceSchema = traceSummarySchema
  .extend({
    root: traceNodeSchema,
    totals: z.object({
      generations: z.number(),
      steps: z.number(),
      iterations: z.number(),
      usage: usageSchema,
      /** Root's completedAt - createdAt (null while the root runs). */
      durationMs: z.number().nullable(),
    }),
  })
  .openapi('Trace');
export type TraceView = z.infer<typeof traceSchema>;

/**
 * An RFC 3339 date-time as zod checks it: upper-case T and Z, seconds required, no leap second
 * (`format: date-time` alone allows `t`, `z` and `:60`). The document states zod's own pattern.
 */
const dateTimeSchema = z.iso
  .datetime({ offset: true })
  .meta({ pattern: z.core.regexes.datetime({ offset: true }).source });

export const listTracesQuerySchema = z
  .object({
    cursor: cursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    agentId: z.string().max(100).optional().describe("The root generation's agent"),
    status: generationStatusSchema.optional().describe("The root generation's status"),
    createdAfter: dateTimeSchema.optional(),
    createdBefore: dateTimeSchema.optional(),
  })
  .strict();
export type ListTracesQuery = z.infer<typeof listTracesQuerySchema>;
