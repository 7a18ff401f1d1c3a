import type { Client } from '@temporalio/client';
import type { Dispatcher } from 'undici';
import type { FinishInput, GenerationActivities, StatusWrite, ToolCallInput } from '../contracts/generation/index.js';
import type { DocumentIngestionActivities } from '../contracts/knowledge/ingestion.js';
import { claimExpiry } from '../domain/answers/claims.js';
import { claimEscalation } from '../domain/answers/escalation-claims.js';
import type { SecretBox } from '../infra/crypto/secrets.js';
import type { Db } from '../infra/db/prisma.js';
import type { ChangeFeed } from '../infra/events/change-feed.js';
import type { BuiltinOptions } from './builtins/index.js';
import { stopOnCancelRequest } from './cancel-requests.js';
import { childTarget, prepareChildGeneration, recordChildResult, type ChildLimits } from './child-generations.js';
import { ConversationCache } from './conversation-cache.js';
import { GenerationStore } from './generation-store.js';
import { heartbeatWhile } from './heartbeat.js';
import { reviewFinalText, runHttpHook } from './hooks.js';
import { createEmbedder } from '../domain/knowledge/embedder.js';
import { createIngestionActivities } from './knowledge/ingestion.js';
import { KnowledgeService } from '../domain/knowledge/search.js';
import { McpSessionPool } from './mcp/session-pool.js';
import { discoverGenerationMcpTools } from './mcp-tools.js';
import { createModelTurn } from './model-turn.js';
import { makeQueuedWrites, type QueuedWriteDeps } from './queued-writes.js';
import { SessionCache } from './session-cache.js';
import { SessionStore, type TurnStarter } from './sessions.js';
import { summarizeConversation } from './summary-call.js';
import { executeTool } from './tools/execute-tool.js';
import { createToolRunners } from './tools/registry.js';
import { deliverWebhook, finishWebhookDelivery, prepareWebhooks } from './webhooks.js';
import { createScheduledGeneration, scheduleControlOf } from './scheduled-runs.js';
import type { ScheduledRunActivities } from '../contracts/generation/scheduled-run.js';
import type { CreateLimits } from '../domain/generations/create.js';

export interface ActivityDeps {
  db: Db;
  feed: ChangeFeed;
  secrets: SecretBox;
  /** SSRF-guarded dispatcher of tenant tools, MCP servers, hooks and webhooks (the tool allow-list). */
  dispatcher: Dispatcher;
  /** SSRF-guarded dispatcher of model providers and embeddings (the provider allow-list); default `dispatcher`. */
  providerDispatcher?: Dispatcher;
  modelTimeoutMs: number;
  /** Settings of the builtin tools (SSRF allow-list for database hosts, code sandbox). */
  builtins?: BuiltinOptions;
  /** Limits child generations are planned with (defaults: the environment's defaults). */
  limits?: ChildLimits;
  /** Limits a scheduled run's generation is planned with, as the API plans one (docs/schedules.md). */
  startLimits?: CreateLimits;
  /** Starts a session's next queued turn when one settles (without it, the API's reconciler does). */
  turnStarter?: TurnStarter;
  /** Signals of the platform actions that answer paused generations (decide-approval, …). */
  temporal?: Client;
  /** Told of every state a generation's writes store (the worker's log line and metrics). */
  onStateChange?: (change: StatusWrite | FinishInput) => void;
  /** Crash tests only: called when work done inside another activity is recorded (infra/crash-injection.ts). */
  crashPoint?: (reached: string) => void;
}

/**
 * The worker's activities, wired to their dependencies (tests pass their own). What each does
 * lives in its module; every generation activity first makes the writes the run queued for it.
 */
export function createActivities(
  deps: ActivityDeps,
): GenerationActivities & DocumentIngestionActivities & ScheduledRunActivities {
  const { db, feed, secrets, dispatcher } = deps;
  const providerDispatcher = deps.providerDispatcher ?? dispatcher;
  const store = new GenerationStore(db, feed);
  const sessions = new SessionStore(db, deps.turnStarter, deps.crashPoint);
  const cache = new SessionCache(db);
  // Keeps an MCP session open from discovery to the calls of the same generation.
  const mcp = { store, secrets, dispatcher, sessions: new McpSessionPool() };
  const embed = createEmbedder({ secrets, dispatcher: providerDispatcher });
  const knowledge = new KnowledgeService(db, embed);
  const ingestion = createIngestionActivities({ db, embed });
  const writes: QueuedWriteDeps = { db, feed, store, onStatus: deps.onStateChange, crashPoint: deps.crashPoint };
  const model = {
    db,
    feed,
    store,
    sessions,
    secrets,
    dispatcher: providerDispatcher,
    modelTimeoutMs: deps.modelTimeoutMs,
    conversations: new ConversationCache(),
  };
  const runners = createToolRunners({
    db,
    secrets,
    dispatcher,
    providerDispatcher,
    // Crash tests stop inside database_write too.
    builtins: deps.crashPoint && deps.builtins ? { ...deps.builtins, crashPoint: deps.crashPoint } : deps.builtins,
    store,
    mcp,
    cache,
    knowledge,
    temporal: deps.temporal,
    // Ingestion workflows run on the main task queue, where the session turns are started.
    ingestion: deps.turnStarter,
  });
  const runTool = (input: ToolCallInput, freshReply = false) =>
    executeTool({ store, cache, runners }, input, freshReply);
  const hookDeps = { store, secrets, dispatcher };
  const childDeps = {
    db,
    limits: deps.limits ?? { maxStepsCap: 100, webhookMaxAttempts: 8 },
    record: store.recordResultOf,
  };

  /**
   * The run's final write, then what the generation held: its MCP sessions, its session's place
   * and its slot of the project (docs/adr/0050).
   */
  async function finish(input: FinishInput): Promise<void> {
    await store.finish(input);
    deps.onStateChange?.(input);
    await mcp.sessions.closeScope(input.generationId);
    // The session place is cached with the snapshot.
    await sessions.releaseAfter(input.generationId, (await store.session(input.generationId)).sessionId);
  }

  /** Every generation activity makes the writes it carries first (workflows/pending-writes.ts). */
  const carrying =
    <I extends { writes?: Parameters<typeof makeQueuedWrites>[1] }, R>(run: (input: I) => Promise<R>) =>
    async (input: I): Promise<R> => {
      await makeQueuedWrites(writes, input.writes);
      return run(input);
    };

  const scheduledRunDeps = {
    db,
    secrets,
    limits: deps.startLimits ?? {
      maxStepsCap: childDeps.limits.maxStepsCap,
      modelAttempts: 3,
      modelTimeoutSeconds: Math.ceil(deps.modelTimeoutMs / 1000),
      webhookMaxAttempts: childDeps.limits.webhookMaxAttempts,
      maxRunningGenerations: deps.turnStarter?.maxRunningGenerations,
    },
    control: scheduleControlOf(deps.temporal, childDeps.limits.webhookMaxAttempts),
  };

  return {
    ...ingestion,
    createScheduledGeneration: (input) => createScheduledGeneration(scheduledRunDeps, input),
    announceGenerationCancel: ({ generationId }) => feed.requestCancel(generationId),
    // Heartbeats while the provider embeds, so a killed worker's batch is retried within seconds.
    indexChunkBatch: (input) => heartbeatWhile(() => ingestion.indexChunkBatch(input)),
    callModel: createModelTurn({ feed, model, writes, finish, executeTool: runTool, crashPoint: deps.crashPoint }),
    summarizeConversation: carrying((input) =>
      stopOnCancelRequest(feed, input.generationId, () => summarizeConversation(model, input)),
    ),
    executeTool: carrying((input) => stopOnCancelRequest(feed, input.generationId, () => runTool(input))),
    recordToolResult: carrying((input) => store.recordResultOf(input, input.status, JSON.stringify(input.result))),
    flushWrites: (input) => makeQueuedWrites(writes, input.writes),
    discoverMcpTools: carrying((input) => heartbeatWhile(() => discoverGenerationMcpTools(input.generationId, mcp))),
    runHttpHook: carrying((input) => runHttpHook(input, hookDeps)),
    expireApprovals: carrying((input) => claimExpiry(db, input)),
    escalateApprovals: carrying((input) => claimEscalation(db, input)),
    reviewFinalText: carrying((input) => reviewFinalText(input, hookDeps)),
    prepareWebhooks: carrying((input) => prepareWebhooks(input, deps)),
    deliverWebhook: (input) => deliverWebhook(input, deps),
    finishWebhookDelivery: (input) => finishWebhookDelivery(input, deps),
    prepareChildGeneration: carrying((input) => prepareChildGeneration(childDeps, input, childTarget(db, input))),
    recordChildResult: carrying((input) => recordChildResult(childDeps, input)),
    finishGeneration: carrying(finish),
  };
}
