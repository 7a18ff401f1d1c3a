import { unprocessable } from '../../contracts/errors.js';
import type { LoopPlan } from '../../contracts/generation/index.js';
import type { GenerateRequest } from '../../contracts/schemas/index.js';
import type { GenerationSnapshot, SessionMemory } from '../../contracts/snapshot.js';
import type { AgentTool } from '../../generated/prisma/client.js';
import { readAgentOptions } from '../../infra/db/json-columns.js';
import type { Db } from '../../infra/db/prisma.js';
import type { AgentConfiguration } from './agent-configuration.js';
import { buildPlan, buildSnapshot, compactionProvider, modelParametersFor, type StoredMessageRow } from './plan.js';

/** Deployment limits a top-level generation is planned with (from the environment). */
export interface CreateLimits {
  maxStepsCap: number;
  modelAttempts: number;
  modelTimeoutSeconds: number;
  webhookMaxAttempts: number;
  toolTaskQueue?: string | undefined;
  /** PROJECT_MAX_RUNNING_GENERATIONS: beyond it a new generation waits (docs/adr/0050). */
  maxRunningGenerations?: number;
}

export interface RunConfiguration {
  plan: LoopPlan;
  knowledgeBases: Array<{ id: string; name: string; description: string | null }>;
  /** The snapshot of this configuration, once the run's initial messages are known. */
  snapshotWith(messages: StoredMessageRow[]): GenerationSnapshot;
}

/**
 * What a run of the agent gets from its configuration as it is now — provider and model, tools
 * with their secrets, hooks, webhooks, knowledge bases, boundary policy, limits — with the
 * request's overrides: the one place generate and fork resolve it (a fork keeps its origin's
 * conversation, never its origin's authority: docs/fork.md).
 */
export async function runConfiguration(
  db: Db,
  limits: CreateLimits,
  projectId: string,
  configured: AgentConfiguration,
  body: GenerateRequest,
): Promise<RunConfiguration> {
  const { agent, provider, tools: toolRows, hooks, webhooks } = configured;
  const knowledgeBaseIds = readAgentOptions(agent.extra).knowledgeBaseIds;
  const knowledgeBases = knowledgeBaseIds.length
    ? await db.knowledgeBase.findMany({
        where: { id: { in: knowledgeBaseIds }, projectId },
        select: { id: true, name: true, description: true },
        orderBy: { name: 'asc' },
      })
    : [];
  if (!provider) throw unprocessable("The agent's AI provider no longer exists");
  const tools = agent.toolIds
    .map((id) => toolRows.find((t) => t.id === id))
    .filter((t): t is AgentTool => t !== undefined);
  const plan = buildPlan(agent, tools, body, {
    maxStepsCap: limits.maxStepsCap,
    modelAttempts: limits.modelAttempts,
    modelTimeoutSeconds: limits.modelTimeoutSeconds,
    hooks,
    knowledgeBases,
  });
  if (body.callbackUrl || webhooks.length > 0) plan.webhooks = { maxAttempts: limits.webhookMaxAttempts };
  if (readAgentOptions(agent.extra).requireApprovalFor === 'destructive') plan.approveDestructive = true;
  // maxCallDepth counts the chain's generations, this one included; the plan keeps the levels a
  // generation may still start below itself (0: none), which childCallRefusal reads.
  plan.remainingDepth = body.maxCallDepth - 1;
  if (limits.toolTaskQueue) plan.toolTaskQueue = limits.toolTaskQueue;
  const compaction = await compactionProvider(db, projectId, agent);
  return {
    plan,
    knowledgeBases,
    snapshotWith(messages) {
      const snapshot = buildSnapshot(
        agent,
        provider,
        { tools, hooks, webhooks, knowledgeBases, compactionProvider: compaction },
        body,
        plan,
        messages,
      );
      snapshot.memory = (agent.memory as SessionMemory | null) ?? null;
      if (body.endUserId) snapshot.endUserId = body.endUserId;
      snapshot.modelParameters = modelParametersFor(agent, body);
      snapshot.contextWindow = agent.contextWindow;
      return snapshot;
    },
  };
}
