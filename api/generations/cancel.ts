import { WorkflowNotFoundError } from '@temporalio/client';
import { hotQuery, sql } from '../../infra/db/hot-sql.js';
import type { AppContext } from '../context.js';

type CancelDeps = Pick<AppContext, 'db' | 'temporal' | 'feed'>;

/**
 * Asks Temporal to cancel a generation and its unsettled descendants, and tells the workers of
 * each request Temporal accepted (docs/adr/0027). A model or tool call in flight is a local
 * activity, which would hear of the cancel only at its workflow task's next heartbeat, about 8 s
 * on; the notification stops it now. Descendants get their own request (their parent would send
 * it once it hears of its own) because a call stopped this way waits for its generation's
 * request. Only the generation's own request is required: without the rest, every cancel still
 * happens, later.
 */
export async function requestCancel(ctx: CancelDeps, generationId: string): Promise<void> {
  try {
    await ctx.temporal.workflow.getHandle(generationId).cancel();
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
    return;
  }
  await Promise.all([announce(ctx, generationId), cancelDescendants(ctx, generationId)]);
}

async function announce(ctx: CancelDeps, generationId: string): Promise<void> {
  await ctx.feed.requestCancel(generationId).catch(() => {});
}

async function cancelDescendants(ctx: CancelDeps, generationId: string): Promise<void> {
  // A failed read, a child that has just closed, any refusal: nothing is lost, the parent's own
  // cancellation still reaches its children.
  const descendants = await hotQuery<{ id: string }>(
    ctx.db,
    sql`WITH RECURSIVE tree("id") AS (
          SELECT "id" FROM "Generation" WHERE "parentGenerationId" = ${generationId}
          UNION
          SELECT g."id" FROM "Generation" g JOIN tree ON g."parentGenerationId" = tree."id"
        )
        SELECT g."id" FROM "Generation" g JOIN tree USING ("id")
        WHERE g."status" NOT IN ('completed', 'failed', 'cancelled')`,
  ).catch(() => []);
  await Promise.all(
    descendants.map(({ id }) =>
      ctx.temporal.workflow
        .getHandle(id)
        .cancel()
        .then(
          () => announce(ctx, id),
          () => {},
        ),
    ),
  );
}
