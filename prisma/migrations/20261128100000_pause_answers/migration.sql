-- Answers to a pause are claimed in PostgreSQL, then signalled (docs/adr/0041): one row per thing
-- answered, so each is answered once, and an outbox for the signal. They replace the claim column
-- of ADR 0037 and the answering update's id of ADR 0026.
ALTER TABLE "Generation" ADD COLUMN "pauseVersion" INTEGER;
DROP INDEX IF EXISTS "Generation_answerClaimedAt_idx";
ALTER TABLE "Generation" DROP COLUMN "answerClaim";
ALTER TABLE "Generation" DROP COLUMN "answerClaimedAt";
ALTER TABLE "Generation" DROP COLUMN "answeredUpdateId";

CREATE TABLE "PauseAnswer" (
    "generationId" TEXT NOT NULL,
    "pauseVersion" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "answerId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "answeredBy" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "signalledAt" TIMESTAMP(3),

    CONSTRAINT "PauseAnswer_pkey" PRIMARY KEY ("generationId","pauseVersion","key")
);

CREATE INDEX "PauseAnswer_answerId_idx" ON "PauseAnswer"("answerId");
-- The reconciler's look-up of signals still due (signalledAt IS NULL, oldest first).
CREATE INDEX "PauseAnswer_signalledAt_createdAt_idx" ON "PauseAnswer"("signalledAt", "createdAt");

ALTER TABLE "PauseAnswer" ADD CONSTRAINT "PauseAnswer_generationId_fkey" FOREIGN KEY ("generationId") REFERENCES "Generation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
