-- Per-tool delivery guarantee (at_least_once | at_most_once) and the start markers of at-most-once calls.
ALTER TABLE "AgentTool" ADD COLUMN "delivery" TEXT;

CREATE TABLE "ToolCallAttempt" (
    "generationId" TEXT NOT NULL,
    "toolCallId" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ToolCallAttempt_pkey" PRIMARY KEY ("generationId","toolCallId")
);

ALTER TABLE "ToolCallAttempt" ADD CONSTRAINT "ToolCallAttempt_generationId_fkey" FOREIGN KEY ("generationId") REFERENCES "Generation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
