import { revokedRefusal } from '../../domain/deferred-authority.js';
import { failUnstarted } from '../../domain/generations/start-authority.js';
import { pauseRefusedSchedule } from '../../domain/schedules/refusal.js';
import type { AppContext } from '../context.js';
import { scheduleControl } from './temporal-schedule.js';

/**
 * What revoking a key stops at once (docs/security.md, "Deferred work"): its generations still
 * waiting to start fail, and its schedules pause, each with the reason as its note. Best effort:
 * the revocation has committed, and what this misses (Temporal unreachable, the process dying) is
 * refused by the check of its own start: a released waiting generation, a schedule's next run.
 */
export async function stopWorkOfRevokedKey(ctx: AppContext, projectId: string, keyId: string): Promise<void> {
  // Its generations still waiting to start (a slot, a session's turn) never will: they fail now.
  // One released meanwhile is refused by its release's own check (domain/generations/start-authority.ts).
  await failUnstarted(
    ctx.db,
    { projectId, createdByKeyId: keyId, waitingForTurn: true, parentGenerationId: null },
    revokedRefusal(keyId),
  ).catch((err: unknown) => ctx.logger.warn({ err, keyId }, 'could not fail the waiting generations of a revoked key'));
  const rows = await ctx.db.schedule.findMany({ where: { projectId, requestKeyId: keyId } });
  const control = scheduleControl(ctx);
  for (const row of rows) {
    await pauseRefusedSchedule(ctx.db, control, row, revokedRefusal(keyId)).catch((err: unknown) =>
      ctx.logger.warn({ err, scheduleId: row.id }, 'could not pause the schedule of a revoked key; its next run will'),
    );
  }
}
