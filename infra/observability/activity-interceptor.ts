import { ApplicationFailure } from '@temporalio/common';
import type { Context } from '@temporalio/activity';
import type { ActivityExecuteInput, ActivityInboundCallsInterceptor, Next } from '@temporalio/worker';
import {
  cancelRequestedFailure,
  type FinishInput,
  type ModelCallResult,
  type StatusWrite,
  type ToolCallOutcome,
} from '../../contracts/generation/index.js';
import type { Logger } from '../logger.js';
import { currentLogFields, withLogContext, type LogFields } from './log-context.js';
import {
  countGenerationFinished,
  countModelTokens,
  modelCallDuration,
  modelCallErrors,
  modelCallRetries,
  toolCallDuration,
  webhookAttempts,
  webhookDeliveries,
} from './metrics.js';

/** The ids of a generation the activity interceptor adds to logs (looked up once per generation). */
export interface GenerationIds {
  projectId: string;
  agentId: string;
  traceId: string;
}
export type GenerationIdsLookup = (generationId: string) => Promise<GenerationIds | null>;

/**
 * Observes every activity from outside (the activities stay unaware): runs it inside a log
 * context with the generation's ids, counts it in the worker's metrics, and writes one log line
 * per failed model or tool call. Arguments and results are never logged: they may carry user data
 * and credentials. State changes are observed where they are written (`observeStateChanges`).
 */
export function observeActivities(logger: Logger, lookup: GenerationIdsLookup) {
  const ids = cachedLookup(lookup);
  return (ctx: Context): { inbound: ActivityInboundCallsInterceptor } => ({
    inbound: {
      async execute(input: ActivityExecuteInput, next: Next<ActivityInboundCallsInterceptor, 'execute'>) {
        const { activityType, attempt, workflowExecution } = ctx.info;
        const arg = (input.args[0] ?? {}) as Record<string, unknown>;
        const generationId = typeof arg.generationId === 'string' ? arg.generationId : undefined;
        const known = generationId ? await ids(generationId).catch(() => null) : null;
        const fields: LogFields = {
          activity: activityType,
          attempt,
          workflowId: workflowExecution?.workflowId,
          ...(generationId ? { generationId } : {}),
          ...(known ?? {}),
        };
        return withLogContext(fields, async () => {
          const started = performance.now();
          try {
            const result = await next(input);
            observeSuccess(logger, activityType, attempt, arg, result, (performance.now() - started) / 1000);
            return result;
          } catch (err) {
            observeFailure(logger, activityType, attempt, err, (performance.now() - started) / 1000);
            throw err;
          }
        });
      },
    },
  });
}

function observeSuccess(
  logger: Logger,
  activityType: string,
  attempt: number,
  arg: Record<string, unknown>,
  result: unknown,
  elapsed: number,
): void {
  const agent = currentLogFields().agentId ?? 'unknown';
  switch (activityType) {
    case 'callModel': {
      const { usage, toolOutcomes, toolCallsMs = 0 } = result as ModelCallResult;
      modelCallDuration.observe({ outcome: 'success' }, elapsed - toolCallsMs / 1000);
      if (attempt > 1) modelCallRetries.inc();
      countModelTokens(agent, usage.promptTokens, usage.completionTokens);
      // Tool calls run inside the model call count as if they were their own activity.
      for (const o of toolOutcomes ?? []) observeToolCall(logger, o.toolName, o, o.durationMs / 1000);
      break;
    }
    case 'executeTool':
      observeToolCall(logger, arg.toolName, result as ToolCallOutcome, elapsed);
      break;
    case 'deliverWebhook':
      webhookAttempts.inc({ outcome: 'success', attempt: String(attempt) });
      break;
    case 'finishWebhookDelivery':
      webhookDeliveries.inc({ outcome: arg.delivered ? 'delivered' : 'failed' });
      break;
  }
}

/**
 * Every state a generation's writes store, whichever activity made them (a write rides on the run's
 * next activity): one log line each, and for an end the finished-generations counter and the steps
 * histogram. Called inside the activity's log context, which names the agent.
 */
export function observeStateChanges(logger: Logger): (change: StatusWrite | FinishInput) => void {
  return (change) => {
    if ('stopReason' in change) observeFinish(logger, currentLogFields().agentId ?? 'unknown', change);
    else logStatusWrite(logger, change);
  };
}

function observeFinish(logger: Logger, agent: string, finish: FinishInput): void {
  countGenerationFinished(agent, finish.status, finish.stopReason, finish.iterationCount);
  logger.info(
    {
      status: finish.status,
      stopReason: finish.stopReason,
      errorCode: finish.error?.code,
      stateVersion: finish.stateVersion,
      steps: finish.iterationCount,
      usage: finish.usage,
    },
    'generation state changed',
  );
}

function logStatusWrite(logger: Logger, write: StatusWrite): void {
  logger.info(
    { status: write.status, requiredAction: write.requiredAction?.type ?? null, stateVersion: write.stateVersion },
    'generation state changed',
  );
}

function observeToolCall(logger: Logger, toolName: unknown, outcome: ToolCallOutcome, elapsed: number): void {
  if (outcome.replayed) return;
  toolCallDuration.observe({ type: outcome.toolType ?? 'unknown', status: outcome.status }, elapsed);
  if (outcome.status !== 'success')
    logger.warn(
      { toolName, toolType: outcome.toolType, status: outcome.status, durationMs: elapsed * 1000 },
      'tool call failed',
    );
}

function observeFailure(logger: Logger, activityType: string, attempt: number, err: unknown, elapsed: number): void {
  if (err instanceof ApplicationFailure && err.type === cancelRequestedFailure) {
    // Stopped because its generation was cancelled (docs/adr/0027): not a failure of the call.
    if (activityType === 'callModel') modelCallDuration.observe({ outcome: 'cancelled' }, elapsed);
    if (activityType === 'executeTool') toolCallDuration.observe({ type: 'unknown', status: 'cancelled' }, elapsed);
    logger.info('call stopped: its generation was cancelled');
    return;
  }
  const errorClass = err instanceof ApplicationFailure ? (err.type ?? 'ApplicationFailure') : errorName(err);
  const message = err instanceof Error ? err.message : String(err);
  if (activityType === 'callModel') {
    modelCallDuration.observe({ outcome: 'error' }, elapsed);
    modelCallErrors.inc({ class: errorClass });
    if (attempt > 1) modelCallRetries.inc();
    logger.warn({ errorClass, error: message }, 'model call failed');
  } else if (activityType === 'executeTool') {
    toolCallDuration.observe({ type: 'unknown', status: 'error' }, elapsed);
    logger.warn({ errorClass, error: message }, 'tool call failed');
  } else if (activityType === 'deliverWebhook') {
    webhookAttempts.inc({ outcome: 'failure', attempt: String(attempt) });
    logger.warn({ errorClass, error: message }, 'webhook delivery attempt failed');
  } else {
    logger.warn({ errorClass, error: message }, 'activity attempt failed');
  }
}

function errorName(err: unknown): string {
  if (err instanceof Error) return err.name === 'CancelledFailure' ? 'cancelled' : err.name;
  return 'unknown';
}

/** A generation's project, agent and trace never change: cache them (bounded) per worker. */
function cachedLookup(lookup: GenerationIdsLookup): GenerationIdsLookup {
  const cache = new Map<string, GenerationIds>();
  return async (generationId) => {
    const hit = cache.get(generationId);
    if (hit) return hit;
    const found = await lookup(generationId);
    if (found) {
      if (cache.size >= 10_000) cache.delete(cache.keys().next().value!);
      cache.set(generationId, found);
    }
    return found;
  };
}
