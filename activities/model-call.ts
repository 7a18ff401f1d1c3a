import { ApplicationFailure } from '@temporalio/activity';
import { callSignal } from './cancel-requests.js';
import {
  argumentsHash,
  contextOverflowFailure,
  traceOrder,
  type ModelCallInput,
  type ModelCallResult,
  type ModelToolCall,
} from '../contracts/generation/index.js';
import type { GenerationSnapshot } from '../contracts/snapshot.js';
import { ChunkWriter } from './event-log.js';
import { ANSWER_PARTS, answerText, type StoredMessage } from './generation-store.js';
import { contextWindowFor, MAX_FAILED_COMPACTIONS } from './compaction.js';
import { ContextCompactor, SummaryNeeded } from './context-compactor.js';
import { conversationFor, summarizerFor, toolsJsonOf, type ModelCallDeps } from './model-conversation.js';
import { heartbeatOnce, heartbeatWhile } from './heartbeat.js';
import { replyState, type StartEvents } from './model-reply.js';
import { steeringBefore } from './steering-write.js';
import { writeStepRecord, type RecordedEvent } from './step-record.js';
import {
  createProviderClient,
  isContextOverflow,
  mapProviderError,
  parseArguments,
  samplingOptions,
  toApiMessages,
  toOpenAiTool,
  toOpenAiToolChoice,
} from '../domain/provider-client.js';

export const CONTINUE_PROMPT =
  'Your previous reply was cut off. Continue exactly where you left off, without repeating anything.';

/**
 * The step's reply: the one an earlier execution recorded, or a new one from the model, recorded
 * with its events and trace entries. Also whether this execution streamed the reply itself (then
 * none of its calls can have run: an execution records its reply before it runs any call of it),
 * and the run's answer should the reply end it.
 */
export async function replyOf(
  deps: ModelCallDeps,
  input: ModelCallInput,
): Promise<{ result: ModelCallResult; freshReply: boolean; answer: string | null; steered: number }> {
  const { store } = deps;
  const snapshot = await store.snapshot(input.generationId);
  const continuation = input.part > 0;
  const startEvents: StartEvents = [];
  if (!continuation) {
    const started = { type: 'step_started' as const, data: { step: input.step }, key: `step_started:${input.step}` };
    const completed = {
      type: 'step_completed' as const,
      data: { step: input.step - 1 },
      key: `step_completed:${input.step - 1}`,
    };
    startEvents.push(...(input.step > 1 ? [completed, started] : [started]));
  }
  let replySeq = input.seq;
  if (continuation) {
    await store.putMessage(input.generationId, input.seq, { role: 'user', content: CONTINUE_PROMPT });
    replySeq = input.seq + 1;
  }
  let earlier = await replyState(deps.db, deps.feed, deps.conversations, input.generationId, replySeq, startEvents);
  // Steering messages go before the step's reply; the state read above says whether any wait (docs/steering.md).
  const steered = continuation ? 0 : await steeringBefore(deps.db, deps.feed, input, earlier, replySeq);
  if (steered > 0) {
    replySeq += steered;
    earlier = await replyState(deps.db, deps.feed, deps.conversations, input.generationId, replySeq, []);
  }
  let reply: Reply;
  if (earlier.recorded) {
    // An earlier execution recorded this reply and ended before the workflow saw it: the model is
    // not called again; what that execution may not have written yet is written below.
    reply = recordedReply(earlier.recorded, input.step);
  } else {
    if (earlier.unresetChunkSeq !== null) {
      // An earlier execution (a provider error mid-stream, a worker crash) streamed part of this
      // reply: clients discard the chunks of this reply received so far and take this one's.
      const reset = { step: input.step, replySeq, attempt: earlier.resets + 2 };
      await store.events.append(input.generationId, 'reset', reset, `reset:${replySeq}:${earlier.unresetChunkSeq}`);
    }
    const streamed = await streamNewReply(deps, snapshot, input, replySeq, earlier.history);
    if ('needsSummary' in streamed)
      return { result: { ...streamed.needsSummary, seq: replySeq }, freshReply: true, answer: null, steered };
    reply = streamed;
  }
  const { text, toolCalls, finishReason, usage } = reply;
  await writeStepRecord(
    deps.db,
    deps.feed,
    {
      generationId: input.generationId,
      messages: earlier.recorded ? [] : [{ seq: replySeq, content: assistantMessage(reply) }],
      events: [
        ...(reply.restChunk ? [reply.restChunk] : []),
        ...toolCalls.map((c) => ({
          type: 'tool_call' as const,
          data: { step: input.step, toolCallId: c.id, toolName: c.name, arguments: c.arguments },
          key: `tool_call:${c.id}`,
        })),
      ],
      traces: toolCalls.length
        ? [
            ...(text
              ? [
                  {
                    key: `s${input.step}:think:${replySeq}`,
                    order: traceOrder.think(input.step, replySeq),
                    entry: { step: input.step, type: 'think' as const, text },
                  },
                ]
              : []),
            ...toolCalls.map((c, i) => ({
              key: `s${input.step}:act:${c.id}`,
              order: traceOrder.act(input.step, i),
              entry: {
                step: input.step,
                type: 'act' as const,
                toolCallId: c.id,
                toolName: c.name,
                arguments: c.arguments,
              },
            })),
          ]
        : [],
      progress: {
        iterationCount: input.step,
        promptTokens: input.usageSoFar.promptTokens + usage.promptTokens,
        completionTokens: input.usageSoFar.completionTokens + usage.completionTokens,
      },
    },
    toolCalls.length || reply.restChunk ? 'events' : null,
  );
  return {
    result: { toolCalls, finishReason, hasText: text.length > 0, usage, seq: replySeq },
    freshReply: !earlier.recorded,
    answer: answerText([assistantMessage(reply), ...assistantReplies(earlier.history)]),
    steered,
  };
}

/** The conversation's assistant messages, newest first (as many as one answer is read from). */
function assistantReplies(history: StoredMessage[]): StoredMessage[] {
  const replies: StoredMessage[] = [];
  for (let i = history.length - 1; i >= 0 && replies.length < ANSWER_PARTS; i--)
    if (history[i]!.role === 'assistant') replies.push(history[i]!);
  return replies;
}

/** The stored form of a reply (what the next model call sends back, plus what a re-run returns). */
function assistantMessage(reply: Reply): StoredMessage {
  return {
    role: 'assistant',
    content: reply.text.length ? reply.text : null,
    finishReason: reply.finishReason,
    usage: reply.usage,
    ...(reply.toolCalls.length
      ? {
          tool_calls: reply.toolCalls.map((c) => ({
            id: c.id,
            type: 'function' as const,
            function: { name: c.name, arguments: JSON.stringify(c.arguments) },
          })),
        }
      : {}),
  };
}

interface Reply {
  text: string;
  toolCalls: ModelToolCall[];
  finishReason: ModelCallResult['finishReason'];
  usage: ModelCallResult['usage'];
  /** The streamed text no chunk event holds yet (written with the reply's record). */
  restChunk?: RecordedEvent | null;
}

/** The reply as a recorded assistant message holds it (replies recorded before `usage` was stored count none). */
function recordedReply(message: StoredMessage, step: number): Reply {
  const toolCalls = (message.tool_calls ?? []).map((c, index) => {
    const args = parseArguments(c.function.arguments);
    return {
      id: c.id || `call_${step}_${index}`,
      name: c.function.name,
      arguments: args,
      argumentsHash: argumentsHash(args),
    };
  });
  return {
    text: message.content ?? '',
    toolCalls,
    finishReason: normalizeFinishReason(message.finishReason ?? null),
    usage: message.usage ?? { promptTokens: 0, completionTokens: 0 },
  };
}

function normalizeFinishReason(reason: string | null): ModelCallResult['finishReason'] {
  return reason === 'stop' || reason === 'length' || reason === 'tool_calls' || reason === 'content_filter'
    ? reason
    : 'other';
}

/** Calls the model (compacting the conversation to fit) and streams its reply as chunk events. */
async function streamNewReply(
  deps: ModelCallDeps,
  snapshot: GenerationSnapshot,
  input: ModelCallInput,
  replySeq: number,
  before: StoredMessage[],
): Promise<Reply | { needsSummary: Omit<ModelCallResult, 'seq'> }> {
  const { store } = deps;
  const chunks = new ChunkWriter(store.events, input.generationId, input.step, replySeq);
  const toolNames = input.context.tools.map((t) => t.name);
  const { history, offered } = await conversationFor(deps, snapshot, input.generationId, toolNames, before);

  const client = createProviderClient(
    snapshot.provider,
    deps.secrets,
    snapshot.model,
    deps.modelTimeoutMs,
    deps.dispatcher,
  );
  const signal = callSignal();
  let text = '';
  const calls = new Map<number, { id: string; name: string; args: string }>();
  let finishReason: string | null = null;
  let usage = { promptTokens: 0, completionTokens: 0 };
  const compactor = new ContextCompactor({
    store,
    generationId: input.generationId,
    step: input.step,
    replySeq,
    window: contextWindowFor(snapshot.model, snapshot.contextWindow),
    toolsJson: toolsJsonOf(offered),
    summarizer: summarizerFor(deps, snapshot, client),
    defer: input.inlineSummary !== true,
    resume: input.compaction,
  });
  const noUsage = { promptTokens: 0, completionTokens: 0 };
  let sent: StoredMessage[];
  try {
    sent = await compactor.fit(history);
  } catch (err) {
    if (err instanceof SummaryNeeded)
      return {
        needsSummary: { toolCalls: [], finishReason: 'other', hasText: false, usage: noUsage, needsSummary: err.point },
      };
    throw err;
  }
  for (;;) {
    try {
      await streamReply(sent);
      break;
    } catch (err) {
      // Only a refusal before anything streamed is compacted: a reply half received is retried whole.
      if (!isContextOverflow(err) || text !== '' || calls.size > 0) {
        await chunks.flush().catch(() => undefined);
        mapProviderError(err);
      }
      // The provider counted more than we did: compact harder and retry, a bounded number of times.
      let harder: StoredMessage[] | null;
      try {
        harder = await compactor.harder(history);
      } catch (e) {
        if (!(e instanceof SummaryNeeded)) throw e;
        // Nothing of this reply was kept: the provider refused the request before streaming.
        await chunks.flush().catch(() => undefined);
        return {
          needsSummary: { toolCalls: [], finishReason: 'other', hasText: false, usage: noUsage, needsSummary: e.point },
        };
      }
      if (harder === null) {
        throw ApplicationFailure.create({
          type: contextOverflowFailure,
          nonRetryable: true,
          message: `The conversation does not fit the model's context window after ${MAX_FAILED_COMPACTIONS} compactions`,
        });
      }
      sent = harder;
    }
  }

  async function streamReply(messages: StoredMessage[]): Promise<void> {
    await heartbeatWhile(async () => {
      const stream = await client.chat.completions.create(
        {
          model: snapshot.model,
          messages: toApiMessages(messages),
          ...samplingOptions(snapshot.modelParameters, snapshot.agent.temperature),
          ...(offered.length
            ? { tools: offered.map(toOpenAiTool), tool_choice: toOpenAiToolChoice(input.context.toolChoice) }
            : {}),
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal },
      );
      for await (const chunk of stream) {
        heartbeatOnce();
        if (chunk.usage)
          usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
        const choice = chunk.choices[0];
        if (!choice) continue;
        if (choice.delta?.content) {
          text += choice.delta.content;
          chunks.push(choice.delta.content);
        }
        for (const tc of choice.delta?.tool_calls ?? []) {
          const current = calls.get(tc.index) ?? { id: '', name: '', args: '' };
          if (tc.id) current.id = tc.id;
          if (tc.function?.name) current.name += tc.function.name;
          if (tc.function?.arguments) current.args += tc.function.arguments;
          calls.set(tc.index, current);
        }
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
    });
  }
  const restChunk = await chunks.rest();

  const toolCalls: ModelToolCall[] = [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, c]) => {
      const args = parseArguments(c.args);
      return {
        id: c.id || `call_${input.step}_${index}`,
        name: c.name,
        arguments: args,
        argumentsHash: argumentsHash(args),
      };
    });
  return { text, toolCalls, finishReason: normalizeFinishReason(finishReason), usage, restChunk };
}
