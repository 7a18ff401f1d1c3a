import { createHash } from 'node:crypto';
import { deliveryOf } from './tool-delivery.js';
import type { Dispatcher } from 'undici';
import type { SnapshotTool, StoredMcpTool } from '../contracts/snapshot.js';
import type { SecretBox } from '../infra/crypto/secrets.js';
import { traceOrder, type McpDiscoverySummary } from '../contracts/generation/index.js';
import type { GenerationStore } from './generation-store.js';
import { decryptHeaders } from './http-tool.js';
import type { McpSessionPool } from './mcp/session-pool.js';
import { McpDiscoveryError, type McpServerConfig } from './mcp/types.js';
import { isDestructive } from './mcp/content.js';
import { detectCrossToolCollisions, resolveMcpToolNames, type NamedToolEntry } from './mcp/names.js';
import type { ToolResult } from './http-tool.js';

/** The MCP client, with the SDK, loads at the first MCP operation of the process (session-pool.ts says why). */
const mcpClient = () => import('./mcp/client.js');

export interface McpDeps {
  store: GenerationStore;
  secrets: SecretBox;
  dispatcher: Dispatcher;
  sessions: McpSessionPool;
}

function serverConfig(tool: SnapshotTool, secrets: SecretBox): McpServerConfig {
  const mcp = tool.mcp!;
  const timeoutMs = tool.timeoutSeconds * 1000;
  return {
    url: mcp.url,
    headers: decryptHeaders(mcp.headers, secrets),
    transport: mcp.transport,
    timeoutMs,
    deadlineMs: timeoutMs * 2,
  };
}

/**
 * Discovery at generation start: every enabled MCP server is asked for its tools once; the
 * result enters workflow history once, so replays never re-discover. A server that fails is
 * skipped (fail-open) and the failure is recorded on the generation.
 */
export async function discoverGenerationMcpTools(generationId: string, deps: McpDeps): Promise<McpDiscoverySummary> {
  const snapshot = await deps.store.snapshot(generationId);
  const servers = snapshot.tools.filter((t) => t.type === 'mcp' && t.mcp && t.enabled !== false);
  const stored: StoredMcpTool[] = [];
  const failures: McpDiscoverySummary['failures'] = [];
  const traces: Array<{ key: string; order: number; entry: Parameters<GenerationStore['putTrace']>[3] }> = [];
  for (const [i, server] of servers.entries()) {
    try {
      const { discoverMcpTools } = await mcpClient();
      const result = await discoverMcpTools(serverConfig(server, deps.secrets), {
        dispatcher: deps.dispatcher,
        sessions: deps.sessions,
        sessionScope: generationId,
      });
      const names = resolveMcpToolNames(
        server.name,
        result.tools.map((t) => t.name),
      );
      for (const resolved of names.tools) {
        const def = result.tools[resolved.index]!;
        stored.push({
          toolId: server.id,
          name: resolved.resolvedName,
          originalName: resolved.originalName,
          description: def.description,
          inputSchema: def.inputSchema,
          // readOnly on the MCP tool resource is its owner vouching that every tool of the server
          // only reads: it wins over the server's own annotations (docs/generations.md, "MCP tools").
          readOnly: server.readOnly || def.annotations.readOnlyHint === true,
          destructive: !server.readOnly && isDestructive(def.annotations),
        });
      }
      const warnings = [...result.warnings, ...names.collisions.map((c) => c.message)];
      traces.push({
        key: `discovery:${server.id}`,
        order: traceOrder.discovery(i),
        entry: {
          step: 0,
          type: 'discovery',
          toolName: server.name,
          status: 'success',
          result: { tools: names.tools.length, transport: result.transport, ...(warnings.length ? { warnings } : {}) },
        },
      });
    } catch (err) {
      const message =
        err instanceof McpDiscoveryError ? err.message : `MCP discovery failed: ${(err as Error).message}`;
      failures.push({ toolId: server.id, prefix: server.name, message });
      traces.push({
        key: `discovery:${server.id}`,
        order: traceOrder.discovery(i),
        entry: { step: 0, type: 'discovery', toolName: server.name, status: 'error', error: message },
      });
    }
  }
  const entries: NamedToolEntry[] = [
    ...snapshot.tools
      .filter((t) => t.type !== 'mcp')
      .map((t) => ({ resolvedName: t.name, toolId: t.id, toolType: t.type })),
    ...stored.map((t) => ({ resolvedName: t.name, toolId: t.toolId, toolType: 'mcp', originalName: t.originalName })),
  ];
  const { message } = detectCrossToolCollisions(entries);
  const definitionsHash = createHash('sha256').update(JSON.stringify(stored)).digest('hex');
  await deps.store.saveDiscoveredTools(generationId, stored, definitionsHash);
  // Every discovery entry carries the hash of all definitions the generation was given.
  for (const t of traces) {
    await deps.store.putTrace(generationId, t.key, t.order, {
      ...t.entry,
      result: { ...(t.entry.result as object | undefined), definitionsHash },
    });
  }
  const byId = new Map(servers.map((s) => [s.id, s]));
  return {
    tools: stored.map((t) => ({
      id: t.toolId,
      name: t.name,
      type: 'mcp',
      readOnly: t.readOnly,
      hasExecutor: true,
      timeoutSeconds: byId.get(t.toolId)!.timeoutSeconds,
      ...(t.destructive ? { destructive: true } : {}),
      // Read only by a fork's approval rule (contracts/generation/hooks.ts, docs/fork.md).
      ...(snapshot.plan.fork && deliveryOf(snapshot, t.name, stored) === 'at_most_once' ? { atMostOnce: true } : {}),
    })),
    failures,
    collision: message,
    definitionsHash,
  };
}

export async function runMcpTool(
  generationId: string,
  name: string,
  args: unknown,
  deps: McpDeps,
  signal: AbortSignal | undefined,
): Promise<ToolResult> {
  const discovered = (await deps.store.discoveredTools(generationId)).find((t) => t.name === name);
  if (!discovered)
    return {
      status: 'error',
      content: JSON.stringify({ error: `MCP tool ${name} was not discovered for this generation` }),
    };
  const server = (await deps.store.snapshot(generationId)).tools.find((t) => t.id === discovered.toolId);
  if (!server?.mcp)
    return { status: 'error', content: JSON.stringify({ error: `MCP server of ${name} is not configured` }) };
  const { callMcpTool } = await mcpClient();
  const result = await callMcpTool(
    serverConfig(server, deps.secrets),
    {
      originalName: discovered.originalName,
      arguments: args,
      timeoutMs: server.timeoutSeconds * 1000,
      maxResultChars: server.maxResultChars,
      maxResponseBytes: server.maxResultChars * 4 + 65_536,
    },
    { dispatcher: deps.dispatcher, sessions: deps.sessions, sessionScope: generationId, ...(signal ? { signal } : {}) },
  );
  return { status: result.status, content: result.content };
}
