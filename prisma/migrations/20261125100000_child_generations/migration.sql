-- Child generations (agent tools, platform create-agent-generation): the parent's tool call that
-- started each one, unique so a retried start finds the child it already created.
-- AlterTable
ALTER TABLE "Generation" ADD COLUMN "parentToolCallId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Generation_parentGenerationId_parentToolCallId_key" ON "Generation"("parentGenerationId", "parentToolCallId");
