import { ApplicationFailure } from '@temporalio/common';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { ApiError } from '../../contracts/errors.js';
import {
  documentIngestionWorkflowType,
  ingestionWorkflowId,
  type DocumentIngestionInput,
} from '../../contracts/knowledge/ingestion.js';
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

/**
 * Starts the ingestion workflow of the document's current run. Starting a run twice is harmless
 * (same workflow id); when Temporal cannot be reached the document stays pending and a re-index
 * request starts it later.
 */
export async function startIngestion(
  ctx: AppContext,
  doc: Pick<KbDocument, 'id' | 'ingestionRun' | 'projectId'>,
): Promise<void> {
  const input: DocumentIngestionInput = { documentId: doc.id, run: doc.ingestionRun };
  try {
    await ctx.temporal.workflow.start(documentIngestionWorkflowType, {
      workflowId: ingestionWorkflowId(doc.id, doc.ingestionRun),
      taskQueue: ctx.env.TEMPORAL_TASK_QUEUE,
      args: [input],
      // The project is the fairness key of the workflow and its activities: a backlog of one
      // project's documents is dispatched in turn with other projects' work, not ahead of it.
      priority: { fairnessKey: doc.projectId },
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return;
    ctx.logger.error({ err, documentId: doc.id }, 'could not start the document ingestion workflow');
    throw new ApiError(
      503,
      'unavailable',
      'The document is stored but its ingestion could not be started; re-index it later',
      {
        documentId: doc.id,
      },
    );
  }
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
