import { WorkflowNotFoundError } from '@temporalio/client';
import { hotQuery, sql } from '../../infra/db/hot-sql.js';
import type { AppContext } from '../context.js';

/**
 * Asks Temporal to cancel a generation and its unsettled descendants, then tells the workers
 * (docs/adr/0027). A model or tool call in flight is a local activity, which would hear of the
 * cancel only at its workflow task's next heartbeat, about 8 s on; the notification stops it now.
 * Descendants get their own request first (their parent would send it once it hears of its own),
 * because a call stopped this way waits for its generation's request. Without the notification
 * every cancel still happens, later.
 */
export async function requestCancel(
  ctx: Pick<AppContext, 'db' | 'temporal' | 'feed'>,
  generationId: string,
): Promise<void> {
  const descendants = await hotQuery<{ id: string }>(
    ctx.db,
    sql`WITH RECURSIVE tree("id") AS (
          SELECT "id" FROM "Generation" WHERE "parentGenerationId" = ${generationId}
          UNION
          SELECT g."id" FROM "Generation" g JOIN tree ON g."parentGenerationId" = tree."id"
        )
        SELECT g."id" FROM "Generation" g JOIN tree USING ("id")
        WHERE g."status" NOT IN ('completed', 'failed', 'cancelled')`,
  );
  const requested: string[] = [];
  try {
    await ctx.temporal.workflow.getHandle(generationId).cancel();
    requested.push(generationId);
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
  for (const { id } of descendants) {
    // A child that has just closed, or any refusal here, changes nothing: its parent's own
    // cancellation still reaches it.
    const accepted = await ctx.temporal.workflow
      .getHandle(id)
      .cancel()
      .then(
        () => true,
        () => false,
      );
    if (accepted) requested.push(id);
  }
  await Promise.all(requested.map((id) => ctx.feed.requestCancel(id).catch(() => {})));
}
