import type { Client } from '@temporalio/client';
import { msNumberToTs, tsToMs, type Timestamp } from '@temporalio/common';

/**
 * The most runs one backfill may start (docs/schedules.md, "Backfill"). A backfill starts its runs
 * at once; with a dense spec and a long window that is millions of generations in one request.
 */
export const MAX_BACKFILL_RUNS = 1000;

/** The first slice asked for; each next one is as long as everything counted so far. */
const FIRST_SLICE_MS = 60 * 60 * 1000;

/**
 * How many of the schedule's times fall in [start, end), counted by Temporal itself
 * (ListScheduleMatchingTimes, so cron, intervals, offsets and time zones count as they will run),
 * stopping as soon as the count passes MAX_BACKFILL_RUNS. The window is asked for in doubling
 * slices, so a dense spec stops after one short slice and a sparse one over decades takes a few
 * dozen calls, never one answer of millions of times.
 */
export async function countBackfillRuns(
  temporal: Client,
  namespace: string,
  scheduleId: string,
  start: Date,
  end: Date,
): Promise<number> {
  let count = 0;
  let from = start.getTime();
  let slice = FIRST_SLICE_MS;
  while (from < end.getTime() && count <= MAX_BACKFILL_RUNS) {
    const to = Math.min(end.getTime(), from + slice);
    const answer = await (temporal.workflowService.listScheduleMatchingTimes({
      namespace,
      scheduleId,
      startTime: timestamp(from),
      endTime: timestamp(to),
    }) as Promise<{ startTime?: Timestamp[] | null }>);
    // Both ends are inclusive in Temporal's answer: a time at `to` is the next slice's.
    count += (answer.startTime ?? []).filter((t) => tsToMs(t) < to).length;
    from = to;
    slice = Math.max(slice, to - start.getTime());
  }
  return count;
}

/** The SDK's conversion gives negative nanos before 1970 for a fraction of a second: whole seconds there. */
const timestamp = (ms: number) => msNumberToTs(ms >= 0 ? ms : Math.ceil(ms / 1000) * 1000);
