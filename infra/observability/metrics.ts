import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (prom-client). One registry per process: the API serves it on
 * `GET /metrics`, the worker on its own port (with the Temporal SDK's metrics appended). In
 * `npm run dev` both run in one process and share it. Names follow Prometheus conventions
 * (`_seconds`, `_total`). Agent ids are labels, bounded: every project's agents share one process,
 * so only the first AGENT_LABEL_LIMIT agents a process counts get their own `agent_id`; the rest
 * are counted together under `agent_id="other"` (`agentLabel`).
 */
export const registry = new Registry();
const prefix = 'durable_agents_';

const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

// ---- API ----------------------------------------------------------------------------------------
export const httpRequestDuration = new Histogram({
  name: `${prefix}http_request_duration_seconds`,
  help: 'API request duration by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: seconds,
  registers: [registry],
});
export const httpRequestsInFlight = new Gauge({
  name: `${prefix}http_requests_in_flight`,
  help: 'API requests being served (SSE streams included)',
  registers: [registry],
});
export const sseStreamsOpen = new Gauge({
  name: `${prefix}sse_streams_open`,
  help: 'Open generation event streams',
  registers: [registry],
});
export const rateLimitRejections = new Counter({
  name: `${prefix}rate_limit_rejections_total`,
  help: 'Requests refused with 429 by the per-key rate limit',
  registers: [registry],
});
/** Distinct `agent_id` label values per process; later agents are counted under OTHER_AGENTS. */
export const AGENT_LABEL_LIMIT = 100;
export const OTHER_AGENTS = 'other';
const labelledAgents = new Set<string>();

/**
 * The `agent_id` label of an agent: its id for the first AGENT_LABEL_LIMIT agents this process
 * counts (they keep it until the process restarts), "other" for every agent after them, so tenants
 * creating agents cannot grow the series without bound.
 */
export function agentLabel(agentId: string): string {
  if (labelledAgents.has(agentId)) return agentId;
  if (labelledAgents.size >= AGENT_LABEL_LIMIT) return OTHER_AGENTS;
  labelledAgents.add(agentId);
  return agentId;
}

const generationsStarted = new Counter({
  name: `${prefix}generations_started_total`,
  help: 'Generations created (stored and handed to Temporal, now or by the reconciler), by agent',
  labelNames: ['agent_id'] as const,
  registers: [registry],
});
export const approvalDecisionSeconds = new Histogram({
  name: `${prefix}approval_decision_seconds`,
  help: 'Time from an approval request to its decision',
  buckets: [1, 5, 15, 60, 300, 900, 3600, 14_400, 86_400, 604_800],
  registers: [registry],
});

// ---- worker (activities) ------------------------------------------------------------------------
const generationsFinished = new Counter({
  name: `${prefix}generations_finished_total`,
  help: 'Settled generations by agent, status (completed/failed/cancelled) and stop reason',
  labelNames: ['agent_id', 'status', 'stop_reason'] as const,
  registers: [registry],
});
const generationSteps = new Histogram({
  name: `${prefix}generation_steps`,
  help: 'Steps (model turns) a generation took, observed when it settles',
  labelNames: ['agent_id'] as const,
  buckets: [1, 2, 3, 5, 8, 13, 21, 34, 55, 100],
  registers: [registry],
});
const modelTokens = new Counter({
  name: `${prefix}model_tokens_total`,
  help: 'Tokens reported by model providers, by agent and kind (prompt/completion)',
  labelNames: ['agent_id', 'kind'] as const,
  registers: [registry],
});
export const modelCallDuration = new Histogram({
  name: `${prefix}model_call_duration_seconds`,
  help: 'Model call attempts (streamed to the end) by outcome',
  labelNames: ['outcome'] as const,
  buckets: seconds,
  registers: [registry],
});
export const modelCallErrors = new Counter({
  name: `${prefix}model_call_errors_total`,
  help: 'Failed model call attempts by error class',
  labelNames: ['class'] as const,
  registers: [registry],
});
export const modelCallRetries = new Counter({
  name: `${prefix}model_call_retries_total`,
  help: 'Model call attempts after the first (Temporal retries)',
  registers: [registry],
});
export const toolCallDuration = new Histogram({
  name: `${prefix}tool_call_duration_seconds`,
  help: 'Server-side tool executions by tool type and outcome',
  labelNames: ['type', 'status'] as const,
  buckets: seconds,
  registers: [registry],
});
export const webhookAttempts = new Counter({
  name: `${prefix}webhook_delivery_attempts_total`,
  help: 'Webhook delivery attempts by outcome (success/failure) and attempt number',
  labelNames: ['outcome', 'attempt'] as const,
  registers: [registry],
});
export const webhookDeliveries = new Counter({
  name: `${prefix}webhook_deliveries_total`,
  help: 'Webhook deliveries settled, by outcome (delivered/failed after every attempt)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const compactionRuns = new Counter({
  name: `${prefix}compaction_runs_total`,
  help: 'Context compactions before a model call, by level (1 pruned tool results, 2-3 with a summary call)',
  labelNames: ['level'] as const,
  registers: [registry],
});

/** A generation stored (API). */
export function countGenerationStarted(agentId: string): void {
  generationsStarted.inc({ agent_id: agentLabel(agentId) });
}

/** A generation settled (worker): the finished counter and its steps. */
export function countGenerationFinished(agentId: string, status: string, stopReason: string, steps: number): void {
  const agent = agentLabel(agentId);
  generationsFinished.inc({ agent_id: agent, status, stop_reason: stopReason });
  generationSteps.observe({ agent_id: agent }, steps);
}

/** Tokens a model provider reported for one call (worker). */
export function countModelTokens(agentId: string, promptTokens: number, completionTokens: number): void {
  const agent = agentLabel(agentId);
  modelTokens.inc({ agent_id: agent, kind: 'prompt' }, promptTokens);
  modelTokens.inc({ agent_id: agent, kind: 'completion' }, completionTokens);
}

// ---- state read from the database at scrape time (true across every replica) ---------------------
export interface StateCounts {
  generationsByStatus(): Promise<Array<{ status: string; count: number }>>;
  pendingApprovals(): Promise<number>;
}

let stateSource: StateCounts | null = null;

/** The API reports how many generations are in each state and how many approvals wait. */
export function reportStateFrom(source: StateCounts): void {
  stateSource = source;
}

new Gauge({
  name: `${prefix}generations`,
  help: 'Generations by status now (queued, running, requires_action, …), read from the database',
  labelNames: ['status'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    if (!stateSource) return;
    for (const status of ['queued', 'running', 'requires_action']) this.set({ status }, 0);
    for (const row of await stateSource.generationsByStatus()) this.set({ status: row.status }, row.count);
  },
});
new Gauge({
  name: `${prefix}approvals_pending`,
  help: 'Approvals waiting for a decision, read from the database',
  registers: [registry],
  async collect() {
    this.set(stateSource ? await stateSource.pendingApprovals() : 0);
  },
});
