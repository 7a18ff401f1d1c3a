import type { HttpToolBodyEncoding, HttpToolMethod } from './http-tool-request.js';
import type { HookType, Policy, ProviderKind, ToolType } from './schemas/index.js';
/**
 * The configuration a generation runs with, captured when it starts and stored on the
 * generation row: editing or deleting the agent, provider or tools later changes nothing for it.
 * Secret values stay encrypted here (SecretBox envelopes).
 */
export interface SnapshotProvider {
  id: string;
  kind: ProviderKind;
  baseUrl: string | null;
  apiKeyEncrypted: string | null;
  defaultModel: string;
  headers: Record<string, string> | null;
}

/** A header value as stored: plain, or `{ encrypted }` for values marked secret. */
export type StoredHeaderValue = string | { encrypted: string };

export interface SnapshotTool {
  id: string;
  type: ToolType;
  name: string;
  description: string | null;
  parameters: Record<string, unknown> | null;
  /** http tools: where and how a call is sent (contracts/http-tool-request.ts). */
  execute: {
    url: string;
    method?: HttpToolMethod;
    bodyEncoding?: HttpToolBodyEncoding;
    headers?: Record<string, StoredHeaderValue>;
  } | null;
  /** mcp tools: the server (name is the prefix of every discovered tool). */
  mcp?: { url: string; headers?: Record<string, StoredHeaderValue>; transport: 'streamable_http' | 'sse' } | null;
  enabled?: boolean;
  /** builtin tools: their config (secret values as `{ encrypted }`). */
  config?: Record<string, unknown> | null;
  /** agent tools: the agent a call runs (as a child generation). */
  agentId?: string | null;
  /** platform tools: one snapshot tool per action (name `{tool}_{action}`), this is the action. */
  action?: string;
  timeoutSeconds: number;
  readOnly: boolean;
  maxResultChars: number;
  /** http and mcp tools (see ToolDelivery); absent/null on mcp = by the discovered tool's annotations. */
  delivery?: 'at_least_once' | 'at_most_once' | null;
}

import type { LoopPlan } from './generation/index.js';

/** An http hook's target as stored (secrets encrypted). */
export interface SnapshotHook {
  id: string;
  event: string;
  type: HookType;
  matcher: string | null;
  config: Record<string, unknown>;
}

export interface GenerationSnapshot {
  agent: {
    id: string;
    name: string;
    /** Instructions with {{variables}} already substituted. */
    instructions: string | null;
    temperature: number | null;
    /** Platform actions run with the caller's key policy ∩ this (null: the caller's alone). */
    boundaryPolicy?: Policy | null;
    /**
     * A child generation's: the boundary policies of the generations above it, nearest first.
     * Its platform actions run under these too, so a child never does what its parents could not.
     */
    inheritedBoundaryPolicies?: Policy[];
  };
  model: string;
  provider: SnapshotProvider;
  tools: SnapshotTool[];
  hooks: SnapshotHook[];
  /** Agent webhook subscriptions at start (secrets encrypted). */
  webhooks?: Array<{ id: string; url: string; events: string[]; secretEncrypted: string }>;
  guardrails: { blockPatterns: string[]; requireToolFor: string[] };
  /** Knowledge bases the agent linked at start (searched by the knowledge_search builtin). */
  knowledgeBases?: Array<{ id: string; name: string }>;
  /** The workflow's loop plan and first message seq, kept so a start can be retried. */
  plan: LoopPlan;
  firstMessageSeq: number;
  /** The request's endUserId: the long-term memory scope (docs/memory.md); absent without one. */
  endUserId?: string;
  /** The agent's memory strategy: which earlier turns of the session the model sees (null = all). */
  memory?: SessionMemory | null;
  /** Sampling settings for every model call: request over agent (temperature falls back to agent.temperature). */
  modelParameters?: SnapshotModelParameters;
  /** The agent's contextWindow (tokens); null = the model's default. */
  contextWindow?: number | null;
  /** The agent's `compaction` override: who writes compaction summaries (absent = model and provider above). */
  compaction?: { model: string; provider: SnapshotProvider };
}

export interface SnapshotModelParameters {
  temperature?: number | undefined;
  maxTokens?: number | undefined;
  stopSequences?: string[] | undefined;
}

export interface SessionMemory {
  strategy: 'all' | 'last_k';
  k?: number | undefined;
}

/** A discovered MCP tool as stored on the generation (out of workflow history). */
export interface StoredMcpTool {
  toolId: string;
  name: string;
  originalName: string;
  description: string;
  inputSchema: Record<string, unknown>;
  readOnly: boolean;
  destructive: boolean;
}
