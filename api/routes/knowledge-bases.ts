import type { Router } from 'express';
import { conflict, unprocessable } from '../../contracts/errors.js';
import { newId } from '../../contracts/ids.js';
import { createKnowledgeBaseSchema, type CreateKnowledgeBase } from '../../contracts/schemas/index.js';
import { dropAnnIndex } from '../../domain/knowledge/vector-index.js';
import type { KnowledgeBase } from '../../generated/prisma/client.js';
import type { AppContext } from '../context.js';
import { found } from '../http.js';
import { listPage } from '../../domain/pagination.js';
import { ApiRouter } from '../routing.js';
import { compact, patched } from '../services/merge-patch.js';
import { ingestionStarter, reindexDocuments, searchKnowledge } from '../services/knowledge.js';
import { createDocument } from '../../domain/knowledge/documents.js';
import { knowledgeBaseRoutes as routes } from './knowledge-bases.operations.js';
import { documentSummary, documentView, kbView } from '../../domain/knowledge/views.js';

/** Fields whose change invalidates the stored chunks or embeddings. */
const indexFields = ['language', 'aiProviderId', 'embeddingModel', 'chunkSize', 'chunkOverlap'] as const;

export function knowledgeBasesRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/knowledge-bases', ctx);
  const find = async (projectId: string, knowledgeBaseId: string) =>
    found(await ctx.db.knowledgeBase.findFirst({ where: { id: knowledgeBaseId, projectId } }), 'Knowledge base');
  const findDocument = async (projectId: string, knowledgeBaseId: string, documentId: string) =>
    found(await ctx.db.kbDocument.findFirst({ where: { id: documentId, knowledgeBaseId, projectId } }), 'Document');
  const view = async (kb: KnowledgeBase) => {
    const [documents, chunks] = await Promise.all([
      ctx.db.kbDocument.count({ where: { knowledgeBaseId: kb.id } }),
      ctx.db.kbChunk.count({ where: { knowledgeBaseId: kb.id } }),
    ]);
    return kbView(kb, { documents, chunks });
  };
  const checkProvider = async (projectId: string, aiProviderId: string) => {
    const p = await ctx.db.aiProvider.findFirst({ where: { id: aiProviderId, projectId }, select: { id: true } });
    if (!p)
      throw unprocessable(`AI provider ${aiProviderId} does not exist in this project`, { path: 'body.aiProviderId' });
  };
  const checkName = async (projectId: string, name: string, exceptId?: string) => {
    const other = await ctx.db.knowledgeBase.findFirst({
      where: { projectId, name, ...(exceptId ? { id: { not: exceptId } } : {}) },
      select: { id: true },
    });
    if (other)
      throw conflict(`A knowledge base named "${name}" already exists in this project`, {
        path: 'body.name',
        knowledgeBaseId: other.id,
      });
  };
  const columns = (b: CreateKnowledgeBase) => ({
    name: b.name,
    description: b.description ?? null,
    retrievalStrategy: b.retrievalStrategy,
    language: b.language,
    aiProviderId: b.aiProviderId,
    embeddingModel: b.embeddingModel,
    chunkSize: b.chunkSize,
    chunkOverlap: b.chunkOverlap,
  });

  r.add(routes.create, async ({ auth, body }) => {
    await checkProvider(auth.projectId, body.aiProviderId);
    await checkName(auth.projectId, body.name);
    const kb = await ctx.db.knowledgeBase.create({
      data: { id: newId('knowledgeBase'), projectId: auth.projectId, ...columns(body) },
    });
    return kbView(kb, { documents: 0, chunks: 0 });
  });

  r.add(routes.list, async ({ auth, query }) =>
    listPage(
      query,
      ({ after, ...window }) =>
        ctx.db.knowledgeBase.findMany({ where: { projectId: auth.projectId, ...after }, ...window }),
      (kb) => kb,
    ).then(async (p) => ({ ...p, data: await Promise.all(p.data.map(view)) })),
  );

  r.add(routes.get, async ({ auth, params }) => view(await find(auth.projectId, params.knowledgeBaseId)));

  r.add(routes.patch, async ({ auth, params, body }) => {
    const current = await find(auth.projectId, params.knowledgeBaseId);
    const merged = patched(
      createKnowledgeBaseSchema,
      compact(columns(current as unknown as CreateKnowledgeBase)),
      body,
    );
    await checkProvider(auth.projectId, merged.aiProviderId);
    await checkName(auth.projectId, merged.name, current.id);
    const updated = await ctx.db.knowledgeBase.update({ where: { id: current.id }, data: columns(merged) });
    if (indexFields.some((f) => updated[f] !== current[f])) {
      // New embeddings may have another length: the old ANN index cannot hold them.
      if (updated.embeddingModel !== current.embeddingModel || updated.aiProviderId !== current.aiProviderId)
        await dropAnnIndex(ctx.db, current.id);
      const docs = await ctx.db.kbDocument.findMany({ where: { knowledgeBaseId: current.id }, select: { id: true } });
      await reindexDocuments(
        ctx,
        docs.map((d) => d.id),
      );
    }
    return view(updated);
  });

  r.add(routes.delete, async ({ auth, params }) => {
    const current = await find(auth.projectId, params.knowledgeBaseId);
    const agents = await ctx.db.agent.findMany({
      where: { projectId: auth.projectId, extra: { path: ['knowledgeBaseIds'], array_contains: [current.id] } },
      select: { id: true },
      take: 20,
    });
    if (agents.length)
      throw conflict(`Knowledge base ${current.id} is linked to agents: ${agents.map((a) => a.id).join(', ')}`, {
        agents: agents.map((a) => a.id),
      });
    await ctx.db.knowledgeBase.delete({ where: { id: current.id } });
    await dropAnnIndex(ctx.db, current.id);
  });

  r.add(routes.reindex, async ({ auth, params }) => {
    const current = await find(auth.projectId, params.knowledgeBaseId);
    const docs = await ctx.db.kbDocument.findMany({ where: { knowledgeBaseId: current.id }, select: { id: true } });
    await reindexDocuments(
      ctx,
      docs.map((d) => d.id),
    );
    return view(current);
  });

  r.add(routes.search, async ({ auth, params, body }) => {
    const kb = await find(auth.projectId, params.knowledgeBaseId);
    return searchKnowledge(ctx, {
      projectId: auth.projectId,
      knowledgeBaseIds: [kb.id],
      query: body.query,
      topK: body.topK,
      ...(body.strategy ? { strategy: body.strategy } : {}),
    });
  });

  r.add(routes.createDocument, async ({ auth, params, body, reply }) => {
    const kb = await find(auth.projectId, params.knowledgeBaseId);
    const { created, document } = await createDocument({ db: ctx.db, ingestion: ingestionStarter(ctx) }, kb, body);
    return created ? document : reply(200, document);
  });

  r.add(routes.listDocuments, async ({ auth, params, query }) => {
    const kb = await find(auth.projectId, params.knowledgeBaseId);
    return listPage(
      query,
      ({ after, ...window }) =>
        ctx.db.kbDocument.findMany({
          where: { knowledgeBaseId: kb.id, projectId: auth.projectId, ...after },
          ...window,
        }),
      documentSummary,
    );
  });

  r.add(routes.getDocument, async ({ auth, params }) =>
    documentView(await findDocument(auth.projectId, params.knowledgeBaseId, params.documentId)),
  );

  r.add(routes.deleteDocument, async ({ auth, params }) => {
    const doc = await findDocument(auth.projectId, params.knowledgeBaseId, params.documentId);
    // Chunks go with it (cascade); a running ingestion finds no document and stops.
    await ctx.db.kbDocument.delete({ where: { id: doc.id } });
  });

  r.add(routes.reindexDocument, async ({ auth, params }) => {
    const doc = await findDocument(auth.projectId, params.knowledgeBaseId, params.documentId);
    await reindexDocuments(ctx, [doc.id]);
    return documentSummary(await findDocument(auth.projectId, params.knowledgeBaseId, params.documentId));
  });

  return r.router;
}
