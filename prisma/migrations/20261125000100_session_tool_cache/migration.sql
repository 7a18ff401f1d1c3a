-- Session tool cache: full http and MCP tool results of a session, kept outside the prompt.
-- CreateTable
CREATE TABLE "SessionToolResult" (
    "id" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "generationId" TEXT NOT NULL,
    "toolCallId" TEXT NOT NULL,
    "toolName" TEXT NOT NULL,
    "arguments" JSONB NOT NULL,
    "content" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SessionToolResult_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SessionToolResult_sessionId_createdAt_idx" ON "SessionToolResult"("sessionId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "SessionToolResult_generationId_toolCallId_key" ON "SessionToolResult"("generationId", "toolCallId");

-- AddForeignKey
ALTER TABLE "SessionToolResult" ADD CONSTRAINT "SessionToolResult_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;
