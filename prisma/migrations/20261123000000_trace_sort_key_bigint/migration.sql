-- Trace sort keys are step x 10^12 + phase x 10^10 + position (contracts/generation/trace-order.ts).
-- AlterTable
ALTER TABLE "GenerationStep" ALTER COLUMN "seq" SET DATA TYPE BIGINT;
