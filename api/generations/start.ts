import { addLogContext } from '../../infra/observability/log-context.js';
import { countGenerationStarted } from '../../infra/observability/metrics.js';
import type { GenerateRequest } from '../../contracts/schemas/index.js';
import type { Generation } from '../../generated/prisma/client.js';
import type { AppContext } from '../context.js';
import { createGeneration, type CreateLimits, type GenerationStarter } from '../../domain/generations/create.js';
import { startWorkflow } from './hand-off.js';
import { requestCancel } from './cancel.js';

export interface StartResult {
  generation: Generation;
  /** false when an Idempotency-Key matched an existing generation. */
  created: boolean;
  /** With callbackUrl, on creation only: the secret its deliveries are signed with. */
  callbackSecret?: string;
}

export type { GenerationStarter };

/** The limits of the environment a top-level generation is planned with. */
export function createLimits(env: AppContext['env']): CreateLimits {
  return {
    maxStepsCap: env.MAX_STEPS_CAP,
    modelAttempts: env.MODEL_CALL_MAX_ATTEMPTS,
    modelTimeoutSeconds: env.MODEL_CALL_TIMEOUT_SECONDS,
    webhookMaxAttempts: env.WEBHOOK_MAX_ATTEMPTS,
    toolTaskQueue: env.TEMPORAL_TOOL_TASK_QUEUE,
    maxRunningGenerations: env.PROJECT_MAX_RUNNING_GENERATIONS,
  };
}

/** Stores the generation (domain/generations/create.ts) and hands it to Temporal. */
export async function startGeneration(
  ctx: AppContext,
  auth: GenerationStarter,
  agentId: string,
  body: GenerateRequest,
  idempotencyKey: string | undefined,
): Promise<StartResult> {
  const deps = { db: ctx.db, secrets: ctx.secrets, limits: createLimits(ctx.env) };
  const { start, stops, ...result } = await createGeneration(deps, auth, agentId, body, idempotencyKey);
  // The stop is already stored: should this request die here, the reconciler asks for the cancel.
  if (stops) await requestCancel(ctx, stops);
  const { generation } = result;
  if (result.created) {
    addLogContext({ generationId: generation.id, traceId: generation.traceId, agentId: generation.agentId });
    ctx.logger.info({ status: 'queued', waitingForTurn: generation.waitingForTurn }, 'generation created');
    // Counted once stored: a start Temporal cannot take now is completed by the reconciler.
    countGenerationStarted(generation.agentId);
  }
  // A generation that waits (a busy session, a full project) is started when one before it settles.
  if (start) await startWorkflow(ctx, generation, start);
  return result;
}
