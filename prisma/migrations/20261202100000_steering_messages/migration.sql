-- Steering: user messages added to a running generation (docs/steering.md). The next model call
-- of the run applies the pending rows in ordinal order.
ALTER TABLE "Generation" ADD COLUMN "steeringSeq" INTEGER NOT NULL DEFAULT 0;

CREATE TABLE "SteeringMessage" (
    "id" TEXT NOT NULL,
    "generationId" TEXT NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "clientMessageId" TEXT,
    "content" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "appliedAtStep" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "appliedAt" TIMESTAMP(3),

    CONSTRAINT "SteeringMessage_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "SteeringMessage_generationId_ordinal_key" ON "SteeringMessage"("generationId", "ordinal");
CREATE UNIQUE INDEX "SteeringMessage_generationId_clientMessageId_key" ON "SteeringMessage"("generationId", "clientMessageId");

ALTER TABLE "SteeringMessage" ADD CONSTRAINT "SteeringMessage_generationId_fkey" FOREIGN KEY ("generationId") REFERENCES "Generation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
