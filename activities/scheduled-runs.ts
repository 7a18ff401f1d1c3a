import { Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { ApiError } from '../contracts/errors.js';
import {
  scheduledRunKey,
  type ScheduledGeneration,
  type ScheduledGenerationInput,
} from '../contracts/generation/scheduled-run.js';
import type { ScheduledRequest } from '../contracts/schemas/index.js';
import { authorityNow, generateRight } from '../domain/deferred-authority.js';
import { createGeneration, type CreateLimits } from '../domain/generations/create.js';
import { failUnstarted } from '../domain/generations/start-authority.js';
import { pauseRefusedSchedule, type ScheduleControl } from '../domain/schedules/refusal.js';
import type { SecretBox } from '../infra/crypto/secrets.js';
import type { Db } from '../infra/db/prisma.js';
import { startWebhookDelivery } from '../infra/temporal/webhook-delivery-start.js';

export interface ScheduledRunDeps {
  db: Db;
  secrets: SecretBox;
  limits: CreateLimits;
  /** Pauses a schedule whose key can no longer act and tells its subscriptions (the worker's Temporal client). */
  control: ScheduleControl;
}

/**
 * Stores a scheduled run's generation the way POST /v1/agents/{id}/generate does (the same
 * domain/generations/create.ts), keyed by the run (workflow id and run id) so a retry finds the row it stored.
 *
 * The run acts for the key that last set the schedule's request, authorized now (the deferred-work
 * rule, domain/deferred-authority.ts): a key revoked or no longer allowed to generate on the agent
 * refuses the run, and the schedule pauses itself with the reason (domain/schedules/refusal.ts).
 * A refusal the API would answer with a 4xx (agent inactive, session busy, provider gone) fails
 * the run without retries: retrying would be refused the same way.
 */
export async function createScheduledGeneration(
  deps: ScheduledRunDeps,
  input: ScheduledGenerationInput,
): Promise<ScheduledGeneration> {
  const schedule = await deps.db.schedule.findUnique({ where: { id: input.scheduleId } });
  if (!schedule) return { generationId: null };
  const key = scheduledRunKey(input.runWorkflowId, input.runId);
  // A retry after the generation was stored finds it (and starts it, if the key still stands).
  const stored = await deps.db.generation.findUnique({
    where: { projectId_idempotencyKey: { projectId: schedule.projectId, idempotencyKey: key } },
    select: { id: true },
  });
  const principal = { projectId: schedule.projectId, keyId: schedule.requestKeyId };
  const authority = await authorityNow(deps.db, principal, generateRight(schedule.projectId, schedule.agentId));
  if (!authority.ok) {
    // A row an earlier attempt stored has not started (this run starts it): it fails unstarted.
    if (stored) await failUnstarted(deps.db, { id: stored.id }, authority);
    await pauseRefusedSchedule(deps.db, deps.control, schedule, authority, input);
    throw ApplicationFailure.nonRetryable(authority.message, `scheduled_run_${authority.code}`);
  }
  const request = schedule.request as ScheduledRequest;
  try {
    const created = await createGeneration(
      deps,
      {
        projectId: schedule.projectId,
        keyId: schedule.requestKeyId,
        channel: 'api',
        policy: authority.auth.policy,
      },
      schedule.agentId,
      { ...request, async: true, stream: false, waitSeconds: 0 },
      key,
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

/**
 * The worker's ScheduleControl: its Temporal client pauses the schedule, and the deliveries start
 * on the task queue the run's activity came from (the workflow worker's, which runs them).
 */
export function scheduleControlOf(temporal: Client | undefined, maxAttempts: number): ScheduleControl {
  const client = (): Client => {
    if (!temporal) throw new Error('A scheduled run needs the Temporal client to pause its schedule');
    return temporal;
  };
  return {
    pause: (temporalScheduleId, note) => client().schedule.getHandle(temporalScheduleId).pause(note),
    deliver: (deliveryId) => startWebhookDelivery(client(), Context.current().info.taskQueue, deliveryId, maxAttempts),
  };
}
