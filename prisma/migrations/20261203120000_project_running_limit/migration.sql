-- A per-project limit on running generations (docs/adr/0050-project-running-limit.md).
CREATE INDEX "Generation_projectId_waitingForTurn_status_createdAt_idx" ON "Generation"("projectId", "waitingForTurn", "status", "createdAt");

-- Who takes the project's next slot: NULL when its active generations (queued and handed over,
-- running or paused, children included) already number max_running, else its oldest waiting
-- generation that its session lets start, else `candidate` (a new generation asking to start).
-- Every admission and release calls it (infra/generations/waiting.ts), so this is the one place
-- the limit is decided. It locks the project's row until the calling transaction ends, and, being
-- VOLATILE, its queries take a fresh snapshot after the lock: they see what the transaction that
-- held the lock before committed, so two starts never both take the last slot.
-- The body is an E'' string with \073 for each semicolon: Prisma's driver adapter splits a
-- migration at every semicolon, dollar quotes or not.
CREATE FUNCTION "generation_start_slot"(project TEXT, max_running INTEGER, candidate TEXT)
RETURNS TEXT LANGUAGE plpgsql VOLATILE AS E'
BEGIN
  PERFORM 1 FROM "Project" WHERE "id" = project FOR NO KEY UPDATE\073
  IF (SELECT count(*) FROM (
        SELECT 1 FROM "Generation"
        WHERE "projectId" = project AND NOT "waitingForTurn"
          AND "status" IN (''queued'', ''running'', ''requires_action'')
          AND "id" IS DISTINCT FROM candidate
        LIMIT max_running) AS active) >= max_running THEN
    RETURN NULL\073
  END IF\073
  RETURN coalesce((
    SELECT w."id" FROM "Generation" w
    WHERE w."projectId" = project AND w."waitingForTurn" AND w."status" = ''queued''
      -- A session''s turns start one at a time, in turn order (docs/adr/0009).
      AND (w."sessionId" IS NULL OR NOT EXISTS (
        SELECT 1 FROM "Generation" a
        WHERE a."sessionId" = w."sessionId" AND a."status" IN (''queued'', ''running'', ''requires_action'')
          AND (NOT a."waitingForTurn" OR a."sessionTurn" < w."sessionTurn")))
    ORDER BY w."createdAt", w."id"
    LIMIT 1), candidate)\073
END
';
