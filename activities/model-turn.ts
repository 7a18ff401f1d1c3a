import { SpanStatusCode, trace } from '@opentelemetry/api';
import { Context } from '@temporalio/activity';
import {
  decideReply,
  finishWriteOf,
  pauseWriteOf,
  workInModelCall,
  type FinishInput,
  type ModelCallInput,
  type ModelCallResult,
  type ReplyDecision,
  type StepCall,
  type ToolCallInput,
  type ToolCallOutcome,
  type ToolOutcomeInReply,
} from '../contracts/generation/index.js';
import type { ChangeFeed } from '../infra/events/change-feed.js';
import { callSignal, stopOnCancelRequest } from './cancel-requests.js';
import { replyOf } from './model-call.js';
import type { ModelCallDeps } from './model-conversation.js';
import { makeQueuedWrites, type QueuedWriteDeps } from './queued-writes.js';
import { runCallsInReply } from './tools-in-reply.js';

export interface ModelTurnDeps {
  feed: ChangeFeed;
  model: ModelCallDeps;
  writes: QueuedWriteDeps;
  /** The run's final write (`finishGeneration`'s own body). */
  finish: (input: FinishInput) => Promise<void>;
  /** A tool call, as the tool activity runs it. */
  executeTool: (input: ToolCallInput, freshReply: boolean) => Promise<ToolCallOutcome>;
  crashPoint?: ((reached: string) => void) | undefined;
}

const toolTracer = trace.getTracer('durable-agents-worker');

/**
 * The `callModel` activity: a step's model call, in stages.
 * 1. The writes the run queued before it (the start, the answers that left a pause).
 * 2. The reply: recorded by an earlier execution, or asked of the model and recorded.
 * 3. Its decision: `decideReply`, the one the loop makes of the same reply.
 * 4. The work that decision gives the call (`workInModelCall`): open the client-tool pause, run
 *    the unattended tool calls, or, once the cancel watch has let go, make the final write.
 * A stage that fails fails the activity, and a retry starts over from what is recorded: the model
 * is not asked twice, a recorded tool result is not run again, the writes are idempotent.
 */
export function createModelTurn(deps: ModelTurnDeps): (input: ModelCallInput) => Promise<ModelCallResult> {
  return async (input) => {
    let steered = 0;
    let decision: ReplyDecision | null = null;
    let answer: string | null = null;
    const reply = await stopOnCancelRequest(deps.feed, input.generationId, async () => {
      // This attempt's own start: a local activity's retry keeps the first attempt's schedule time.
      const attemptDeadlineMs = Date.now() + Context.current().info.startToCloseTimeoutMs;
      await makeQueuedWrites(deps.writes, input.pending.flush);
      const { result, freshReply, answer: text, steered: stored } = await replyOf(deps.model, input);
      answer = text;
      steered = stored;
      // Crash tests: the reply is stored, what it leads to is not done yet.
      deps.crashPoint?.('callModel');
      if (result.needsSummary) return result;
      decision = decideReply({ ...result, part: input.part }, input.context);
      if (decision.kind === 'pause') {
        const write = pauseWriteOf(input.generationId, input.pending.onReply, decision.calls);
        await deps.model.store.writeStatus(write);
        deps.writes.onStatus?.(write);
        deps.crashPoint?.('openClientPause');
        return result;
      }
      if (decision.kind !== 'runTools') return result;
      const started = performance.now();
      const toolOutcomes = await runCallsInReply(decision.calls, {
        run: (c) => runToolInReply(deps, input, c, freshReply),
        attemptDeadlineMs,
        signal: callSignal(),
      });
      return {
        ...result,
        ...(toolOutcomes.length > 0 ? { toolOutcomes } : {}),
        toolCallsMs: performance.now() - started,
      };
    });
    // After the cancel watch: a cancel heard before it cancels the run, one heard after it finds the run ended.
    const decided = decision as ReplyDecision | null;
    if (decided?.kind === 'finish' && workInModelCall(decided) === 'finish') {
      const usage = {
        promptTokens: input.usageSoFar.promptTokens + reply.usage.promptTokens,
        completionTokens: input.usageSoFar.completionTokens + reply.usage.completionTokens,
      };
      const write = finishWriteOf(input.generationId, input.pending.onReply, decided, usage);
      // A completed run's text, as `finishGeneration` would read it back from the stored messages.
      await deps.finish(write.status === 'completed' ? { ...write, text: answer } : write);
      deps.crashPoint?.('finishGeneration');
    }
    return steered > 0 ? { ...reply, steered } : reply;
  };
}

/** One unattended call of the reply, run inside the model call; null leaves it to the loop. */
async function runToolInReply(
  deps: ModelTurnDeps,
  input: ModelCallInput,
  c: StepCall,
  freshReply: boolean,
): Promise<ToolOutcomeInReply | null> {
  const started = performance.now();
  const { id: toolCallId, name: toolName, arguments: args } = c.call;
  // Its own span, so the call's outgoing request shows under it as under a tool call's activity.
  return toolTracer.startActiveSpan(
    'RunToolInModelCall',
    { attributes: { 'tool.name': toolName, 'tool.call_id': toolCallId } },
    async (span) => {
      try {
        const { generationId, step } = input;
        const call = { generationId, step, seq: c.seq, toolCallId, toolName, arguments: args };
        const outcome = await deps.executeTool(call, freshReply);
        deps.crashPoint?.('executeTool');
        return { ...outcome, toolCallId, toolName, durationMs: performance.now() - started };
      } catch (err) {
        // A cancel stops the whole activity; any other failure is retried by the loop's own call.
        if (callSignal().aborted) throw err;
        span.recordException(err instanceof Error ? err : String(err));
        span.setStatus({ code: SpanStatusCode.ERROR });
        Context.current().log.warn('tool call failed inside the model call; the loop calls it again', {
          toolName,
          error: err instanceof Error ? err.message : String(err),
        });
        return null;
      } finally {
        span.end();
      }
    },
  );
}
