-- Tools made by an OpenAPI import remember where they came from, so importing again updates them.
ALTER TABLE "AgentTool" ADD COLUMN "importSource" TEXT;
ALTER TABLE "AgentTool" ADD COLUMN "importKey" TEXT;
CREATE UNIQUE INDEX "AgentTool_projectId_importSource_importKey_key" ON "AgentTool"("projectId", "importSource", "importKey");
