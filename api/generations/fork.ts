import { ApiError } from '../../contracts/errors.js';
import type { ForkRequest } from '../../contracts/schemas/index.js';
import type { Generation } from '../../generated/prisma/client.js';
import { isAllowed } from '../../domain/policy.js';
import type { AuthInfo } from '../../domain/auth-info.js';
import { forkGeneration } from '../../domain/generations/fork.js';
import { addLogContext } from '../../infra/observability/log-context.js';
import { countGenerationStarted } from '../../infra/observability/metrics.js';
import type { AppContext } from '../context.js';
import { startWorkflow } from './hand-off.js';

/** A fork runs the agent: the key must also be allowed to start its generations. */
const START_ACTION = 'agents:CreateAgentGeneration';

/** Stores the fork (domain/generations/fork.ts) and hands it to Temporal like any generation. */
export async function startFork(
  ctx: AppContext,
  auth: AuthInfo,
  origin: Generation,
  body: ForkRequest,
  idempotencyKey: string | undefined,
): Promise<Generation> {
  if (!isAllowed(auth.policy, START_ACTION, `${auth.projectId}:agents/${origin.agentId}`))
    throw new ApiError(403, 'forbidden', `Forking needs ${START_ACTION} on agent ${origin.agentId}`, {
      action: START_ACTION,
    });
  const { generation, start } = await forkGeneration(ctx.db, auth, origin, body, idempotencyKey);
  addLogContext({ generationId: generation.id, traceId: generation.traceId, agentId: generation.agentId });
  ctx.logger.info({ status: 'queued', forkedFrom: origin.id, fromStep: body.fromStep }, 'generation forked');
  countGenerationStarted(generation.agentId);
  // Should this request die before the start, the reconciler starts the queued row (hand-off.ts).
  if (start) await startWorkflow(ctx, generation, start);
  return generation;
}
