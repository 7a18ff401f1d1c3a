import type { Client } from '@temporalio/client';
import type { Dispatcher } from 'undici';
import type { SecretBox } from '../infra/crypto/secrets.js';
import type { Db } from '../infra/db/prisma.js';
import type { ChangeFeed } from '../infra/events/change-feed.js';
import type { DocumentIngestionActivities } from '../contracts/knowledge/ingestion.js';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import { Context } from '@temporalio/activity';
import {
  KNOWLEDGE_SEARCH_TOOL,
  finishWithUsage,
  pauseOpenedByReply,
  replyEndsRun,
  type CallInReply,
  type ClientOutputsWrite,
  type FinishInput,
  type GenerationActivities,
  type ModelCallInput,
  type ToolCallInput,
  type ToolOutcomeInReply,
  type ToolCallOutcome,
  type ToolResultStatus,
  type Usage,
} from '../contracts/generation/index.js';
import { defaultBuiltinOptions, runBuiltin, type BuiltinOptions } from './builtins/index.js';
import { nestedModelCallKey } from './builtins/text-generation.js';
import { childTarget, prepareChildGeneration, recordChildResult, type ChildLimits } from './child-generations.js';
import { runPlatformAction } from './platform-actions/index.js';
import { closeApprovals, openApprovals } from './approval-records.js';
import { GenerationStore } from './generation-store.js';
import { heartbeatWhile } from './heartbeat.js';
import { reviewFinalText, runHttpHook } from './hooks.js';
import { runHttpTool } from './http-tool.js';
import { deliveryOf, outcomeUnknownContent } from './tool-delivery.js';
import { callModel } from './model-call.js';
import { callSignal, stopOnCancelRequest } from './cancel-requests.js';
import { runCallsInReply } from './tools-in-reply.js';
import { summarizeConversation } from './summary-call.js';
import { SessionStore, type TurnStarter } from './sessions.js';
import { SESSION_CACHE_GET, SESSION_CACHE_LIST, SessionCache, compactToolMessage } from './session-cache.js';
import { McpSessionPool } from './mcp/client.js';
import { discoverGenerationMcpTools, runMcpTool } from './mcp-tools.js';
import { createEmbedder } from './knowledge/embedder.js';
import { createIngestionActivities } from './knowledge/ingestion.js';
import { KnowledgeService } from './knowledge/search.js';
import { runKnowledgeSearch } from './knowledge/search-tool.js';
import { deliverWebhook, finishWebhookDelivery, prepareWebhooks } from './webhooks.js';
import { ConversationCache } from './conversation-cache.js';

export interface ActivityDeps {
  db: Db;
  feed: ChangeFeed;
  secrets: SecretBox;
  /** SSRF-guarded dispatcher for every outgoing tool/webhook/model-provider request. */
  dispatcher: Dispatcher;
  modelTimeoutMs: number;
  /** Settings of the builtin tools (SSRF allow-list for database hosts, code sandbox). */
  builtins?: BuiltinOptions;
  /** Limits child generations are planned with (defaults: the environment's defaults). */
  limits?: ChildLimits;
  /** Starts a session's next queued turn when one settles (without it, the API's reconciler does). */
  turnStarter?: TurnStarter;
  /** Workflow updates of the platform actions that answer paused generations (decide-approval, …). */
  temporal?: Client;
  /** Crash tests only: called when work done inside another activity is recorded (`executeTool`, `writeStatus`, `finishGeneration`). */
  crashPoint?: (reached: string) => void;
}

const toolTracer = trace.getTracer('durable-agents-worker');

/** Builds the activities with their clients injected (tests pass their own). */
export function createActivities(deps: ActivityDeps): GenerationActivities & DocumentIngestionActivities {
  const store = new GenerationStore(deps.db, deps.feed);
  const sessions = new SessionStore(deps.db, deps.turnStarter);
  const cache = new SessionCache(deps.db);
  // Keeps an MCP session open from discovery to the calls of the same generation.
  const mcpSessions = new McpSessionPool();
  const mcp = { store, secrets: deps.secrets, dispatcher: deps.dispatcher, sessions: mcpSessions };
  const embed = createEmbedder({ secrets: deps.secrets, dispatcher: deps.dispatcher });
  const knowledge = new KnowledgeService(deps.db, embed);
  const ingestion = createIngestionActivities({ db: deps.db, embed });

  /** The run's final write, then what the generation held: its MCP sessions and its session's place. */
  async function finishGeneration(input: FinishInput): Promise<void> {
    await store.finish(input);
    await mcpSessions.closeScope(input.generationId);
    // The session place is cached with the snapshot: no look-up for generations outside sessions.
    await sessions.releaseAfter((await store.session(input.generationId)).sessionId);
  }

  const modelDeps = {
    db: deps.db,
    feed: deps.feed,
    store,
    sessions,
    secrets: deps.secrets,
    modelTimeoutMs: deps.modelTimeoutMs,
    dispatcher: deps.dispatcher,
    conversations: new ConversationCache(),
  };

  function recordResult(
    input: ToolCallInput,
    status: ToolResultStatus,
    content: string,
    extra: { durationMs?: number; outcome?: 'unknown' } = {},
  ): Promise<void> {
    const { generationId, step, seq, toolCallId, toolName } = input;
    return store.recordToolResult({ generationId, step, seq, toolCallId, toolName, status, content, ...extra });
  }

  /** `freshReply`: the call is of a reply this execution streamed, so no result of it can be recorded. */
  async function executeTool(input: ToolCallInput, freshReply = false): Promise<ToolCallOutcome> {
    // A result recorded before a crash is never executed again.
    const recorded = freshReply ? null : await store.messageAt(input.generationId, input.seq);
    if (recorded?.role === 'tool' && recorded.tool_call_id === input.toolCallId) {
      const status = (recorded.status as ToolResultStatus | undefined) ?? 'success';
      const { generationId, step, seq, toolCallId, toolName } = input;
      await store.completeRecordedResult({
        generationId,
        step,
        seq,
        toolCallId,
        toolName,
        status,
        content: recorded.content ?? '',
      });
      // A nested model call's tokens were spent even if the workflow never saw the first attempt's outcome.
      const nested = await store.traceEntry(input.generationId, nestedModelCallKey(input.step, input.toolCallId));
      const usage = nested?.usage as Usage | undefined;
      return { status, replayed: true, ...(usage ? { usage } : {}) };
    }
    const snapshot = await store.snapshot(input.generationId);
    const tool = snapshot.tools.find((t) => t.name === input.toolName && t.type !== 'mcp');
    const discovered = tool ? [] : await store.discoveredTools(input.generationId);
    if (deliveryOf(snapshot, input.toolName, discovered) === 'at_most_once') {
      // Marked before the call: an attempt that finds the mark was preceded by one that may have called.
      const first = await store.markCallStarted(input.generationId, input.toolCallId);
      if (!first) {
        await recordResult(input, 'error', outcomeUnknownContent(input.toolName), { outcome: 'unknown' });
        return { status: 'error', replayed: false };
      }
    }
    const started = Date.now();
    if (tool?.type === 'platform' && tool.action) {
      const caller = await store.caller(input.generationId);
      const outcome = await runPlatformAction(
        { db: deps.db, temporal: deps.temporal },
        { ...caller, boundaryPolicy: snapshot.agent.boundaryPolicy },
        tool.action,
        input.arguments,
      );
      await recordResult(input, outcome.status, JSON.stringify(outcome.result), { durationMs: Date.now() - started });
      return { status: outcome.status, replayed: false, toolType: 'platform' };
    }
    const signal = callSignal();
    const { sessionId } = await store.session(input.generationId);
    const cached = tool?.type === 'builtin' && (tool.name === SESSION_CACHE_LIST || tool.name === SESSION_CACHE_GET);
    let result = !tool
      ? await heartbeatWhile(() => runMcpTool(input.generationId, input.toolName, input.arguments, mcp, signal))
      : cached
        ? { status: 'success' as const, content: await cache.answer(sessionId, tool.name, input.arguments) }
        : tool.type === 'builtin' && tool.name === KNOWLEDGE_SEARCH_TOOL
          ? await runKnowledgeSearch(knowledge, deps.db, input.generationId, snapshot, input.arguments)
          : tool.type === 'builtin'
            ? await heartbeatWhile(() =>
                runBuiltin(input, tool, {
                  db: deps.db,
                  secrets: deps.secrets,
                  dispatcher: deps.dispatcher,
                  options: deps.builtins ?? defaultBuiltinOptions,
                  signal,
                }),
              )
            : await heartbeatWhile(() =>
                runHttpTool({
                  tool,
                  arguments: input.arguments,
                  idempotencyKey: `${input.generationId}:${input.toolCallId}`,
                  secrets: deps.secrets,
                  dispatcher: deps.dispatcher,
                  signal,
                }),
              );
    // In a session, full http/MCP results go to the session cache; the model keeps a head and the id.
    if (sessionId && result.status === 'success' && (!tool || tool.type === 'http')) {
      const cacheId = await cache.put(sessionId, { ...input, content: result.content });
      result = { ...result, content: compactToolMessage(result.content, cacheId) };
    }
    await recordResult(input, result.status, result.content, { durationMs: Date.now() - started });
    const usage = (result as { usage?: Usage }).usage;
    return { status: result.status, replayed: false, toolType: tool?.type ?? 'mcp', ...(usage ? { usage } : {}) };
  }

  /** One call of a reply, run inside the model call (docs/adr/0031); null leaves it to the loop. */
  async function runToolInReply(
    input: ModelCallInput,
    c: CallInReply,
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
          const outcome = await executeTool(
            { generationId, step, seq: c.seq, toolCallId, toolName, arguments: args },
            freshReply,
          );
          deps.crashPoint?.('executeTool');
          return { ...outcome, toolCallId, toolName, seq: c.seq, durationMs: performance.now() - started };
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

  const recordClientOutputs = (input: ClientOutputsWrite) =>
    store.recordPauseResults(
      input.generationId,
      input.outputs.map((o) => ({
        generationId: input.generationId,
        step: input.step,
        seq: o.seq,
        toolCallId: o.toolCallId,
        toolName: o.toolName,
        status: 'success' as const,
        content: typeof o.output === 'string' ? o.output : JSON.stringify(o.output ?? null),
      })),
      input.status,
    );

  return {
    ...ingestion,
    // Heartbeats while the provider embeds, so a killed worker's batch is retried within seconds.
    indexChunkBatch: (input) => heartbeatWhile(() => ingestion.indexChunkBatch(input)),
    callModel: async (input) => {
      // The run's answer should this reply end it, from the conversation the call read.
      let answer: string | null = null;
      const reply = await stopOnCancelRequest(deps.feed, input.generationId, async () => {
        // This attempt's own start: a local activity's retry keeps the first attempt's schedule time.
        const attemptDeadlineMs = Date.now() + Context.current().info.startToCloseTimeoutMs;
        if (input.startWrite) {
          // The run's first activity (docs/adr/0032): the same write as `writeStatus`, idempotent.
          await store.writeStatus(input.startWrite);
          deps.crashPoint?.('writeStatus');
        }
        if (input.leaveWrite) {
          // The answers to the pause before this call (docs/adr/0038): stored before the model reads them.
          await recordClientOutputs(input.leaveWrite);
          deps.crashPoint?.('recordClientOutputs');
        }
        const { result: reply, freshReply, answer: text } = await callModel(modelDeps, input);
        answer = text;
        // Crash tests: the reply is stored, the calls it asks for have not run.
        deps.crashPoint?.('callModel');
        // The reply pauses for client tools at once (docs/adr/0039): the pause's write, as the loop would make it.
        const pauseWrite = input.pauseWrite ? pauseOpenedByReply(reply, input.pauseWrite) : null;
        if (pauseWrite) {
          await store.writeStatus(pauseWrite);
          deps.crashPoint?.('openClientPause');
          return { ...reply, pauseWritten: pauseWrite };
        }
        const started = performance.now();
        const toolOutcomes = await runCallsInReply(input, reply, {
          run: (c) => runToolInReply(input, c, freshReply),
          attemptDeadlineMs,
          signal: callSignal(),
        });
        if (toolOutcomes === null) return reply;
        const toolCallsMs = performance.now() - started;
        return { ...reply, ...(toolOutcomes.length > 0 ? { toolOutcomes } : {}), toolCallsMs };
      });
      // The reply ends the run (docs/adr/0033). Written after the cancel check: a cancel heard
      // before it cancels the run, one heard after it finds the run ended.
      if (!input.finishWrite || !replyEndsRun(reply)) return reply;
      try {
        const finish = finishWithUsage(input.finishWrite, input.usageSoFar, reply.usage);
        // A completed run's text, as `finish` would read it back from the stored messages.
        await finishGeneration(finish.status === 'completed' ? { ...finish, text: answer } : finish);
      } catch (err) {
        // The reply is recorded: the loop makes the same write through its own activity, with the
        // bookkeeping retries, instead of spending the model call's retries (and a model request).
        Context.current().log.warn('final write inside the model call failed; the loop makes it', {
          error: err instanceof Error ? err.message : String(err),
        });
        return reply;
      }
      deps.crashPoint?.('finishGeneration');
      return { ...reply, finished: true };
    },
    summarizeConversation: (input) =>
      stopOnCancelRequest(deps.feed, input.generationId, () => summarizeConversation(modelDeps, input)),

    executeTool: (input) => stopOnCancelRequest(deps.feed, input.generationId, () => executeTool(input)),

    async recordToolResult(input) {
      await recordResult(input, input.status, JSON.stringify(input.result));
    },

    recordClientOutputs,

    runHttpHook: (input) => runHttpHook(input, { store, secrets: deps.secrets, dispatcher: deps.dispatcher }),
    openApprovals: (input) =>
      openApprovals(deps.db, deps.feed, input.generationId, input.step, input.approvals, input.status),
    closeApprovals: (input) =>
      closeApprovals(deps.db, deps.feed, input.generationId, input.step, input.outcomes, input.status),
    reviewFinalText: (input) => reviewFinalText(input, { store, secrets: deps.secrets, dispatcher: deps.dispatcher }),
    prepareWebhooks: (input) => prepareWebhooks(input, deps),
    deliverWebhook: (input) => deliverWebhook(input, deps),
    finishWebhookDelivery: (input) => finishWebhookDelivery(input, deps),
    writeStatus: (input) => store.writeStatus(input),
    finishGeneration,
    prepareChildGeneration: (input) =>
      prepareChildGeneration(
        { db: deps.db, limits: deps.limits ?? { maxStepsCap: 100, webhookMaxAttempts: 8 }, record: recordResult },
        input,
        childTarget(deps.db, input),
      ),
    recordChildResult: (input) => recordChildResult({ db: deps.db, record: recordResult }, input),
    discoverMcpTools: (input) => heartbeatWhile(() => discoverGenerationMcpTools(input.generationId, mcp)),
  };
}
