import { revokedRefusal } from '../../domain/deferred-authority.js';
import { pauseRefusedSchedule } from '../../domain/schedules/refusal.js';
import type { AppContext } from '../context.js';
import { scheduleControl } from './temporal-schedule.js';

/**
 * A revoked key's schedules pause at once, each with the reason as its note (docs/schedules.md).
 * Best effort: the revocation has committed, and a schedule this misses (Temporal unreachable,
 * the process dying) is refused and paused by its next run's own check all the same.
 */
export async function pauseSchedulesOfRevokedKey(ctx: AppContext, projectId: string, keyId: string): Promise<void> {
  const rows = await ctx.db.schedule.findMany({ where: { projectId, requestKeyId: keyId } });
  const control = scheduleControl(ctx);
  for (const row of rows) {
    await pauseRefusedSchedule(ctx.db, control, row, revokedRefusal(keyId)).catch((err: unknown) =>
      ctx.logger.warn({ err, scheduleId: row.id }, 'could not pause the schedule of a revoked key; its next run will'),
    );
  }
}
