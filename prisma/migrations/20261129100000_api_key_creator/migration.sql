-- The key that minted an API key: requesterMayNotApprove compares principals, so a key minted by
-- the requester (at any depth) may not decide its approvals either. Keys minted before this
-- migration have no recorded creator.
-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN "createdByKeyId" TEXT;
