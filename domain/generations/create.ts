import { createHash } from 'node:crypto';
import { ApiError, notFound, unprocessable } from '../../contracts/errors.js';
import { canonicalJson, type GenerationInput } from '../../contracts/generation/index.js';
import { newId } from '../../contracts/ids.js';
import type { GenerateRequest } from '../../contracts/schemas/index.js';
import type { AgentTool, Generation } from '../../generated/prisma/client.js';
import type { SecretBox } from '../../infra/crypto/secrets.js';
import { readAgentOptions } from '../../infra/db/json-columns.js';
import type { Db } from '../../infra/db/prisma.js';
import { workflowInput } from '../../infra/temporal/generation-start.js';
import type { SessionMemory } from '../../contracts/snapshot.js';
import { recallForStart, withRecall } from '../memory/recall.js';
import { newWebhookSecret } from '../webhook-secret.js';
import { agentWithConfiguration } from './agent-configuration.js';
import { contextBlock, type Channel } from './context.js';
import { insertGeneration, type NewGeneration } from './insert-generation.js';
import { buildPlan, buildSnapshot, compactionProvider, initialMessages, modelParametersFor } from './plan.js';
import { offerSessionCache } from './session-cache-tools.js';
import { chooseSession, conversationFacts, placeTurn } from './session-turns.js';
import { chooseStrategy } from '../../contracts/generation/double-texting.js';

/** A request's identity for Idempotency-Key reuse (generate and fork). */
export function canonicalHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

/** Deployment limits a top-level generation is planned with (from the environment). */
export interface CreateLimits {
  maxStepsCap: number;
  modelAttempts: number;
  modelTimeoutSeconds: number;
  webhookMaxAttempts: number;
  toolTaskQueue?: string | undefined;
}

/** What creating a generation needs: the API and the scheduled-run activity both pass these. */
export interface CreateDeps {
  db: Db;
  secrets: SecretBox;
  limits: CreateLimits;
}

export interface CreateResult {
  generation: Generation;
  /** false when an Idempotency-Key matched an existing generation. */
  created: boolean;
  /** With callbackUrl, on creation only: the secret its deliveries are signed with. */
  callbackSecret?: string;
  /**
   * The workflow input when the caller must start the workflow now: absent for a turn waiting
   * behind a busy session, or a replayed key whose row already left `queued`.
   */
  start?: GenerationInput;
  /** A turn of the session this one stops (interrupt, rollback): the caller asks Temporal to cancel it. */
  stops?: string;
}

/** Who starts a generation: an API key (`api`), or an agent's public-chat key (keyId null). */
export interface GenerationStarter {
  projectId: string;
  keyId: string | null;
  channel?: Channel;
  /** Public chat: the agent key's prefix, recorded on a session this generation opens. */
  publicChatKeyPrefix?: string | null;
}

/**
 * Stores a generation (status `queued`) exactly as the generate route does; starting its workflow
 * is the caller's (the API starts it with the client, a scheduled run as a child workflow).
 */
export async function createGeneration(
  ctx: CreateDeps,
  auth: GenerationStarter,
  agentId: string,
  body: GenerateRequest,
  idempotencyKey: string | undefined,
): Promise<CreateResult> {
  const channel = auth.channel ?? 'api';
  // The agent and its configuration in one round trip (read before the checks below, which refuse
  // few requests): a generation's start waits for one statement, not five.
  const configured = await agentWithConfiguration(ctx.db, auth.projectId, agentId);
  if (!configured) throw notFound('Agent');
  const { agent, provider, tools: toolRows, hooks, webhooks } = configured;

  // Delivery options do not change what is generated, so they are not part of the request identity.
  const { async: _a, stream: _s, waitSeconds: _w, queue: _q, multitaskStrategy: _m, ...identity } = body;
  const requestHash = canonicalHash({ agentId, ...identity });
  if (idempotencyKey) {
    const existing = await ctx.db.generation.findUnique({
      where: { projectId_idempotencyKey: { projectId: auth.projectId, idempotencyKey } },
    });
    if (existing) return reuse(existing, requestHash);
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
    maxStepsCap: ctx.limits.maxStepsCap,
    modelAttempts: ctx.limits.modelAttempts,
    modelTimeoutSeconds: ctx.limits.modelTimeoutSeconds,
    hooks,
    knowledgeBases,
  });
  if (body.callbackUrl || webhooks.length > 0) plan.webhooks = { maxAttempts: ctx.limits.webhookMaxAttempts };
  if (readAgentOptions(agent.extra).requireApprovalFor === 'destructive') plan.approveDestructive = true;
  // maxCallDepth counts the chain's generations, this one included; the plan keeps the levels a
  // generation may still start below itself (0: none), which childCallRefusal reads.
  plan.remainingDepth = body.maxCallDepth - 1;
  if (ctx.limits.toolTaskQueue) plan.toolTaskQueue = ctx.limits.toolTaskQueue;
  const generationId = newId('generation');
  const traceId = newId('trace');
  const options = readAgentOptions(agent.extra);
  const strategy = chooseStrategy(body, options.multitaskStrategy);
  if ('conflict' in strategy) throw unprocessable(strategy.conflict, { path: 'body.queue' });
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
  let stops: string | undefined;
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
            strategy.strategy,
          );
          stops = placement.stops;
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
      if (existing) return reuse(existing, requestHash);
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
  const start = generation.waitingForTurn ? undefined : input;
  return {
    generation,
    created: true,
    ...(callbackSecret ? { callbackSecret } : {}),
    ...(start ? { start } : {}),
    ...(stops ? { stops } : {}),
  };
}

/**
 * A burst of creates can wait for a pooled connection longer than Prisma's default 2 s; past these
 * bounds the request is answered 503 (api/middleware/errors.ts) with nothing stored.
 */
const createTransactionOptions = { maxWait: 10_000, timeout: 20_000 };

function reuse(existing: Generation, requestHash: string): CreateResult {
  if (existing.requestHash !== requestHash) {
    throw new ApiError(422, 'idempotency_mismatch', 'This Idempotency-Key was already used with a different request');
  }
  // The first request may have died between storing the generation and starting its workflow:
  // starting again is safe (same workflow id) and completes the hand-off.
  const start = existing.status === 'queued' && !existing.waitingForTurn ? workflowInput(existing) : undefined;
  return { generation: existing, created: false, ...(start ? { start } : {}) };
}
