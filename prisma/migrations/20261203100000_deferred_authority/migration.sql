-- Deferred work (docs/security.md): the runs of a schedule act for the key that last set its request,
-- checked when each run starts, and the last run refused for it is kept with its reason.
ALTER TABLE "Schedule" ADD COLUMN "requestKeyId" TEXT;
ALTER TABLE "Schedule" ADD COLUMN "refusal" JSONB;
UPDATE "Schedule" SET "requestKeyId" = "createdByKeyId";
CREATE INDEX "Schedule_requestKeyId_idx" ON "Schedule"("requestKeyId");
-- Webhook deliveries of schedule events (schedule.paused) belong to no generation.
ALTER TABLE "WebhookDelivery" ALTER COLUMN "generationId" DROP NOT NULL;
ALTER TABLE "WebhookDelivery" ADD COLUMN "scheduleId" TEXT;
CREATE INDEX "WebhookDelivery_scheduleId_createdAt_idx" ON "WebhookDelivery"("scheduleId", "createdAt");
