import { sessionIdSchema, z } from './common.js';
import { slugSchema } from './agents.js';

export const publicChatParamsSchema = z.object({ slug: slugSchema });

export const publicChatRequestSchema = z
  .object({
    query: z.string().min(1).max(10_000),
    sessionId: sessionIdSchema
      .optional()
      .describe(
        "Continues a conversation of a conversational agent (the `sessionId` of an earlier reply): the model sees the earlier turns, and a pending clarification question is answered by this query. Only sessions opened through this agent's public chat with its current key: any other id is 404. 422 for an agent that is not conversational.",
      ),
    stream: z.boolean().default(false).describe('Answer as server-sent events (also with Accept: text/event-stream).'),
  })
  .strict()
  .openapi('PublicChatRequest');
export type PublicChatRequest = z.infer<typeof publicChatRequestSchema>;

export const publicChatReplySchema = z
  .object({
    status: z
      .enum(['completed', 'clarification', 'pending', 'failed'])
      .describe(
        '`clarification`: the agent asks the visitor a question; `pending`: the turn waits for an operator approval (or a client tool) or is still running; `failed`: the agent could not answer.',
      ),
    answer: z.string().nullable(),
    trace: z.string().describe('The reasoning of the turn, flattened to text (Thought / Action / Observation lines).'),
    toolsUsed: z.array(z.string()),
    sessionId: z
      .string()
      .nullable()
      .describe(
        'The conversation this turn belongs to (conversational agents: send it with the next message); null for a stateless turn.',
      ),
    clarification: z.object({ question: z.string(), reason: z.string().nullable() }).optional(),
    pending: z.object({ reason: z.enum(['approval', 'client_tool', 'running']) }).optional(),
  })
  .openapi('PublicChatReply');
export type PublicChatReply = z.infer<typeof publicChatReplySchema>;

export const publicAgentSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    welcomeMessage: z.string(),
    branding: z.object({ primaryColor: z.string() }),
    conversational: z.boolean(),
  })
  .openapi('PublicAgent');
export type PublicAgent = z.infer<typeof publicAgentSchema>;

export const publicChatEventStream = z.string().openapi('PublicChatEventStream', {
  description:
    'text/event-stream. Events: `session` { sessionId } (first, for a conversational agent), `chunk` { text } (answer text as it is generated), `reset` (discard the text received so far: a model call was retried), `tool` { name } (a tool is being called), `pending` { reason } (waiting for an operator approval; the stream stays open), `clarification` { question, reason }, `done` (the PublicChatReply) and `error` { message }.',
});
