-- Long-term memory (docs/memory.md): facts an agent keeps about one end user, scoped by project,
-- agent and end user. Deleted with their project or agent.
-- CreateTable
CREATE TABLE "Memory" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "endUserId" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "generationId" TEXT,
    "toolCallId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Memory_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Memory_projectId_agentId_endUserId_createdAt_idx" ON "Memory"("projectId", "agentId", "endUserId", "createdAt");

-- CreateIndex
CREATE INDEX "Memory_projectId_createdAt_idx" ON "Memory"("projectId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Memory_generationId_toolCallId_key" ON "Memory"("generationId", "toolCallId");

-- AddForeignKey
ALTER TABLE "Memory" ADD CONSTRAINT "Memory_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Memory" ADD CONSTRAINT "Memory_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

