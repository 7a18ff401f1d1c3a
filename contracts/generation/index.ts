/**
 * The generation contract: everything the API, the workflow and the activities must agree on.
 * Pure (no Node built-ins, no runtime dependencies) so the workflow bundle can import it.
 */
export * from './plan.js';
export * from './messages.js';
export * from './activities.js';
export { argumentsHash, canonicalJson } from './hashing.js';
export { traceOrder } from './trace-order.js';
export * from './decide-reply.js';
export * from './writes.js';
export * from './outcome.js';
export * from './step-rules.js';
export * from './hooks.js';
export type { StopReason, ToolResultStatus, WebhookEvent } from '../schemas/index.js';

/** The builtin offered to agents that link knowledge bases (read-only: runs in parallel with other safe tools). */
export const KNOWLEDGE_SEARCH_TOOL = 'knowledge_search';

/** ApplicationFailure types of the model-call activity; the workflow maps them to error codes. */
export const providerFailure = { rejected: 'ProviderRejected', transient: 'ProviderTransient' } as const;

/** ApplicationFailure type of a model call whose conversation still does not fit after compaction. */
export const contextOverflowFailure = 'ContextOverflow';

/**
 * ApplicationFailure type of a model or tool call stopped because its generation's cancel was
 * requested (docs/adr/0027); the workflow then waits for Temporal's cancel request.
 */
export const cancelRequestedFailure = 'GenerationCancelRequested';

/** Resource id prefixes (public ids: docs/api.md, "Resource ids"). */
export const idPrefix = {
  project: 'prj_',
  apiKey: 'key_',
  aiProvider: 'aip_',
  agent: 'agt_',
  tool: 'agt_tool_',
  hook: 'hook_',
  generation: 'agt_gen_',
  trace: 'agt_trace_',
  session: 'ses_',
  sessionCacheEntry: 'stc_',
  approval: 'appr_',
  webhook: 'whk_',
  knowledgeBase: 'kb_',
  document: 'doc_',
  memory: 'mem_',
  schedule: 'sch_',
} as const;
