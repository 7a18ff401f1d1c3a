-- Scheduled generations (docs/schedules.md): the Temporal schedule's project, agent and request.
CREATE TABLE "Schedule" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "spec" JSONB NOT NULL,
    "overlap" TEXT NOT NULL,
    "temporalScheduleId" TEXT NOT NULL,
    "createdByKeyId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Schedule_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "Schedule_temporalScheduleId_key" ON "Schedule"("temporalScheduleId");
CREATE INDEX "Schedule_projectId_createdAt_idx" ON "Schedule"("projectId", "createdAt");
CREATE INDEX "Schedule_agentId_idx" ON "Schedule"("agentId");

ALTER TABLE "Schedule" ADD CONSTRAINT "Schedule_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Schedule" ADD CONSTRAINT "Schedule_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
