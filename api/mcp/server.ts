import type { IncomingMessage } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandler } from 'express';
import { ApiError } from '../../contracts/errors.js';
import {
  canonicalActionName,
  platformActions,
  resumingPlatformActions,
  type PlatformActionSpec,
} from '../../contracts/platform-actions.js';
import { mcpManagementActions } from '../../contracts/platform-actions-mcp.js';
import { generateRequestSchema } from '../../contracts/schemas/index.js';
import {
  authorizePlatformAction,
  PlatformDenied,
  runPlatformAction,
  runResumingAction,
} from '../../domain/platform-actions/index.js';
import type { AppContext } from '../context.js';
import { requireAuth, type AuthInfo } from '../http.js';
import { startGeneration } from '../generations/start.js';
import { viewAfterAnswer } from '../generations/resume.js';
import { waitForSettled, waitedView } from '../generations/wait.js';
import { holdSlot, type HeldConnection } from '../services/connection-limits.js';
import { ingestionStarter, knowledgeService } from '../services/knowledge.js';
import { storageRoot } from '../../infra/storage/file-store.js';
import { managementAction, runManagementAction } from './management.js';

/** MCP tool name of a registry action (`list-agents` → `list_agents`). */
export const mcpToolName = (action: string) => action.replace(/-/g, '_');

/** Every tool `/mcp` lists: the platform actions agents may have, then the MCP-only management ones. */
const mcpTools: PlatformActionSpec[] = [...platformActions, ...mcpManagementActions];

/** The canonical action of an MCP tool name, under either spelling (`create_tool` → `create-agent-tool`). */
const actionOfTool = (name: string) => canonicalActionName(name.replace(/_/g, '-'));

/** What the file and create-document actions need in the API process (the worker's are its own). */
function platformDeps(ctx: AppContext) {
  return {
    db: ctx.db,
    temporal: ctx.temporal,
    knowledge: knowledgeService(ctx),
    ingestion: ingestionStarter(ctx),
    files: {
      storageDir: storageRoot(ctx.env.DATA_DIR),
      quota: { bytes: ctx.env.STORAGE_PROJECT_MAX_BYTES, files: ctx.env.STORAGE_PROJECT_MAX_FILES },
      secrets: ctx.secrets,
      publicApiUrl: ctx.env.PUBLIC_API_URL,
    },
  };
}

const reply = (value: unknown, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }],
  ...(isError ? { isError: true } : {}),
});

/** create-agent-generation over MCP: a top-level generation started as this key, awaited like a sync generate. */
async function runGeneration(ctx: AppContext, auth: AuthInfo, args: Record<string, unknown>): Promise<CallToolResult> {
  const { agentId, ...rest } = args;
  const body = generateRequestSchema.safeParse({ ...rest, waitSeconds: 60 });
  if (!body.success || typeof agentId !== 'string')
    return reply({ error: 'arguments must be { agentId, prompt, variables? }' }, true);
  const { generation } = await startGeneration(ctx, auth, agentId, body.data, undefined);
  return reply(
    await waitedView(ctx.db, await waitForSettled(ctx.db, ctx.feed, generation.id, 0, body.data.waitSeconds * 1000)),
  );
}

/**
 * decide-approval, submit-tool-outputs, answer-clarification over MCP: the REST endpoint's checks and
 * claim, then the generation as a synchronous REST request would get it (at most 60 s; still running
 * or requires_action after that). Partly answered (calls still pending): the generation as soon as
 * the workflow has taken the answer.
 */
async function resume(ctx: AppContext, auth: AuthInfo, name: string, args: Record<string, unknown>) {
  const receivedAt = Date.now();
  const spec = platformActions.find((a) => a.name === name)!;
  const caller = { projectId: auth.projectId, keyId: auth.keyId, boundaryPolicies: [] };
  const answered = await runResumingAction(ctx, caller, spec, args, { callerWaits: true });
  const options = { async: false, waitSeconds: 60 };
  return reply((await viewAfterAnswer(ctx, auth.projectId, answered, options, receivedAt)).view);
}

async function callTool(ctx: AppContext, auth: AuthInfo, name: string, rawArgs: unknown): Promise<CallToolResult> {
  const action = actionOfTool(name);
  const args = typeof rawArgs === 'object' && rawArgs !== null ? (rawArgs as Record<string, unknown>) : {};
  const management = managementAction(action);
  if (management) return runManagementAction(ctx, auth, management, args);
  const spec = platformActions.find((a) => a.name === action);
  if (!spec) return reply({ error: `Unknown tool ${name}` }, true);
  const caller = { projectId: auth.projectId, keyId: auth.keyId, boundaryPolicies: [] };
  if (spec.name === 'create-agent-generation') {
    try {
      await authorizePlatformAction(ctx.db, caller, spec, args);
      return await runGeneration(ctx, auth, args);
    } catch (err) {
      if (err instanceof PlatformDenied || err instanceof ApiError) return reply({ error: err.message }, true);
      throw err;
    }
  }
  if (resumingPlatformActions.has(spec.name)) {
    try {
      return await resume(ctx, auth, spec.name, args);
    } catch (err) {
      if (err instanceof PlatformDenied || err instanceof ApiError) return reply({ error: err.message }, true);
      throw err;
    }
  }
  const outcome = await runPlatformAction(platformDeps(ctx), caller, spec.name, args);
  return reply(outcome.result, outcome.status !== 'success');
}

/** The MCP tools whose call holds its HTTP request open until a generation settles (up to 60 s). */
const waitingTools = new Set(
  platformActions
    .filter((a) => a.name === 'create-agent-generation' || resumingPlatformActions.has(a.name))
    .map((a) => mcpToolName(a.name)),
);

/**
 * What an `/mcp` request holds open, counted like REST's streams and waits: a GET is the
 * transport's standalone event stream (open until the client leaves); a POST whose JSON-RPC
 * message (or batch) calls a waiting tool is a wait. Everything else answers at once.
 */
function mcpHeld(method: string, body: unknown): HeldConnection | null {
  if (method === 'GET') return 'stream';
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  const waits = messages.some((m) => {
    const msg = m as { method?: unknown; params?: { name?: unknown } } | null;
    return msg?.method === 'tools/call' && waitingTools.has(mcpToolName(actionOfTool(String(msg.params?.name))));
  });
  return waits ? 'wait' : null;
}

/**
 * `/mcp`: the platform action registry as MCP tools (official SDK server, Streamable HTTP,
 * stateless: one server per request). The API key (`Authorization: Bearer`) is checked by the
 * auth middleware; every tools/call is authorized by that key's policy like the REST endpoint, and
 * held-open requests count against the key's and the project's connection caps (`mcpHeld`).
 */
export function mcpHandler(ctx: AppContext): RequestHandler {
  return async (req, res, next) => {
    try {
      const auth = requireAuth(req);
      // Before anything is answered: over the cap, a 429 with Retry-After like REST's.
      holdSlot(ctx.connections, mcpHeld(req.method, req.body), auth, res);
      const server = new Server({ name: 'durable-agents', version: '1.0.0' }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, () => ({
        tools: mcpTools.map((a) => ({
          name: mcpToolName(a.name),
          description: a.description,
          inputSchema: a.parameters as { type: 'object'; properties?: Record<string, object> },
          annotations: { readOnlyHint: a.readOnly, destructiveHint: a.name.startsWith('delete-') },
        })),
      }));
      server.setRequestHandler(CallToolRequestSchema, (request) =>
        callTool(ctx, auth, request.params.name, request.params.arguments),
      );
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      // Our req.auth is not the SDK's OAuth AuthInfo: hand the transport a plain IncomingMessage.
      await transport.handleRequest(req as unknown as IncomingMessage, res, req.body);
    } catch (err) {
      next(err);
    }
  };
}
