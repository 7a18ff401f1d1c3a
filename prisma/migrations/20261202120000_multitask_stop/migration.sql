-- Double-texting (docs/double-texting.md): how a later turn of the session stopped this one.
ALTER TABLE "Generation" ADD COLUMN "multitaskStop" TEXT;
