import type { ActivityInboundCallsInterceptor, ActivityExecuteInput, Next } from '@temporalio/worker';
import type { Context } from '@temporalio/activity';

/**
 * Crash tests (`WORKER_TEST_KILL_AFTER_ACTIVITY`, NODE_ENV=test only): the worker dies with SIGKILL
 * once an execution of `activityType` has done its work, before its result reaches Temporal. For a
 * local activity that is before the workflow task that ran it completes, the window in which a
 * write exists in PostgreSQL but not in history.
 */
export function killAfterActivity(activityType: string) {
  return (ctx: Context): { inbound: ActivityInboundCallsInterceptor } => ({
    inbound: {
      async execute(input: ActivityExecuteInput, next: Next<ActivityInboundCallsInterceptor, 'execute'>) {
        const result = await next(input);
        if (ctx.info.activityType === activityType) process.kill(process.pid, 'SIGKILL');
        return result;
      },
    },
  });
}

/**
 * The same crash for work done inside another activity (docs/adr/0043): the writes a run queued,
 * made first by whichever activity carries them (`writeStatus`, `recordClientOutputs`,
 * `openApprovals`, `closeApprovals`, named after the activities that made them before writes were
 * queued), and what a model call does after its reply: `callModel` once the reply is recorded,
 * `executeTool` once a call it ran recorded its result, `openClientPause` once it opened a
 * client-tool pause, `finishGeneration` once it made the final write, `startWaiting` once the
 * release after a final write claimed a waiting generation, before its start. Inside the builtin
 * database_write: `databaseWriteRecorded` once the target's transaction id is recorded, before
 * COMMIT; `databaseWriteCommitted` after COMMIT, before the result is returned.
 */
export function crashPointFor(activityType: string): (reached: string) => void {
  return (reached) => {
    if (reached === activityType) process.kill(process.pid, 'SIGKILL');
  };
}
