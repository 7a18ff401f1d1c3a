-- The update that answered the generation's last pause, written with the write that leaves it: a
-- request that waits for the generation can answer once the row settles with its own update's id,
-- without waiting for Temporal's reply to the update (docs/adr/0026).
ALTER TABLE "Generation" ADD COLUMN "answeredUpdateId" TEXT;
