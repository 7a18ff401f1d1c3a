import { Context } from '@temporalio/activity';
import type { Dispatcher } from 'undici';
import type { SecretBox } from '../infra/crypto/secrets.js';
import type { Db } from '../infra/db/prisma.js';
import type { ChangeFeed } from '../infra/events/change-feed.js';
import {
  traceOrder,
  type GenerationActivities,
  type ToolCallInput,
  type ToolCallOutcome,
  type ToolResultStatus,
} from '../contracts/generation/index.js';
import { GenerationStore } from './generation-store.js';
import { heartbeatWhile } from './heartbeat.js';
import { reviewFinalText, runHttpHook } from './hooks.js';
import { runHttpTool } from './http-tool.js';
import { callModel } from './model-call.js';
import { SessionStore, type TurnStarter } from './sessions.js';
import { SESSION_CACHE_GET, SESSION_CACHE_LIST, SessionCache, compactToolMessage } from './session-cache.js';
import { McpSessionPool } from './mcp/client.js';
import { discoverGenerationMcpTools, runMcpTool } from './mcp-tools.js';
import { deliverWebhook, finishWebhookDelivery, prepareWebhooks } from './webhooks.js';

export interface ActivityDeps {
  db: Db;
  feed: ChangeFeed;
  secrets: SecretBox;
  /** SSRF-guarded dispatcher for every outgoing tool/webhook/model-provider request. */
  dispatcher: Dispatcher;
  modelTimeoutMs: number;
  /** Starts a session's next queued turn when one settles (without it, the API's reconciler does). */
  turnStarter?: TurnStarter;
}

/** Builds the activities with their clients injected (tests pass their own). */
export function createActivities(deps: ActivityDeps): GenerationActivities {
  const store = new GenerationStore(deps.db, deps.feed);
  const sessions = new SessionStore(deps.db, deps.turnStarter);
  const cache = new SessionCache(deps.db);
  // Keeps an MCP session open from discovery to the calls of the same generation.
  const mcpSessions = new McpSessionPool();
  const mcp = { store, secrets: deps.secrets, dispatcher: deps.dispatcher, sessions: mcpSessions };

  async function recordResult(
    input: ToolCallInput,
    status: ToolResultStatus,
    content: string,
    durationMs?: number,
  ): Promise<void> {
    await store.putMessage(input.generationId, input.seq, {
      role: 'tool',
      tool_call_id: input.toolCallId,
      content,
      status,
    });
    let result: unknown = content;
    try {
      result = JSON.parse(content);
    } catch {
      // plain text result
    }
    await store.events.append(
      input.generationId,
      'tool_result',
      { step: input.step, toolCallId: input.toolCallId, toolName: input.toolName, status, result },
      `tool_result:${input.toolCallId}`,
    );
    await store.putTrace(
      input.generationId,
      `s${input.step}:observe:${input.toolCallId}`,
      traceOrder.observe(input.step, input.seq),
      {
        step: input.step,
        type: 'observe',
        toolCallId: input.toolCallId,
        toolName: input.toolName,
        status,
        result,
        ...(durationMs === undefined ? {} : { durationMs }),
      },
    );
  }

  return {
    callModel: (input) =>
      callModel(
        { store, sessions, secrets: deps.secrets, modelTimeoutMs: deps.modelTimeoutMs, dispatcher: deps.dispatcher },
        input,
      ),

    async executeTool(input): Promise<ToolCallOutcome> {
      // A result recorded before a crash is never executed again.
      const recorded = await store.messageAt(input.generationId, input.seq);
      if (recorded?.role === 'tool' && recorded.tool_call_id === input.toolCallId) {
        return { status: (recorded.status as ToolResultStatus | undefined) ?? 'success', replayed: true };
      }
      const snapshot = await store.snapshot(input.generationId);
      const tool = snapshot.tools.find((t) => t.name === input.toolName && t.type !== 'mcp');
      const started = Date.now();
      const signal = Context.current().cancellationSignal;
      const sessionId = await cache.sessionOf(input.generationId);
      const cached = tool?.type === 'builtin' && (tool.name === SESSION_CACHE_LIST || tool.name === SESSION_CACHE_GET);
      let result = !tool
        ? await heartbeatWhile(() => runMcpTool(input.generationId, input.toolName, input.arguments, mcp, signal))
        : cached
          ? { status: 'success' as const, content: await cache.answer(sessionId, tool.name, input.arguments) }
          : tool.type === 'builtin'
            ? {
                status: 'error' as const,
                content: JSON.stringify({ error: `The builtin tool ${tool.name} is not available on this server` }),
              }
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
      await recordResult(input, result.status, result.content, Date.now() - started);
      return { status: result.status, replayed: false };
    },

    async recordToolResult(input) {
      await recordResult(input, input.status, JSON.stringify(input.result));
    },

    async recordClientOutputs(input) {
      for (const o of input.outputs) {
        const content = typeof o.output === 'string' ? o.output : JSON.stringify(o.output ?? null);
        await recordResult(
          {
            generationId: input.generationId,
            step: input.step,
            seq: o.seq,
            toolCallId: o.toolCallId,
            toolName: o.toolName,
            arguments: o.arguments,
          },
          'success',
          content,
        );
      }
      await store.writeStatus(input.status);
    },

    runHttpHook: (input) => runHttpHook(input, { store, secrets: deps.secrets, dispatcher: deps.dispatcher }),
    openApprovals: (input) => store.openApprovals(input.generationId, input.step, input.approvals, input.status),
    closeApprovals: (input) => store.closeApprovals(input.generationId, input.step, input.outcomes, input.status),
    reviewFinalText: (input) => reviewFinalText(input, { store, secrets: deps.secrets, dispatcher: deps.dispatcher }),
    prepareWebhooks: (input) => prepareWebhooks(input, deps),
    deliverWebhook: (input) => deliverWebhook(input, deps),
    finishWebhookDelivery: (input) => finishWebhookDelivery(input, deps),
    writeStatus: (input) => store.writeStatus(input),
    finishGeneration: async (input) => {
      await store.finish(input);
      await mcpSessions.closeScope(input.generationId);
      await sessions.releaseAfter(input.generationId);
    },
    discoverMcpTools: (input) => heartbeatWhile(() => discoverGenerationMcpTools(input.generationId, mcp)),
  };
}
