import type { Client } from '@temporalio/client';
import type { Dispatcher } from 'undici';
import { KNOWLEDGE_SEARCH_TOOL, type ToolCallInput, type Usage } from '../../contracts/generation/index.js';
import type { ToolResultStatus } from '../../contracts/schemas/index.js';
import type { GenerationSnapshot, SnapshotTool } from '../../contracts/snapshot.js';
import { boundaryPoliciesOf, runPlatformAction } from '../../domain/platform-actions/index.js';
import type { SecretBox } from '../../infra/crypto/secrets.js';
import type { Db } from '../../infra/db/prisma.js';
import { defaultBuiltinOptions, runBuiltin, type BuiltinOptions } from '../builtins/index.js';
import type { GenerationStore } from '../generation-store.js';
import { heartbeatWhile } from '../heartbeat.js';
import { capResult, runHttpTool } from '../http-tool.js';
import type { IngestionStarter } from '../../domain/knowledge/documents.js';
import type { KnowledgeService } from '../../domain/knowledge/search.js';
import type { PlatformFiles } from '../../domain/platform-actions/files.js';
import { runKnowledgeSearch } from '../knowledge/search-tool.js';
import { runMcpTool, type McpDeps } from '../mcp-tools.js';
import { SESSION_CACHE_GET, SESSION_CACHE_LIST, type SessionCache } from '../session-cache.js';

/** How a tool call is run, by the tool it calls. */
export type ToolKind = 'http' | 'mcp' | 'builtin' | 'knowledge_search' | 'session_cache' | 'platform';

export function toolKindOf(tool: SnapshotTool | undefined): ToolKind {
  // Discovered MCP tools are not in the snapshot's tools (only their server is).
  if (!tool) return 'mcp';
  if (tool.type === 'platform') return 'platform';
  if (tool.type === 'builtin') {
    if (tool.name === KNOWLEDGE_SEARCH_TOOL) return 'knowledge_search';
    if (tool.name === SESSION_CACHE_LIST || tool.name === SESSION_CACHE_GET) return 'session_cache';
    return 'builtin';
  }
  return 'http';
}

/** One tool call as a runner sees it. */
export interface ToolRun {
  input: ToolCallInput;
  /** The snapshot's tool (absent for a discovered MCP tool). */
  tool: SnapshotTool | undefined;
  snapshot: GenerationSnapshot;
  sessionId: string | null;
  /** Aborted by Temporal's cancel or the generation's cancel request. */
  signal: AbortSignal;
}

export interface ToolRunResult {
  status: ToolResultStatus;
  /** What the model receives as the tool message content. */
  content: string;
  /** Tokens of model calls the tool made (summarize, generate_text): counted in the generation's usage. */
  usage?: Usage;
}

export type ToolRunner = (run: ToolRun) => Promise<ToolRunResult>;

export interface ToolRunnerDeps {
  db: Db;
  secrets: SecretBox;
  /** Tools' outbound connections (the tool allow-list). */
  dispatcher: Dispatcher;
  /** Nested model calls of builtins (the provider allow-list). */
  providerDispatcher: Dispatcher;
  builtins?: BuiltinOptions | undefined;
  store: GenerationStore;
  mcp: McpDeps;
  cache: SessionCache;
  knowledge: KnowledgeService;
  /** The answers platform actions send to paused generations (decide-approval, …). */
  temporal?: Client | undefined;
  /** Where create-document starts ingestion workflows. */
  ingestion?: IngestionStarter | undefined;
}

/** The file platform actions use the storage builtins' folder and quota (none: not configured). */
function platformFiles(deps: ToolRunnerDeps): PlatformFiles | undefined {
  const options = deps.builtins ?? defaultBuiltinOptions;
  if (!options.storageDir) return undefined;
  return {
    storageDir: options.storageDir,
    quota: options.storageQuota,
    secrets: deps.secrets,
    publicApiUrl: options.publicApiUrl,
  };
}

/**
 * The runner of every tool kind. Calls that wait on something remote heartbeat, so a killed
 * worker's call is retried within seconds.
 */
export function createToolRunners(deps: ToolRunnerDeps): Record<ToolKind, ToolRunner> {
  return {
    http: ({ input, tool, signal }) =>
      heartbeatWhile(() =>
        runHttpTool({
          tool: tool!,
          arguments: input.arguments,
          idempotencyKey: `${input.generationId}:${input.toolCallId}`,
          secrets: deps.secrets,
          dispatcher: deps.dispatcher,
          signal,
        }),
      ),
    mcp: ({ input, signal }) =>
      heartbeatWhile(() => runMcpTool(input.generationId, input.toolName, input.arguments, deps.mcp, signal)),
    builtin: ({ input, tool, signal }) =>
      heartbeatWhile(() =>
        runBuiltin(input, tool!, {
          db: deps.db,
          secrets: deps.secrets,
          dispatcher: deps.dispatcher,
          providerDispatcher: deps.providerDispatcher,
          options: deps.builtins ?? defaultBuiltinOptions,
          signal,
        }),
      ),
    knowledge_search: ({ input, snapshot }) =>
      runKnowledgeSearch(deps.knowledge, deps.db, input.generationId, snapshot, input.arguments),
    session_cache: async ({ input, tool, sessionId }) => ({
      status: 'success',
      content: await deps.cache.answer(sessionId, tool!.name, input.arguments),
    }),
    platform: async ({ input, tool, snapshot }) => {
      const caller = await deps.store.caller(input.generationId);
      const outcome = await runPlatformAction(
        {
          db: deps.db,
          temporal: deps.temporal,
          knowledge: deps.knowledge,
          ingestion: deps.ingestion,
          files: platformFiles(deps),
        },
        { ...caller, boundaryPolicies: boundaryPoliciesOf(snapshot) },
        tool!.action!,
        input.arguments,
      );
      // The tool row's maxResultChars, as for every other tool type.
      return { status: outcome.status, content: capResult(JSON.stringify(outcome.result), tool!.maxResultChars) };
    },
  };
}
