-- Approval deadlines (docs/approvals.md): when the first deadline handed the approval to the escalation group.
ALTER TABLE "Approval" ADD COLUMN "escalatedAt" TIMESTAMP(3);
