import { createHash } from 'node:crypto';
import { ApiError, notFound, unprocessable } from '../../contracts/errors.js';
import { canonicalJson, type GenerationInput } from '../../contracts/generation/index.js';
import { newId } from '../../contracts/ids.js';
import type { GenerateRequest } from '../../contracts/schemas/index.js';
import type { AgentTool, Generation } from '../../generated/prisma/client.js';
import { readAgentOptions } from '../../infra/db/json-columns.js';
import { addLogContext } from '../../infra/observability/log-context.js';
import { countGenerationStarted } from '../../infra/observability/metrics.js';
import type { AppContext } from '../context.js';
import { contextBlock, type Channel } from './context.js';
import { newWebhookSecret } from '../routes/webhooks.js';
import {
  buildPlan,
  buildSnapshot,
  compactionProvider,
  initialMessages,
  modelParametersFor,
} from '../../domain/generations/plan.js';
import { startWorkflow, workflowInput } from './hand-off.js';
import { insertGeneration, type NewGeneration } from './insert-generation.js';
import { agentWithConfiguration } from './agent-configuration.js';
import { chooseSession, conversationFacts, placeTurn } from '../sessions/turns.js';
import { offerSessionCache } from '../sessions/cache-tools.js';
import type { SessionMemory } from '../../contracts/snapshot.js';
import { recallForStart, withRecall } from '../../domain/memory/recall.js';

function canonicalHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

export interface StartResult {
  generation: Generation;
  /** false when an Idempotency-Key matched an existing generation. */
  created: boolean;
  /** With callbackUrl, on creation only: the secret its deliveries are signed with. */
  callbackSecret?: string;
}

/** Who starts a generation: an API key (`api`), or an agent's public-chat key (keyId null). */
export interface GenerationStarter {
  projectId: string;
  keyId: string | null;
  channel?: Channel;
  /** Public chat: the agent key's prefix, recorded on a session this generation opens. */
  publicChatKeyPrefix?: string | null;
}

export async function startGeneration(
  ctx: AppContext,
  auth: GenerationStarter,
  agentId: string,
  body: GenerateRequest,
  idempotencyKey: string | undefined,
): Promise<StartResult> {
  const channel = auth.channel ?? 'api';
  // The agent and its configuration in one round trip (read before the checks below, which refuse
  // few requests): a generation's start waits for one statement, not five.
  const configured = await agentWithConfiguration(ctx.db, auth.projectId, agentId);
  if (!configured) throw notFound('Agent');
  const { agent, provider, tools: toolRows, hooks, webhooks } = configured;

  // Delivery options do not change what is generated, so they are not part of the request identity.
  const { async: _a, stream: _s, waitSeconds: _w, queue: _q, ...identity } = body;
  const requestHash = canonicalHash({ agentId, ...identity });
  if (idempotencyKey) {
    const existing = await ctx.db.generation.findUnique({
      where: { projectId_idempotencyKey: { projectId: auth.projectId, idempotencyKey } },
    });
    if (existing) return reuse(ctx, existing, requestHash);
  }
  if (!agent.active) throw new ApiError(409, 'conflict', 'The agent is not active');

  const knowledgeBaseIds = readAgentOptions(agent.extra).knowledgeBaseIds;
  const knowledgeBases = knowledgeBaseIds.length
    ? await ctx.db.knowledgeBase.findMany({
        where: { id: { in: knowledgeBaseIds }, projectId: auth.projectId },
        select: { id: true, name: true, description: true },
        orderBy: { name: 'asc' },
      })
    : [];
  if (!provider) throw unprocessable("The agent's AI provider no longer exists");
  const tools = agent.toolIds
    .map((id) => toolRows.find((t) => t.id === id))
    .filter((t): t is AgentTool => t !== undefined);
  const callbackSecret = body.callbackUrl ? newWebhookSecret() : undefined;
  const plan = buildPlan(agent, tools, body, {
    maxStepsCap: ctx.env.MAX_STEPS_CAP,
    modelAttempts: ctx.env.MODEL_CALL_MAX_ATTEMPTS,
    modelTimeoutSeconds: ctx.env.MODEL_CALL_TIMEOUT_SECONDS,
    hooks,
    knowledgeBases,
  });
  if (body.callbackUrl || webhooks.length > 0) plan.webhooks = { maxAttempts: ctx.env.WEBHOOK_MAX_ATTEMPTS };
  if (readAgentOptions(agent.extra).requireApprovalFor === 'destructive') plan.approveDestructive = true;
  // maxCallDepth counts the chain's generations, this one included; the plan keeps the levels a
  // generation may still start below itself (0: none), which childCallRefusal reads.
  plan.remainingDepth = body.maxCallDepth - 1;
  if (ctx.env.TEMPORAL_TOOL_TASK_QUEUE) plan.toolTaskQueue = ctx.env.TEMPORAL_TOOL_TASK_QUEUE;
  const generationId = newId('generation');
  const traceId = newId('trace');
  const options = readAgentOptions(agent.extra);
  const now = new Date();
  // The context block as known before the session's turn is placed (the `conversation` line is
  // completed in the transaction); the number of initial messages does not change.
  // Recalled long-term memories (the agent's memoryRecall) follow the context block.
  const recalled = await recallForStart(ctx.db, options.memoryRecall, {
    projectId: auth.projectId,
    agentId: agent.id,
    channel,
    body,
  });
  let messages = initialMessages(agent, body, withRecall(contextBlock(options, now, channel, null), recalled));
  const snapshot = buildSnapshot(
    agent,
    provider,
    {
      tools,
      hooks,
      webhooks,
      knowledgeBases,
      compactionProvider: await compactionProvider(ctx.db, auth.projectId, agent),
    },
    body,
    plan,
    messages,
  );
  snapshot.memory = (agent.memory as SessionMemory | null) ?? null;
  if (body.endUserId) snapshot.endUserId = body.endUserId;
  snapshot.modelParameters = modelParametersFor(agent, body);
  snapshot.contextWindow = agent.contextWindow;
  const sessionChoice = await chooseSession(ctx.db, auth.projectId, agent, body);
  // snapshot.plan is the same object as plan: both get the cache builtins.
  if (sessionChoice) offerSessionCache(snapshot, plan);
  let generation: Generation;
  const row: NewGeneration = {
    id: generationId,
    projectId: auth.projectId,
    agentId: agent.id,
    traceId,
    snapshot,
    metadata: body.metadata ?? null,
    idempotencyKey: idempotencyKey ?? null,
    requestHash,
    createdByKeyId: auth.keyId,
    channel,
    callbackUrl: body.callbackUrl ?? null,
    callbackSecretEnc: callbackSecret ? ctx.secrets.encrypt(callbackSecret) : null,
  };
  try {
    // A session turn is placed in a transaction with its row; any other generation is one statement.
    generation = !sessionChoice
      ? await insertGeneration(ctx.db, row, messages)
      : await ctx.db.$transaction(async (tx) => {
          const placement = await placeTurn(
            tx,
            sessionChoice,
            { projectId: auth.projectId, agentId: agent.id, publicChatKeyPrefix: auth.publicChatKeyPrefix ?? null },
            body.queue,
          );
          if (options.contextResolvers.includes('conversation')) {
            const conversation = await conversationFacts(tx, placement, snapshot.memory);
            messages = initialMessages(
              agent,
              body,
              withRecall(contextBlock(options, now, channel, conversation), recalled),
            );
          }
          await tx.trace.create({ data: { id: traceId, projectId: auth.projectId, rootGenerationId: generationId } });
          const { metadata, snapshot: stored, ...fields } = row;
          const g = await tx.generation.create({
            data: {
              ...fields,
              status: 'queued',
              sessionId: placement.sessionId,
              sessionTurn: placement.turn,
              waitingForTurn: placement.waiting,
              snapshot: stored as object,
              ...(metadata !== null ? { metadata: metadata as object } : {}),
            },
          });
          await tx.generationMessage.createMany({
            data: messages.map((m, i) => ({ generationId, key: String(i), seq: i, role: m.role, content: m.content })),
          });
          return g;
        }, createTransactionOptions);
  } catch (err) {
    // Two requests raced with the same Idempotency-Key: the other one won (Prisma's and
    // PostgreSQL's code for a unique violation).
    const code = (err as { code?: string }).code;
    if (idempotencyKey && (code === 'P2002' || code === '23505')) {
      const existing = await ctx.db.generation.findUnique({
        where: { projectId_idempotencyKey: { projectId: auth.projectId, idempotencyKey } },
      });
      if (existing) return reuse(ctx, existing, requestHash);
    }
    throw err;
  }

  const input: GenerationInput = {
    generationId,
    projectId: auth.projectId,
    agentId: agent.id,
    traceId,
    plan,
    firstMessageSeq: messages.length,
  };
  addLogContext({ generationId, traceId, agentId: agent.id });
  ctx.logger.info({ status: 'queued', waitingForTurn: generation.waitingForTurn }, 'generation created');
  // Counted once stored: a start Temporal cannot take now is completed by the reconciler.
  countGenerationStarted(agent.id);
  // A turn queued behind a busy session is started when the turn before it settles.
  if (!generation.waitingForTurn) await startWorkflow(ctx, generation, input);
  return { generation, created: true, ...(callbackSecret ? { callbackSecret } : {}) };
}

/**
 * A burst of creates can wait for a pooled connection longer than Prisma's default 2 s; past these
 * bounds the request is answered 503 (api/middleware/errors.ts) with nothing stored.
 */
const createTransactionOptions = { maxWait: 10_000, timeout: 20_000 };

async function reuse(ctx: AppContext, existing: Generation, requestHash: string): Promise<StartResult> {
  if (existing.requestHash !== requestHash) {
    throw new ApiError(422, 'idempotency_mismatch', 'This Idempotency-Key was already used with a different request');
  }
  // The first request may have died between storing the generation and starting its workflow:
  // starting again is safe (same workflow id) and completes the hand-off.
  if (existing.status === 'queued' && !existing.waitingForTurn) {
    await startWorkflow(ctx, existing, workflowInput(existing));
  }
  return { generation: existing, created: false };
}
