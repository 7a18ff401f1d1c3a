-- Forks (docs/fork.md): a generation started from step N of another one, in the same trace.
ALTER TABLE "Generation" ADD COLUMN "forkedFromGenerationId" TEXT;
ALTER TABLE "Generation" ADD COLUMN "forkedFromStep" INTEGER;
CREATE INDEX "Generation_forkedFromGenerationId_idx" ON "Generation"("forkedFromGenerationId");
