import type { ForkRequest } from '../../contracts/schemas/index.js';
import type { Generation } from '../../generated/prisma/client.js';
import { checkMayGenerate } from '../../domain/deferred-authority.js';
import type { AuthInfo } from '../../domain/auth-info.js';
import { forkGeneration } from '../../domain/generations/fork.js';
import { addLogContext } from '../../infra/observability/log-context.js';
import { countGenerationStarted } from '../../infra/observability/metrics.js';
import { admitStored } from '../../infra/generations/waiting.js';
import type { AppContext } from '../context.js';
import { startWorkflow } from './hand-off.js';
import { createLimits } from './start.js';

/**
 * Stores the fork (domain/generations/fork.ts) and hands it to Temporal like any generation: a
 * fork it stored asks for a slot of the project first and waits when there is none (docs/adr/0050).
 */
export async function startFork(
  ctx: AppContext,
  auth: AuthInfo,
  origin: Generation,
  body: ForkRequest,
  idempotencyKey: string | undefined,
): Promise<Generation> {
  // A fork runs the agent: the key must also be allowed to start its generations.
  checkMayGenerate(auth, origin.agentId, 'Forking');
  // A repeated request (same key) answers with the fork already stored: it asked when it was stored.
  const repeated =
    idempotencyKey !== undefined &&
    (await ctx.db.generation.count({ where: { projectId: auth.projectId, idempotencyKey } })) > 0;
  const { generation, start } = await forkGeneration(
    { db: ctx.db, limits: createLimits(ctx.env) },
    auth,
    origin,
    body,
    idempotencyKey,
  );
  addLogContext({ generationId: generation.id, traceId: generation.traceId, agentId: generation.agentId });
  ctx.logger.info({ status: 'queued', forkedFrom: origin.id, fromStep: body.fromStep }, 'generation forked');
  countGenerationStarted(generation.agentId);
  const mayStart = repeated
    ? !generation.waitingForTurn
    : await admitStored(ctx.db, generation, ctx.env.PROJECT_MAX_RUNNING_GENERATIONS);
  // Should this request die before the start, the reconciler starts the queued row (hand-off.ts).
  if (start && mayStart) await startWorkflow(ctx, generation, start);
  return mayStart ? generation : { ...generation, waitingForTurn: true };
}
