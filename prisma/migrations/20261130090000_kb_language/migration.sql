-- Full-text search language per knowledge base (a PostgreSQL text search configuration).
ALTER TABLE "KnowledgeBase" ADD COLUMN "language" TEXT NOT NULL DEFAULT 'english';
