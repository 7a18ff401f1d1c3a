-- Where a generation was started: 'api' (an API key) or 'public_chat' (an agent's X-Agent-Key).
-- AlterTable
ALTER TABLE "Generation" ADD COLUMN "channel" TEXT NOT NULL DEFAULT 'api';
