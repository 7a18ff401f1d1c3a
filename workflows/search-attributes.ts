import { defineSearchAttributeKey, type SearchAttributePair } from '@temporalio/common';
import { upsertSearchAttributes } from '@temporalio/workflow';
import type { RequiredAction } from '../contracts/schemas/index.js';

/**
 * The custom search attributes of a generation's workflow, defined once: the API sets the identity
 * ones at start, the workflow upserts status and required action on every state change, the worker
 * checks they are registered, the dev server registers them. All are Keyword (exact match).
 */
export const searchAttributeKeys = {
  agentId: defineSearchAttributeKey('AgentId', 'KEYWORD'),
  projectId: defineSearchAttributeKey('ProjectId', 'KEYWORD'),
  traceId: defineSearchAttributeKey('TraceId', 'KEYWORD'),
  sessionId: defineSearchAttributeKey('SessionId', 'KEYWORD'),
  generationStatus: defineSearchAttributeKey('GenerationStatus', 'KEYWORD'),
  requiredAction: defineSearchAttributeKey('RequiredAction', 'KEYWORD'),
  parentGenerationId: defineSearchAttributeKey('ParentGenerationId', 'KEYWORD'),
} as const;

export const searchAttributeNames: readonly string[] = Object.values(searchAttributeKeys).map((k) => k.name);

/** What the workflow input says about a generation's identity (session and parent once they exist). */
export interface GenerationIdentity {
  agentId: string;
  projectId: string;
  traceId: string;
  sessionId?: string | null;
  parentGenerationId?: string | null;
}

/** The attributes a generation's workflow starts with (status `running`: it runs as soon as a worker picks it). */
export function startSearchAttributes(identity: GenerationIdentity): SearchAttributePair[] {
  const k = searchAttributeKeys;
  const pairs: SearchAttributePair[] = [
    { key: k.agentId, value: identity.agentId },
    { key: k.projectId, value: identity.projectId },
    { key: k.traceId, value: identity.traceId },
    { key: k.generationStatus, value: 'running' },
  ];
  if (identity.sessionId) pairs.push({ key: k.sessionId, value: identity.sessionId });
  if (identity.parentGenerationId) pairs.push({ key: k.parentGenerationId, value: identity.parentGenerationId });
  return pairs;
}

export type GenerationVisibleStatus = 'running' | 'requires_action' | 'completed' | 'failed' | 'cancelled';

/** The RequiredAction attribute: the pause's type, `child` when a child generation is the one paused. */
export function requiredActionValue(requiredAction: RequiredAction | null): string | null {
  if (!requiredAction) return null;
  return requiredAction.type === 'child_requires_action' ? 'child' : requiredAction.type;
}

/** Upserts status and required action (called with every state change, from workflow code only). */
export function upsertGenerationStatus(status: GenerationVisibleStatus, requiredAction: RequiredAction | null): void {
  upsertSearchAttributes([
    { key: searchAttributeKeys.generationStatus, value: status },
    { key: searchAttributeKeys.requiredAction, value: requiredActionValue(requiredAction) },
  ]);
}
