import { z } from 'zod';
import type { BuiltinDefinition } from './types.js';

/** Longest memory (characters): a fact about the user, not a document. */
export const MEMORY_CONTENT_MAX_CHARS = 2000;
/** Most memories one scope (project, agent, end user) keeps; a save beyond it is refused. */
export const MEMORY_SCOPE_MAX_ENTRIES = 1000;
export const MEMORY_SEARCH_MAX_RESULTS = 20;
export const MEMORY_SEARCH_DEFAULT_RESULTS = 5;
/** Longest query: the first this many characters are searched. */
export const MEMORY_QUERY_MAX_CHARS = 2000;

const noConfig = z.object({}).strict();

const scopeNote =
  'Memories belong to the end user this conversation is with (the `endUserId` of the request, or the ' +
  'public-chat conversation) and to this agent; without an end user the tool refuses.';

export const memorySaveBuiltin: BuiltinDefinition = {
  name: 'memory_save',
  description:
    'Remember one durable fact about the user for later conversations (a preference, a detail they told you). ' +
    `Save short, self-contained statements. ${scopeNote}`,
  parameters: {
    type: 'object',
    properties: {
      content: {
        type: 'string',
        minLength: 1,
        maxLength: MEMORY_CONTENT_MAX_CHARS,
        description: 'The fact to remember, e.g. "Prefers vegetarian dishes"',
      },
    },
    required: ['content'],
    additionalProperties: false,
  },
  config: noConfig,
  limits: `At most ${MEMORY_CONTENT_MAX_CHARS} characters per memory and ${MEMORY_SCOPE_MAX_ENTRIES} memories per agent and end user; a retried call saves once.`,
};

export const memorySearchBuiltin: BuiltinDefinition = {
  name: 'memory_search',
  description:
    'Search what you remember about the user: the best-matching memories (full-text, newer first among equals), ' +
    `each with its id. ${scopeNote}`,
  parameters: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: MEMORY_QUERY_MAX_CHARS, description: 'What to look for' },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MEMORY_SEARCH_MAX_RESULTS,
        default: MEMORY_SEARCH_DEFAULT_RESULTS,
        description: 'How many memories at most',
      },
    },
    required: ['query'],
    additionalProperties: false,
  },
  config: noConfig,
  limits: `Full-text search (words matched as prefixes, any word) ranked with a small recency bonus; at most ${MEMORY_SEARCH_MAX_RESULTS} results.`,
};

export const memoryForgetBuiltin: BuiltinDefinition = {
  name: 'memory_forget',
  description: `Forget one memory about the user, by the id memory_search (or the recalled memories) showed. ${scopeNote}`,
  parameters: {
    type: 'object',
    properties: { memoryId: { type: 'string', pattern: '^mem_[0-9a-zA-Z]{8,64}$', description: 'The memory id' } },
    required: ['memoryId'],
    additionalProperties: false,
  },
  config: noConfig,
  limits: 'Deletes only a memory of this agent and end user; any other id is refused as unknown.',
};
