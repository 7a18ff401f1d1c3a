-- Sessions opened through public chat record the agent key prefix they were opened with: only
-- that key may continue them (null for sessions opened through the API).
ALTER TABLE "Session" ADD COLUMN "publicChatKeyPrefix" TEXT;
