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
 * The same crash for work recorded inside another activity: `executeTool`, `writeStatus`,
 * `recordClientOutputs` and `finishGeneration` also stop the worker once a tool call's result, the
 * start write, a pause's leave-write or the final write made inside the model call's activity is
 * recorded (docs/adr/0031, 0032, 0038, 0033); `openClientPause` once the write that opens a
 * client-tool pause is (docs/adr/0039).
 */
export function crashPointFor(activityType: string): (reached: string) => void {
  return (reached) => {
    if (reached === activityType) process.kill(process.pid, 'SIGKILL');
  };
}
