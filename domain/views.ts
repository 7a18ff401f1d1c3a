import type { HttpToolBodyEncoding, HttpToolMethod } from '../contracts/http-tool-request.js';
import type { AgentView, ApprovalView, ToolView } from '../contracts/schemas/index.js';
import type { StoredHeaderValue } from '../contracts/snapshot.js';
import type { Agent, AgentTool, Approval, Generation } from '../generated/prisma/client.js';
import { readAgentOptions, readGuardrails } from '../infra/db/json-columns.js';
import { approvalExpiry } from './approval-expiry.js';
import { showBuiltinConfig } from './builtin-config.js';
import { showHeaders } from './secret-headers.js';
import { toolParameters } from './tool-arguments.js';

/**
 * The public views of stored resources, shared by the REST routes, `/mcp` and the agents' platform
 * actions: one shape for each resource, whichever surface shows it.
 */

type StoredExecute = {
  url: string;
  method?: HttpToolMethod;
  bodyEncoding?: HttpToolBodyEncoding;
  headers?: Record<string, StoredHeaderValue>;
};
type StoredMcp = { url: string; transport: string; headers?: Record<string, StoredHeaderValue> };

/** An agent row with the tools it owns: every agent view shows them (customTools, mcpServers). */
export type AgentWithTools = Agent & { ownedTools: AgentTool[] };

/** The Prisma `include` that loads them: one query for a whole page of agents. */
export const withOwnedTools = { ownedTools: true } as const;

/** The agent's own tools of one type, in the order of its toolIds (the order they were given). */
function ownedOfType(a: AgentWithTools, type: 'http' | 'mcp'): ToolView[] {
  const position = (t: AgentTool) => a.toolIds.indexOf(t.id);
  return a.ownedTools
    .filter((t) => t.type === type)
    .sort((x, y) => position(x) - position(y))
    .map(toolView);
}

export function agentView(a: AgentWithTools): AgentView {
  const options = readAgentOptions(a.extra);
  return {
    id: a.id,
    projectId: a.projectId,
    aiProviderId: a.aiProviderId,
    name: a.name,
    slug: a.slug,
    description: a.description,
    instructions: a.instructions,
    model: a.model,
    temperature: a.temperature,
    toolIds: a.toolIds,
    customTools: ownedOfType(a, 'http'),
    mcpServers: ownedOfType(a, 'mcp'),
    activeToolIds: a.activeToolIdsSet ? a.activeToolIds : null,
    toolChoice: (a.toolChoice as AgentView['toolChoice']) ?? null,
    stepRules: (a.stepRules as AgentView['stepRules']) ?? null,
    stopConditions: (a.stopConditions as AgentView['stopConditions']) ?? null,
    maxSteps: a.maxSteps,
    boundaryPolicy: (a.boundaryPolicy as AgentView['boundaryPolicy']) ?? null,
    guardrails: a.guardrails === null ? null : readGuardrails(a.guardrails),
    conversational: a.conversational,
    memory: (a.memory as AgentView['memory']) ?? null,
    contextWindow: a.contextWindow,
    approvalTimeoutSeconds: a.approvalTimeoutSeconds,
    active: a.active,
    publicChat: (a.publicChat as AgentView['publicChat']) ?? null,
    publicChatKeyPrefix: a.publicKeyPrefix,
    allowClarification: options.allowClarification,
    knowledgeBaseIds: options.knowledgeBaseIds,
    builtins: options.builtins ?? null,
    requireApprovalFor: options.requireApprovalFor ?? null,
    multitaskStrategy: options.multitaskStrategy ?? 'reject',
    welcomeMessage: options.welcomeMessage,
    branding: options.branding,
    contextResolvers: options.contextResolvers,
    businessHours: options.businessHours ?? null,
    modelParameters: options.modelParameters ?? null,
    compaction: options.compaction ?? null,
    memoryRecall: options.memoryRecall ?? null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export function toolView(t: AgentTool): ToolView {
  const execute = t.execute as StoredExecute | null;
  const mcp = t.mcp as StoredMcp | null;
  return {
    id: t.id,
    projectId: t.projectId,
    type: t.type as ToolView['type'],
    name: t.name,
    description: t.description,
    parameters: (t.parameters as Record<string, unknown> | null) ?? null,
    execute: execute
      ? {
          url: execute.url,
          method: execute.method ?? 'POST',
          ...(execute.bodyEncoding ? { bodyEncoding: execute.bodyEncoding } : {}),
          ...(execute.headers ? { headers: showHeaders(execute.headers) } : {}),
        }
      : null,
    mcp: mcp
      ? { url: mcp.url, transport: mcp.transport, ...(mcp.headers ? { headers: showHeaders(mcp.headers) } : {}) }
      : null,
    enabled: t.enabled,
    agentId: t.agentId,
    config:
      t.type === 'platform' ? null : showBuiltinConfig(t.name, (t.config as Record<string, unknown> | null) ?? null),
    actions: t.type === 'platform' ? storedActions(t) : null,
    timeoutSeconds: t.timeoutSeconds,
    readOnly: t.readOnly,
    maxResultChars: t.maxResultChars,
    delivery: (t.delivery as ToolView['delivery']) ?? null,
    ownerAgentId: t.ownerAgentId,
    importedFrom:
      t.importSource !== null && t.importKey !== null ? { source: t.importSource, operation: t.importKey } : null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** A platform tool's actions (stored in `config`). */
export function storedActions(t: Pick<AgentTool, 'config'>): string[] {
  const actions = (t.config as { actions?: unknown } | null)?.actions;
  return Array.isArray(actions) ? actions.filter((a): a is string => typeof a === 'string') : [];
}

/** The generation fields an approval's view shows. */
export type ApprovalGeneration = Pick<
  Generation,
  'agentId' | 'channel' | 'createdByKeyId' | 'snapshot' | 'discoveredTools' | 'traceId' | 'parentGenerationId'
>;

/** The columns approvalView reads from the approval's generation. */
export const approvalGenerationSelect = {
  id: true,
  agentId: true,
  channel: true,
  createdByKeyId: true,
  snapshot: true,
  discoveredTools: true,
  traceId: true,
  parentGenerationId: true,
} as const;

export function approvalView(a: Approval, g: ApprovalGeneration | undefined): ApprovalView {
  return {
    id: a.id,
    object: 'approval',
    projectId: a.projectId,
    generationId: a.generationId,
    agentId: g?.agentId ?? '',
    traceId: g?.traceId ?? null,
    parentGenerationId: g?.parentGenerationId ?? null,
    toolCallId: a.toolCallId,
    toolName: a.toolName,
    arguments: a.arguments,
    status: a.status as ApprovalView['status'],
    requestedAt: a.createdAt.toISOString(),
    expiresAt: a.expiresAt.toISOString(),
    decidedAt: a.decidedAt ? a.decidedAt.toISOString() : null,
    decidedBy: a.decidedBy,
    escalatedAt: a.escalatedAt ? a.escalatedAt.toISOString() : null,
    reason: a.reason,
    editedArguments: a.editedArgs ?? null,
    requestedBy: {
      channel: g?.channel === 'public_chat' ? 'public_chat' : 'api',
      apiKeyId: g?.channel === 'public_chat' ? null : (g?.createdByKeyId ?? null),
    },
    toolParameters: g ? toolParameters(g as Generation, a.toolName) : null,
    ...(g ? approvalExpiry(g, a.toolName) : { onExpiry: 'deny', escalationOnExpiry: null }),
  };
}
