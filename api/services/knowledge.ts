import { ApplicationFailure } from '@temporalio/common';
import { ApiError } from '../../contracts/errors.js';
import { startIngestion as startDocumentIngestion, type IngestionStarter } from '../../domain/knowledge/documents.js';
import { createEmbedder } from '../../domain/knowledge/embedder.js';
import { KnowledgeService, type SearchRequest } from '../../domain/knowledge/search.js';
import type { KbDocument } from '../../generated/prisma/client.js';
import type { SearchResult } from '../../contracts/schemas/index.js';
import type { AppContext } from '../context.js';
import { outboundOf } from './outbound.js';

/**
 * The API's side of knowledge bases: the search service (also what platform actions such as
 * search-documents / get-document call) and the hand-off of documents to their ingestion workflows.
 */

const services = new WeakMap<AppContext, KnowledgeService>();

/** One service per app; query embeddings go through the provider dispatcher. */
export function knowledgeService(ctx: AppContext): KnowledgeService {
  let s = services.get(ctx);
  if (!s) {
    const dispatcher = outboundOf(ctx).provider;
    s = new KnowledgeService(ctx.db, createEmbedder({ secrets: ctx.secrets, dispatcher, timeoutMs: 30_000 }));
    services.set(ctx, s);
  }
  return s;
}

/** Search for API callers: an embeddings provider failure is a 502 naming the provider's answer. */
export async function searchKnowledge(ctx: AppContext, req: SearchRequest): Promise<SearchResult> {
  try {
    return await knowledgeService(ctx).search(req);
  } catch (err) {
    if (err instanceof ApplicationFailure || (err instanceof Error && /embeddings endpoint/.test(err.message)))
      throw new ApiError(502, 'upstream_error', `Embedding the query failed: ${err.message}`);
    throw err;
  }
}

/** Where this API process starts ingestion workflows (domain/knowledge/documents.ts). */
export function ingestionStarter(ctx: AppContext): IngestionStarter {
  return {
    client: ctx.temporal,
    taskQueue: ctx.env.TEMPORAL_TASK_QUEUE,
    onStartFailed: (err, documentId) =>
      ctx.logger.error({ err, documentId }, 'could not start the document ingestion workflow'),
  };
}

/** Starts the ingestion workflow of the document's current run (503 when Temporal cannot be reached). */
export function startIngestion(ctx: AppContext, doc: Pick<KbDocument, 'id' | 'ingestionRun' | 'projectId'>) {
  return startDocumentIngestion(ingestionStarter(ctx), doc);
}

/** A new run for each document (older workflows stop writing), then their workflows. */
export async function reindexDocuments(ctx: AppContext, documentIds: string[]): Promise<void> {
  if (documentIds.length === 0) return;
  await ctx.db.kbDocument.updateMany({
    where: { id: { in: documentIds } },
    data: { ingestionRun: { increment: 1 }, status: 'pending', error: null, chunksIndexed: 0 },
  });
  const docs = await ctx.db.kbDocument.findMany({
    where: { id: { in: documentIds } },
    select: { id: true, ingestionRun: true, projectId: true },
  });
  for (const d of docs) await startIngestion(ctx, d);
}
