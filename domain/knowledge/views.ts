import type { DocumentSummaryView, DocumentView, KnowledgeBaseView } from '../../contracts/schemas/index.js';
import type { KbDocument, KnowledgeBase } from '../../generated/prisma/client.js';

/** Knowledge bases and documents as the API shows them (REST routes and platform actions). */

export function kbView(kb: KnowledgeBase, counts: { documents: number; chunks: number }): KnowledgeBaseView {
  return {
    id: kb.id,
    projectId: kb.projectId,
    name: kb.name,
    description: kb.description,
    retrievalStrategy: kb.retrievalStrategy as KnowledgeBaseView['retrievalStrategy'],
    language: kb.language as KnowledgeBaseView['language'],
    aiProviderId: kb.aiProviderId,
    embeddingModel: kb.embeddingModel,
    chunkSize: kb.chunkSize,
    chunkOverlap: kb.chunkOverlap,
    documentCount: counts.documents,
    chunkCount: counts.chunks,
    createdAt: kb.createdAt.toISOString(),
    updatedAt: kb.updatedAt.toISOString(),
  };
}

export function documentSummary(d: KbDocument): DocumentSummaryView {
  return {
    id: d.id,
    knowledgeBaseId: d.knowledgeBaseId,
    title: d.title,
    contentType: d.contentType as DocumentSummaryView['contentType'],
    contentHash: d.contentHash,
    contentLength: d.content.length,
    metadata: (d.metadata as Record<string, unknown> | null) ?? null,
    status: d.status as DocumentSummaryView['status'],
    error: d.error,
    chunkCount: d.chunkCount,
    chunksIndexed: d.chunksIndexed,
    indexedAt: d.indexedAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

export const documentView = (d: KbDocument): DocumentView => ({ ...documentSummary(d), content: d.content });
