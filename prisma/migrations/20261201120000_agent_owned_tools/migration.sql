-- Tools defined inline on an agent (customTools, mcpServers) belong to it and go when it goes.
ALTER TABLE "AgentTool" ADD COLUMN "ownerAgentId" TEXT;
CREATE INDEX "AgentTool_ownerAgentId_idx" ON "AgentTool"("ownerAgentId");
ALTER TABLE "AgentTool" ADD CONSTRAINT "AgentTool_ownerAgentId_fkey" FOREIGN KEY ("ownerAgentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
