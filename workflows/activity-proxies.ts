import {
  proxyActivities,
  proxyLocalActivities,
  type ActivityOptions,
  type LocalActivityOptions,
} from '@temporalio/workflow';
import type { GenerationActivities, LoopPlan } from '../contracts/generation/index.js';

/**
 * The activity option sets of the generation workflow, and one proxy per activity group. Calls
 * whose timeout depends on the plan, the tool or the hook pass their options with
 * `executeWithOptions`; the proxies' own options are the defaults for everything else.
 *
 * Model and tool calls and the writes next to them are local activities (docs/adr/0018): no server
 * round trip. What outlives a workflow task or waits on something slow stays regular: hooks, MCP
 * discovery, summaries, child preparation, webhooks.
 */

/** Persistence: short calls, retried long enough to ride out a database restart. */
export const bookkeepingOptions: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 ms', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 20 },
};

/**
 * Local activities retry inside the workflow task up to this backoff; longer waits become a timer,
 * so a provider outage does not hold a workflow task open.
 */
const localRetryThreshold = '10 seconds';

/** Local bookkeeping (queued writes, the final write): the regular budget and retries, no server round trip. */
export const localBookkeepingOptions: LocalActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: bookkeepingOptions.retry!,
  localRetryThreshold,
};

/** MCP discovery talks to every server of the agent; it heartbeats while it waits. */
export const discoveryOptions: ActivityOptions = {
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumAttempts: 3 },
};

const modelRetry = (retry: LoopPlan['modelRetry']) => ({
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '30 seconds',
  maximumAttempts: retry.maximumAttempts,
});

/** The summary call of a compaction (docs/adr/0017): regular, it streams and heartbeats. */
export function summaryOptions(retry: LoopPlan['modelRetry']): ActivityOptions {
  return {
    startToCloseTimeout: `${retry.startToCloseSeconds} seconds`,
    heartbeatTimeout: '15 seconds',
    retry: modelRetry(retry),
  };
}

/** The model call: its budget is configured per deployment (in the plan); a killed worker is noticed through its task. */
export function modelOptions(retry: LoopPlan['modelRetry']): LocalActivityOptions {
  return { startToCloseTimeout: `${retry.startToCloseSeconds} seconds`, retry: modelRetry(retry), localRetryThreshold };
}

/** A tool call: the tool's own timeout is enforced inside the activity (a timeout result, not a retry). */
export function toolOptions(timeoutSeconds: number): LocalActivityOptions {
  return {
    startToCloseTimeout: `${timeoutSeconds + 15} seconds`,
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '20 seconds', maximumAttempts: 10 },
    localRetryThreshold,
  };
}

/**
 * A tool call on the tool task queue (`LoopPlan.toolTaskQueue`): a regular activity that tool
 * workers poll. Its runners heartbeat, so a tool worker killed mid-call is noticed in seconds.
 */
export function toolQueueOptions(timeoutSeconds: number, taskQueue: string): ActivityOptions {
  return {
    taskQueue,
    startToCloseTimeout: `${timeoutSeconds + 15} seconds`,
    heartbeatTimeout: '10 seconds',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '20 seconds', maximumAttempts: 10 },
  };
}

/** Hooks are fail-open: their activity retries briefly and never fails the run. */
export function hookOptions(timeoutSeconds = 5): ActivityOptions {
  return {
    startToCloseTimeout: `${timeoutSeconds + 10} seconds`,
    retry: { initialInterval: '500 ms', maximumAttempts: 3 },
  };
}

export const store = proxyActivities<GenerationActivities>(bookkeepingOptions);
export const localStore = proxyLocalActivities<GenerationActivities>(localBookkeepingOptions);
export const { summarizeConversation } = proxyActivities<GenerationActivities>(
  summaryOptions({ maximumAttempts: 5, startToCloseSeconds: 120 }),
);
export const { callModel, executeTool } = proxyLocalActivities<GenerationActivities>(toolOptions(30));
/** The same tool activity, scheduled on the tool task queue (`toolQueueOptions`). */
export const { executeTool: executeToolOnQueue } = proxyActivities<GenerationActivities>(bookkeepingOptions);
export const { runHttpHook } = proxyActivities<GenerationActivities>(hookOptions());
export const { discoverMcpTools } = proxyActivities<GenerationActivities>(discoveryOptions);
