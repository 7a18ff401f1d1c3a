-- Steering caps (docs/steering.md): what a generation has pending, kept on its row so the insert
-- checks the caps under the row's lock in its own statement (a count of the rows would read the
-- statement's snapshot, which misses a concurrent insert committed while it waited for the lock).
ALTER TABLE "Generation" ADD COLUMN "steeringPendingCount" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Generation" ADD COLUMN "steeringPendingBytes" INTEGER NOT NULL DEFAULT 0;

UPDATE "Generation" g
SET "steeringPendingCount" = p."count", "steeringPendingBytes" = p."bytes"
FROM (
  SELECT "generationId", count(*)::int AS "count", sum(octet_length("content"))::int AS "bytes"
  FROM "SteeringMessage"
  WHERE "status" = 'pending'
  GROUP BY "generationId"
) p
WHERE g."id" = p."generationId";
