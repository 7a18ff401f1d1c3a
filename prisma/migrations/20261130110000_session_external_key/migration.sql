-- A caller-chosen conversation id (generate's sessionKey), unique per agent within a project.
ALTER TABLE "Session" ADD COLUMN "externalKey" TEXT;
CREATE UNIQUE INDEX "Session_projectId_agentId_externalKey_key" ON "Session"("projectId", "agentId", "externalKey");
