-- The answer claimed for the open tool-output pause of a generation (docs/adr/0037): the API
-- claims a complete answer here, in one conditional statement, before it signals the workflow;
-- the write that leaves the pause clears it. A claim whose signal was not sent is sent again.
ALTER TABLE "Generation" ADD COLUMN "answerClaim" JSONB;
ALTER TABLE "Generation" ADD COLUMN "answerClaimedAt" TIMESTAMP(3);
CREATE INDEX "Generation_answerClaimedAt_idx" ON "Generation"("answerClaimedAt");
