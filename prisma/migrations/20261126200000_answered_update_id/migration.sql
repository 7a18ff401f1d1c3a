-- The update of the last answer the generation's run accepted, written with each state write: a
-- request that waits for the generation can answer once the row settles with its own update's id,
-- without waiting for Temporal's reply to the update (docs/adr/0026).
ALTER TABLE "Generation" ADD COLUMN "answeredUpdateId" TEXT;
