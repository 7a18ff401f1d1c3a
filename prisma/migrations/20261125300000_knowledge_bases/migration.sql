-- Knowledge bases, their documents and the documents' chunks (text, offsets, embedding, tsvector).
-- pgvector is not required: vectors are float arrays, and where the extension exists the service adds
-- its ANN index at run time (README "Knowledge bases").
CREATE TABLE "KnowledgeBase" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "retrievalStrategy" TEXT NOT NULL,
    "aiProviderId" TEXT NOT NULL,
    "embeddingModel" TEXT NOT NULL,
    "chunkSize" INTEGER NOT NULL,
    "chunkOverlap" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "KnowledgeBase_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "KbDocument" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "knowledgeBaseId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "metadata" JSONB,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "chunkCount" INTEGER NOT NULL DEFAULT 0,
    "chunksIndexed" INTEGER NOT NULL DEFAULT 0,
    "ingestionRun" INTEGER NOT NULL DEFAULT 1,
    "indexedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "KbDocument_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "KbChunk" (
    "documentId" TEXT NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "knowledgeBaseId" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "startOffset" INTEGER NOT NULL,
    "endOffset" INTEGER NOT NULL,
    "content" TEXT NOT NULL,
    "embedding" DOUBLE PRECISION[],
    "tsv" tsvector NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "KbChunk_pkey" PRIMARY KEY ("documentId","ordinal")
);

CREATE INDEX "KnowledgeBase_projectId_createdAt_idx" ON "KnowledgeBase"("projectId", "createdAt");

CREATE UNIQUE INDEX "KnowledgeBase_projectId_name_key" ON "KnowledgeBase"("projectId", "name");

CREATE INDEX "KbDocument_knowledgeBaseId_createdAt_idx" ON "KbDocument"("knowledgeBaseId", "createdAt");

CREATE INDEX "KbDocument_projectId_createdAt_idx" ON "KbDocument"("projectId", "createdAt");

CREATE UNIQUE INDEX "KbDocument_knowledgeBaseId_contentHash_key" ON "KbDocument"("knowledgeBaseId", "contentHash");

CREATE INDEX "KbChunk_knowledgeBaseId_idx" ON "KbChunk"("knowledgeBaseId");

CREATE INDEX "KbChunk_tsv_idx" ON "KbChunk" USING GIN ("tsv");

ALTER TABLE "KnowledgeBase" ADD CONSTRAINT "KnowledgeBase_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "KbDocument" ADD CONSTRAINT "KbDocument_knowledgeBaseId_fkey" FOREIGN KEY ("knowledgeBaseId") REFERENCES "KnowledgeBase"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "KbChunk" ADD CONSTRAINT "KbChunk_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "KbDocument"("id") ON DELETE CASCADE ON UPDATE CASCADE;
