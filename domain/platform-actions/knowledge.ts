import { ApiError } from '../../contracts/errors.js';
import { createDocumentSchema, type RetrievalStrategy } from '../../contracts/schemas/index.js';
import type { Db } from '../../infra/db/prisma.js';
import { createDocument, type IngestionStarter } from '../knowledge/documents.js';
import type { KnowledgeService } from '../knowledge/search.js';
import { documentSummary, documentView, kbView } from '../knowledge/views.js';
import { afterCursor, newestFirst, page } from '../pagination.js';
import { parseArguments } from './resume.js';

/**
 * The knowledge-base platform actions (contracts/platform-actions-knowledge.ts), with the REST
 * endpoints' views. Already authorized; every read is scoped to the caller's project, so another
 * project's id finds nothing. Search needs the process's KnowledgeService (query embeddings);
 * create-document starts the ingestion workflow like the REST endpoint (domain/knowledge/documents.ts).
 */
export type KnowledgeExecutor = (
  deps: { db: Db; knowledge?: KnowledgeService | undefined; ingestion?: IngestionStarter | undefined },
  projectId: string,
  args: Record<string, unknown>,
) => Promise<unknown>;

export class KnowledgeNotFound extends Error {}

const text = (args: Record<string, unknown>, name: string) => (typeof args[name] === 'string' ? args[name] : '');
const windowOf = (args: Record<string, unknown>) => {
  const raw = typeof args.limit === 'number' && Number.isInteger(args.limit) ? args.limit : 20;
  const limit = Math.min(100, Math.max(1, raw));
  return { limit, after: afterCursor(text(args, 'cursor') || undefined), orderBy: newestFirst, take: limit + 1 };
};
const STRATEGIES = new Set(['vector', 'full_text', 'hybrid']);

async function knowledgeBaseOf(db: Db, projectId: string, args: Record<string, unknown>) {
  const kb = await db.knowledgeBase.findFirst({ where: { id: text(args, 'knowledgeBaseId'), projectId } });
  if (!kb) throw new KnowledgeNotFound('Knowledge base not found');
  return kb;
}

export const knowledgeExecutors: Record<string, KnowledgeExecutor> = {
  'list-knowledge-bases': async ({ db }, projectId, args) => {
    const w = windowOf(args);
    const rows = await db.knowledgeBase.findMany({
      where: { projectId, ...w.after },
      orderBy: w.orderBy,
      take: w.take,
    });
    const { items, nextCursor } = page(rows, w.limit);
    const data = await Promise.all(
      items.map(async (kb) =>
        kbView(kb, {
          documents: await db.kbDocument.count({ where: { knowledgeBaseId: kb.id } }),
          chunks: await db.kbChunk.count({ where: { knowledgeBaseId: kb.id } }),
        }),
      ),
    );
    return { data, nextCursor };
  },
  'search-documents': async ({ db, knowledge }, projectId, args) => {
    const kb = await knowledgeBaseOf(db, projectId, args);
    if (!knowledge) throw new Error('search-documents needs the knowledge service of this process');
    const query = text(args, 'query').slice(0, 2000);
    if (!query) throw new KnowledgeNotFound('query is required');
    const topK =
      typeof args.topK === 'number' && Number.isInteger(args.topK) ? Math.min(50, Math.max(1, args.topK)) : 5;
    const strategy = STRATEGIES.has(text(args, 'strategy')) ? (text(args, 'strategy') as RetrievalStrategy) : undefined;
    return knowledge.search({ projectId, knowledgeBaseIds: [kb.id], query, topK, ...(strategy ? { strategy } : {}) });
  },
  'list-documents': async ({ db }, projectId, args) => {
    const kb = await knowledgeBaseOf(db, projectId, args);
    const w = windowOf(args);
    const rows = await db.kbDocument.findMany({
      where: { knowledgeBaseId: kb.id, projectId, ...w.after },
      orderBy: w.orderBy,
      take: w.take,
    });
    const { items, nextCursor } = page(rows, w.limit);
    return { data: items.map(documentSummary), nextCursor };
  },
  'get-document': async ({ db }, projectId, args) => {
    const kb = await knowledgeBaseOf(db, projectId, args);
    const doc = await db.kbDocument.findFirst({
      where: { id: text(args, 'documentId'), knowledgeBaseId: kb.id, projectId },
    });
    if (!doc) throw new KnowledgeNotFound('Document not found');
    return documentView(doc);
  },
  'create-document': async ({ db, ingestion }, projectId, args) => {
    const kb = await knowledgeBaseOf(db, projectId, args);
    const { knowledgeBaseId: _kb, ...rest } = args;
    // The REST endpoint's body schema; the id is its path parameter.
    const body = parseArguments(createDocumentSchema, rest);
    if (!ingestion) throw new ApiError(503, 'unavailable', 'create-document needs a Temporal client in this process');
    const { created, document } = await createDocument({ db, ingestion }, kb, body);
    return { ...document, created };
  },
  'delete-document': async ({ db }, projectId, args) => {
    const kb = await knowledgeBaseOf(db, projectId, args);
    const doc = await db.kbDocument.findFirst({
      where: { id: text(args, 'documentId'), knowledgeBaseId: kb.id, projectId },
      select: { id: true },
    });
    if (!doc) throw new KnowledgeNotFound('Document not found');
    // Chunks go with it (cascade); a running ingestion finds no document and stops.
    await db.kbDocument.delete({ where: { id: doc.id } });
    return { id: doc.id, deleted: true };
  },
};
