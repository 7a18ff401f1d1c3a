import { mayStartNow } from '../../domain/generations/start-authority.js';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { ApiError } from '../../contracts/errors.js';
import type { GenerationInput } from '../../contracts/generation/index.js';
import type { Generation } from '../../generated/prisma/client.js';
import { ACTIVE_STATUSES } from '../../infra/sessions/turns.js';
import { projectsWithWaiting, startWaiting } from '../../infra/generations/waiting.js';
import { requestCancel } from './cancel.js';
import { startGenerationWorkflow, workflowInput } from '../../infra/temporal/generation-start.js';
import type { AppContext } from '../context.js';
import { signalUnsentAnswers } from '../../domain/answers/delivery.js';

export { workflowInput };

/**
 * The hand-off of a stored generation (status `queued`) to Temporal. Starting is idempotent (the
 * workflow id is the generation id), so a start that may or may not have happened is resolved by
 * asking Temporal, and a row that was stored but never started is started later by the reconciler.
 */

async function start(ctx: AppContext, g: Generation, input: GenerationInput): Promise<void> {
  await startGenerationWorkflow(ctx.temporal, ctx.env.TEMPORAL_TASK_QUEUE, g, input);
}

/** Did Temporal accept the workflow? `null` when Temporal cannot be asked either. */
async function wasStarted(ctx: AppContext, generationId: string): Promise<boolean | null> {
  try {
    await ctx.temporal.workflow.getHandle(generationId).describe();
    return true;
  } catch (err) {
    return err instanceof WorkflowNotFoundError ? false : null;
  }
}

/**
 * Starts the generation's workflow. A failed start is checked with Temporal before anything is
 * decided: accepted after all → done; certainly not started → the generation fails (nothing ran);
 * unknown (Temporal unreachable) → the row stays queued for the reconciler and the caller is told.
 */
export async function startWorkflow(ctx: AppContext, g: Generation, input: GenerationInput): Promise<void> {
  try {
    await start(ctx, g, input);
    return;
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return;
    const started = await wasStarted(ctx, g.id);
    if (started) return;
    ctx.logger.error({ err, generationId: g.id, started }, 'could not start the generation workflow');
    if (started === false) {
      await ctx.db.generation.updateMany({
        where: { id: g.id, status: 'queued' },
        data: {
          status: 'failed',
          stopReason: 'error',
          error: { code: 'start_failed', message: 'The workflow could not be started' },
          completedAt: new Date(),
          stateVersion: 1_000_000,
        },
      });
      throw new ApiError(503, 'unavailable', 'The orchestration service refused the generation; it was not started', {
        generationId: g.id,
      });
    }
    throw new ApiError(
      503,
      'unavailable',
      'The orchestration service is unreachable; the generation is stored and will be started when it is back',
      { generationId: g.id },
    );
  }
}

/** How long a queued row is left to the request that stored it before the reconciler starts it. */
export const RECONCILE_AFTER_MS = 30_000;

/**
 * Starts the workflows of generations stored but never started (the API died between the insert
 * and the start, or Temporal was unreachable). Returns how many it started.
 */
export async function startQueuedGenerations(ctx: AppContext, olderThanMs = RECONCILE_AFTER_MS): Promise<number> {
  const queued = await ctx.db.generation.findMany({
    // Child generations are started by their parent workflow (as child workflows), never from here;
    // generations waiting for their turn are not due yet (see releaseWaitingGenerations).
    where: {
      status: 'queued',
      parentGenerationId: null,
      waitingForTurn: false,
      createdAt: { lt: new Date(Date.now() - olderThanMs) },
    },
    orderBy: { createdAt: 'asc' },
    take: 100,
  });
  let started = 0;
  for (const g of queued) {
    try {
      await startWorkflow(ctx, g, workflowInput(g));
      started += 1;
    } catch (err) {
      ctx.logger.warn({ err, generationId: g.id }, 'reconciler could not start a queued generation');
    }
  }
  await stopSupersededTurns(ctx, olderThanMs);
  return started + (await releaseWaitingGenerations(ctx));
}

/**
 * Asks again for the cancel of turns a later turn stopped (interrupt, rollback; their stop is
 * stored with that turn) that are still active: the request that stored the stop may have died
 * before asking Temporal (docs/double-texting.md). Asking twice changes nothing.
 */
export async function stopSupersededTurns(ctx: AppContext, olderThanMs = RECONCILE_AFTER_MS): Promise<number> {
  const stopped = await ctx.db.generation.findMany({
    where: {
      multitaskStop: { not: null },
      status: { in: ACTIVE_STATUSES },
      updatedAt: { lt: new Date(Date.now() - olderThanMs) },
    },
    select: { id: true },
    take: 100,
  });
  for (const { id } of stopped) {
    await requestCancel(ctx, id).catch((err: unknown) =>
      ctx.logger.warn({ err, generationId: id }, 'reconciler could not cancel a stopped turn'),
    );
  }
  return stopped.length;
}

/**
 * The worker starts the next waiting generations of a project (a session's next turn, the oldest
 * waiting for a slot) when one of its generations settles; this pass covers a release that did not
 * happen (a crash between the two, a generation that settled without its worker, a failed start).
 */
export async function releaseWaitingGenerations(ctx: AppContext): Promise<number> {
  let started = 0;
  for (const projectId of await projectsWithWaiting(ctx.db, ctx.env.PROJECT_MAX_RUNNING_GENERATIONS)) {
    const start = async (next: Generation) => {
      // Released later than its request: its key must still stand (a refused row fails, unstarted).
      if (!(await mayStartNow(ctx.db, next))) return;
      // A start Temporal cannot take now leaves the claimed row queued for the pass above.
      await startWorkflow(ctx, next, workflowInput(next)).catch((err: unknown) =>
        ctx.logger.warn({ err, generationId: next.id }, 'reconciler could not start a waiting generation'),
      );
    };
    started += (await startWaiting(ctx.db, { projectId }, ctx.env.PROJECT_MAX_RUNNING_GENERATIONS, start)).length;
  }
  return started;
}

/**
 * Runs the reconciler every `intervalMs` until the returned function is called: queued generations
 * are started, claimed answers never signalled are signalled (docs/adr/0041).
 */
export function startReconciler(ctx: AppContext, intervalMs = RECONCILE_AFTER_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    startQueuedGenerations(ctx)
      .then(() => signalUnsentAnswers(ctx))
      .catch((err: unknown) => ctx.logger.warn({ err }, 'reconciler pass failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
