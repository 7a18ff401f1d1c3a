import {
  MEMORY_CONTENT_MAX_CHARS,
  MEMORY_SCOPE_MAX_ENTRIES,
  MEMORY_SEARCH_DEFAULT_RESULTS,
  MEMORY_SEARCH_MAX_RESULTS,
} from '../../contracts/builtins/memory.js';
import { isIdOf } from '../../contracts/ids.js';
import {
  forgetMemory,
  generationMemoryScope,
  saveMemory,
  searchMemories,
  type MemoryScope,
} from '../../domain/memory/store.js';
import { builtinError, builtinSuccess, type BuiltinCall, type BuiltinResult } from './context.js';

/** memory_save, memory_search and memory_forget (docs/memory.md): one scope per generation. */

const NO_END_USER =
  'Long-term memory is not available in this conversation: the generation has no end user (start it with endUserId, or through a conversational public chat)';

async function withScope(call: BuiltinCall, run: (scope: MemoryScope) => Promise<BuiltinResult>) {
  const scope = await generationMemoryScope(call.db, call.generationId);
  return scope ? run(scope) : builtinError(NO_END_USER);
}

export function runMemorySave(call: BuiltinCall): Promise<BuiltinResult> {
  const content = call.arguments.content;
  if (typeof content !== 'string' || !content.trim())
    return Promise.resolve(builtinError('content must be a non-empty string'));
  if (content.length > MEMORY_CONTENT_MAX_CHARS)
    return Promise.resolve(builtinError(`content is longer than ${MEMORY_CONTENT_MAX_CHARS} characters`));
  return withScope(call, async (scope) => {
    const saved = await saveMemory(call.db, scope, content.trim(), {
      generationId: call.generationId,
      toolCallId: call.toolCallId,
    });
    if ('full' in saved)
      return builtinError(
        `This user already has ${MEMORY_SCOPE_MAX_ENTRIES} memories: forget some (memory_search, memory_forget) before saving more`,
      );
    return builtinSuccess({ saved: true, memoryId: saved.memory.id });
  });
}

export function runMemorySearch(call: BuiltinCall): Promise<BuiltinResult> {
  const { query, limit } = call.arguments;
  if (typeof query !== 'string' || !query.trim())
    return Promise.resolve(builtinError('query must be a non-empty string'));
  if (
    limit !== undefined &&
    (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MEMORY_SEARCH_MAX_RESULTS)
  )
    return Promise.resolve(builtinError(`limit must be an integer from 1 to ${MEMORY_SEARCH_MAX_RESULTS}`));
  return withScope(call, async (scope) => {
    const hits = await searchMemories(call.db, scope, query, {
      limit: (limit as number | undefined) ?? MEMORY_SEARCH_DEFAULT_RESULTS,
      requireMatch: true,
    });
    return builtinSuccess({
      memories: hits.map(({ memory, score }) => ({
        memoryId: memory.id,
        content: memory.content,
        savedAt: memory.updatedAt.toISOString(),
        score: Math.round(score * 10_000) / 10_000,
      })),
    });
  });
}

export function runMemoryForget(call: BuiltinCall): Promise<BuiltinResult> {
  const memoryId = call.arguments.memoryId;
  if (typeof memoryId !== 'string' || !isIdOf('memory', memoryId))
    return Promise.resolve(builtinError('memoryId must be a memory id (mem_…) from memory_search'));
  return withScope(call, async (scope) =>
    (await forgetMemory(call.db, scope, memoryId, { generationId: call.generationId, toolCallId: call.toolCallId }))
      ? builtinSuccess({ forgotten: true, memoryId })
      : builtinError(`No memory ${memoryId} for this user (already forgotten, or never saved)`),
  );
}
