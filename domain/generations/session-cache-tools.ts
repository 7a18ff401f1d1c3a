import type { LoopPlan } from '../../contracts/generation/index.js';
import type { GenerationSnapshot, SnapshotTool } from '../../contracts/snapshot.js';

const builtin = (name: string, description: string, parameters: Record<string, unknown>): SnapshotTool => ({
  id: `builtin:${name}`,
  type: 'builtin',
  name,
  description,
  parameters,
  execute: null,
  timeoutSeconds: 30,
  readOnly: true,
  maxResultChars: 50_000,
});

/** The session tool cache builtins, offered on every step of a generation that runs in a session. */
export const sessionCacheTools: SnapshotTool[] = [
  builtin(
    'session_cache_list',
    'List the most recent tool results stored in this conversation (id, tool, arguments, size, time). Check it before calling a tool again: an earlier result may already answer the question.',
    { type: 'object', properties: { tool: { type: 'string', description: 'Only results of this tool' } } },
  ),
  builtin(
    'session_cache_get',
    'Read a stored tool result of this conversation by id; use offset and limit (characters) for large results.',
    {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'The cache id (stc_…)' },
        offset: { type: 'integer', minimum: 0 },
        limit: { type: 'integer', minimum: 1, maximum: 10000 },
      },
      required: ['id'],
    },
  ),
];

/** Adds the cache builtins to a session generation's snapshot and plan (unless the agent already shows those names). */
export function offerSessionCache(snapshot: GenerationSnapshot, plan: LoopPlan): void {
  for (const tool of sessionCacheTools) {
    if (plan.tools.some((t) => t.name === tool.name)) continue;
    snapshot.tools.push(tool);
    plan.tools.push({
      id: tool.id,
      name: tool.name,
      type: 'builtin',
      readOnly: true,
      hasExecutor: true,
      timeoutSeconds: tool.timeoutSeconds,
      alwaysOffered: true,
    });
  }
}
