import { KNOWLEDGE_SEARCH_TOOL, type PlannedTool } from '../../contracts/generation/index.js';
import type { SnapshotTool } from '../../contracts/snapshot.js';

/** A knowledge base as the knowledge_search builtin describes it to the model. */
export interface LinkedKnowledgeBase {
  id: string;
  name: string;
  description: string | null;
}

/** The builtin offered when the agent links knowledge bases: read-only, so it runs in parallel. */
export function knowledgeSearchTool(kbs: LinkedKnowledgeBase[]): SnapshotTool {
  const listing = kbs.map((kb) => `- ${kb.name}${kb.description ? `: ${kb.description}` : ''}`).join('\n');
  const properties: Record<string, unknown> = {
    query: { type: 'string', description: 'What to look for, in natural language' },
    topK: { type: 'integer', minimum: 1, maximum: 20, description: 'How many passages to return (default 5)' },
  };
  if (kbs.length > 1)
    properties.knowledgeBaseNames = {
      type: 'array',
      items: { type: 'string', enum: kbs.map((kb) => kb.name) },
      description: 'Search only these knowledge bases (default: all)',
    };
  return {
    id: `builtin:${KNOWLEDGE_SEARCH_TOOL}`,
    type: 'builtin',
    name: KNOWLEDGE_SEARCH_TOOL,
    description: `Search the knowledge bases for passages relevant to a query. Each hit has the document title and id to cite. Knowledge bases:\n${listing}`,
    parameters: { type: 'object', properties, required: ['query'] },
    execute: null,
    timeoutSeconds: 60,
    readOnly: true,
    maxResultChars: 50_000,
  };
}

export function plannedKnowledgeSearchTool(): PlannedTool {
  return {
    id: `builtin:${KNOWLEDGE_SEARCH_TOOL}`,
    name: KNOWLEDGE_SEARCH_TOOL,
    type: 'builtin',
    readOnly: true,
    hasExecutor: true,
    timeoutSeconds: 60,
    alwaysOffered: true,
  };
}
