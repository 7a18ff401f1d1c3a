-- Sessions run one turn at a time: turnCount numbers the turns of a session in arrival order, and
-- a generation queued behind a busy session waits with waitingForTurn until the turn before it settles.
-- AlterTable
ALTER TABLE "Session" ADD COLUMN "turnCount" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Generation" ADD COLUMN "sessionTurn" INTEGER,
ADD COLUMN "waitingForTurn" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "Session_projectId_agentId_createdAt_idx" ON "Session"("projectId", "agentId", "createdAt");

-- CreateIndex
CREATE INDEX "Generation_sessionId_sessionTurn_idx" ON "Generation"("sessionId", "sessionTurn");

-- CreateIndex
CREATE INDEX "Generation_waitingForTurn_idx" ON "Generation"("waitingForTurn");
