import { z, agentIdSchema, cursorSchema, orNull } from './common.js';
import { generationStatusSchema, stopReasonSchema } from './generations.js';

const usageSchema = z.object({ promptTokens: z.number(), completionTokens: z.number(), totalTokens: z.number() });

/** A conversation with one agent; its turns are generations run one at a time. */
export const sessionSchema = z
  .object({
    id: z.string(),
    object: z.literal('session'),
    projectId: z.string(),
    agentId: z.string(),
    sessionKey: z.string().nullable().describe("The caller's own id of the conversation (generate's sessionKey)"),
    turnCount: z.number().describe('Turns started or queued so far'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Session');
export type SessionView = z.infer<typeof sessionSchema>;

export const sessionTurnSchema = z
  .object({
    turn: z.number(),
    generationId: z.string(),
    status: generationStatusSchema,
    stopReason: orNull(stopReasonSchema),
    prompt: z.string().nullable().describe('The user input of the turn'),
    text: z.string().nullable(),
    usage: usageSchema,
    createdAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .openapi('SessionTurn');

export const sessionDetailSchema = sessionSchema
  .extend({
    turns: z.array(sessionTurnSchema),
    usage: usageSchema.describe('Totals over every turn'),
    activeGenerationId: z.string().nullable().describe('The turn running or paused now, if any'),
  })
  .openapi('SessionDetail');
export type SessionDetailView = z.infer<typeof sessionDetailSchema>;

/** One message of a session's stored conversation (whole, whatever the memory strategy sends). */
export const sessionMessageSchema = z
  .object({
    turn: z.number(),
    generationId: z.string(),
    role: z.enum(['system', 'user', 'assistant', 'tool']),
    content: z.string().nullable(),
    toolCalls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.unknown() })).optional(),
    toolCallId: z.string().optional(),
    createdAt: z.string(),
  })
  .openapi('SessionMessage');
export type SessionMessageView = z.infer<typeof sessionMessageSchema>;

export const listSessionsQuerySchema = z
  .object({
    cursor: cursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    agentId: agentIdSchema.optional(),
    sessionKey: z.string().max(200).optional().describe('Only the session with this key (with agentId: at most one)'),
  })
  .strict();
