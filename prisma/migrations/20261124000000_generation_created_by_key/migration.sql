-- The API key that started a generation: approval hooks with requesterMayNotApprove refuse its decisions.
-- AlterTable
ALTER TABLE "Generation" ADD COLUMN "createdByKeyId" TEXT;
