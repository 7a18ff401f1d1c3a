import { ApplicationFailure } from '@temporalio/activity';
import { z } from 'zod';
import type { GenerationSnapshot } from '../../contracts/snapshot.js';
import type { Db } from '../../infra/db/prisma.js';
import type { KnowledgeService } from '../../domain/knowledge/search.js';

/** The knowledge_search builtin's arguments, as the model sends them. */
const argumentsSchema = z.object({
  query: z.string().min(1).max(2000),
  topK: z.number().int().min(1).max(20).default(5),
  knowledgeBaseNames: z.array(z.string()).max(32).optional(),
});

const result = (status: 'success' | 'error', body: unknown) => ({ status, content: JSON.stringify(body) });

/**
 * Runs the knowledge_search builtin over the knowledge bases the generation started with. Read-only;
 * the hits (with citations) are the tool result, so the trace's observe entry shows them.
 */
export async function runKnowledgeSearch(
  service: KnowledgeService,
  db: Db,
  generationId: string,
  snapshot: GenerationSnapshot,
  args: unknown,
): Promise<{ status: 'success' | 'error'; content: string }> {
  const parsed = argumentsSchema.safeParse(args);
  if (!parsed.success)
    return result('error', {
      error: 'Invalid arguments for knowledge_search',
      issues: parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`),
    });
  const linked = snapshot.knowledgeBases ?? [];
  const names = parsed.data.knowledgeBaseNames;
  const unknown = (names ?? []).filter((n) => !linked.some((kb) => kb.name === n));
  if (unknown.length)
    return result('error', {
      error: `Unknown knowledge base names: ${unknown.join(', ')}`,
      available: linked.map((kb) => kb.name),
    });
  const chosen = names?.length ? linked.filter((kb) => names.includes(kb.name)) : linked;
  const { projectId } = await db.generation.findUniqueOrThrow({
    where: { id: generationId },
    select: { projectId: true },
  });
  let found;
  try {
    found = await service.search({
      projectId,
      knowledgeBaseIds: chosen.map((kb) => kb.id),
      query: parsed.data.query,
      topK: parsed.data.topK,
    });
  } catch (err) {
    // A provider that refuses the query embedding is the model's to know about; transient errors retry.
    if (err instanceof ApplicationFailure && err.nonRetryable) return result('error', { error: err.message });
    throw err;
  }
  return result('success', {
    strategy: found.strategy,
    hits: found.hits.map((h) => ({
      documentId: h.documentId,
      documentTitle: h.documentTitle,
      knowledgeBase: h.knowledgeBaseName,
      chunkIndex: h.chunkIndex,
      startOffset: h.startOffset,
      endOffset: h.endOffset,
      score: h.score,
      excerpt: h.excerpt,
    })),
  });
}
