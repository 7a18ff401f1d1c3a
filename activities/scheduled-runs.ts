import { ApplicationFailure } from '@temporalio/common';
import { ApiError } from '../contracts/errors.js';
import {
  scheduledRunKey,
  type ScheduledGeneration,
  type ScheduledGenerationInput,
} from '../contracts/generation/scheduled-run.js';
import type { ScheduledRequest } from '../contracts/schemas/index.js';
import { createGeneration, type CreateLimits } from '../domain/generations/create.js';
import type { SecretBox } from '../infra/crypto/secrets.js';
import type { Db } from '../infra/db/prisma.js';

export interface ScheduledRunDeps {
  db: Db;
  secrets: SecretBox;
  limits: CreateLimits;
}

/**
 * Stores a scheduled run's generation the way POST /v1/agents/{id}/generate does (the same
 * domain/generations/create.ts), keyed by the run (workflow id and run id) so a retry finds the row it stored.
 * A refusal the API would answer with a 4xx (agent inactive, session busy, provider gone) fails
 * the run without retries: retrying would be refused the same way.
 */
export async function createScheduledGeneration(
  deps: ScheduledRunDeps,
  input: ScheduledGenerationInput,
): Promise<ScheduledGeneration> {
  const schedule = await deps.db.schedule.findUnique({ where: { id: input.scheduleId } });
  if (!schedule) return { generationId: null };
  const request = schedule.request as ScheduledRequest;
  try {
    const created = await createGeneration(
      deps,
      { projectId: schedule.projectId, keyId: schedule.createdByKeyId, channel: 'api' },
      schedule.agentId,
      { ...request, async: true, stream: false, waitSeconds: 0 },
      scheduledRunKey(input.runWorkflowId, input.runId),
    );
    const { generation, start } = created;
    return { generationId: generation.id, sessionId: generation.sessionId, ...(start ? { start } : {}) };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      throw ApplicationFailure.nonRetryable(err.message, `scheduled_run_${err.code}`);
    }
    throw err;
  }
}
