import type { GenerateRequest, MemoryRecall } from '../../contracts/schemas/index.js';
import type { Db } from '../../infra/db/prisma.js';
import { recallBlock } from './ranking.js';
import { memoryScopeOf, searchMemories } from './store.js';

/** Most memories considered for one recalled block (the token budget usually stops earlier). */
export const RECALL_MAX_MEMORIES = 100;

/** What the model is asked at the start: the prompt, else the last user message given. */
function promptOf(body: GenerateRequest): string {
  if (body.prompt !== undefined) return body.prompt;
  const users = (body.messages ?? []).filter((m) => m.role === 'user');
  return users[users.length - 1]?.content ?? '';
}

/**
 * The agent's `memoryRecall` block for a generation about to start, or null (no setting, no end
 * user, nothing saved). Memories matching the prompt come first, then the others by recency,
 * bounded to `maxTokens` (characters / 4). The block becomes part of the stored initial messages,
 * so a generation records exactly what it was told.
 */
export async function recallForStart(
  db: Db,
  recall: MemoryRecall | undefined,
  start: { projectId: string; agentId: string; channel: string; body: GenerateRequest },
): Promise<string | null> {
  if (!recall) return null;
  const scope = memoryScopeOf({
    projectId: start.projectId,
    agentId: start.agentId,
    channel: start.channel,
    sessionId: start.body.sessionId ?? null,
    endUserId: start.body.endUserId ?? null,
  });
  if (!scope) return null;
  const ranked = await searchMemories(db, scope, promptOf(start.body), {
    limit: RECALL_MAX_MEMORIES,
    requireMatch: false,
  });
  return recallBlock(
    ranked.map((r) => r.memory),
    recall.maxTokens,
  );
}

/** The system prompt's context block with the recalled memories after it. */
export const withRecall = (context: string | null, recalled: string | null): string | null =>
  context && recalled ? `${context}\n\n${recalled}` : (context ?? recalled);
