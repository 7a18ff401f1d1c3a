import {
  MEMORY_CONTENT_MAX_CHARS,
  MEMORY_QUERY_MAX_CHARS,
  MEMORY_SEARCH_DEFAULT_RESULTS,
  MEMORY_SEARCH_MAX_RESULTS,
} from '../builtins/memory.js';
import { z, agentIdSchema, cursorSchema, memoryIdSchema } from './common.js';

/**
 * Who a generation talks to, as the caller names it: the scope of long-term memory
 * (docs/memory.md). No `:`, so a caller can never name a public-chat visitor
 * (`public_chat:<sessionId>`).
 */
export const END_USER_ID_PATTERN = /^[A-Za-z0-9._@+-]{1,200}$/;
export const endUserIdSchema = z
  .string()
  .regex(END_USER_ID_PATTERN, 'must be 1-200 letters, digits, dots, dashes, underscores, @ or +')
  .openapi({ example: 'user-1042' });

/** A memory's end user as the API shows and filters it: a caller's id or a public-chat visitor. */
export const memoryEndUserSchema = z
  .string()
  .regex(/^([A-Za-z0-9._@+-]{1,200}|public_chat:ses_[0-9a-zA-Z]{8,64})$/, 'must be an endUserId or public_chat:ses_…')
  .describe('The `endUserId` the generations were started with, or `public_chat:<sessionId>` for a visitor.');

export const MEMORY_RECALL_MAX_TOKENS = 4000;

export const memoryRecallSchema = z
  .object({
    maxTokens: z
      .number()
      .int()
      .min(50)
      .max(MEMORY_RECALL_MAX_TOKENS)
      .default(500)
      .describe('Budget of the recalled block, in tokens counted as characters / 4'),
  })
  .strict()
  .openapi('MemoryRecall', {
    description:
      "Injects the end user's most relevant memories (ranked against the prompt, then by recency) into the system prompt at the start of each generation that has an end user.",
  });
export type MemoryRecall = z.infer<typeof memoryRecallSchema>;

const contentSchema = z.string().min(1).max(MEMORY_CONTENT_MAX_CHARS);

export const memorySchema = z
  .object({
    id: z.string(),
    object: z.literal('memory'),
    projectId: z.string(),
    agentId: z.string(),
    endUserId: z.string(),
    content: z.string(),
    generationId: z.string().nullable().describe('The generation whose memory_save wrote it'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('LongTermMemory');
export type MemoryView = z.infer<typeof memorySchema>;

export const listMemoriesQuerySchema = z
  .object({
    cursor: cursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    agentId: agentIdSchema.optional(),
    endUserId: memoryEndUserSchema.optional(),
  })
  .strict();

export const searchMemoriesSchema = z
  .object({
    agentId: agentIdSchema,
    endUserId: memoryEndUserSchema,
    query: z.string().min(1).max(MEMORY_QUERY_MAX_CHARS),
    limit: z.number().int().min(1).max(MEMORY_SEARCH_MAX_RESULTS).default(MEMORY_SEARCH_DEFAULT_RESULTS),
  })
  .strict()
  .openapi('SearchMemories', {
    description: 'Searches one scope (agent and end user) as the memory_search tool does.',
  });
export type SearchMemories = z.infer<typeof searchMemoriesSchema>;

export const memorySearchResultSchema = z
  .object({
    data: z.array(
      memorySchema.extend({
        score: z.number().describe('Full-text rank (ts_rank_cd, normalised to [0, 1)) plus the recency bonus'),
      }),
    ),
  })
  .openapi('MemorySearchResult');

export const patchMemorySchema = z.object({ content: contentSchema }).strict().openapi('PatchMemory');
export type PatchMemory = z.infer<typeof patchMemorySchema>;

export const memoryParams = z.object({ memoryId: memoryIdSchema });
