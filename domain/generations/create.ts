import { createHash } from 'node:crypto';
import { ApiError, notFound, unprocessable } from '../../contracts/errors.js';
import { canonicalJson, type GenerationInput } from '../../contracts/generation/index.js';
import { newId } from '../../contracts/ids.js';
import type { GenerateRequest } from '../../contracts/schemas/index.js';
import type { Policy } from '../../contracts/schemas/policy.js';
import type { Generation } from '../../generated/prisma/client.js';
import type { SecretBox } from '../../infra/crypto/secrets.js';
import { readAgentOptions } from '../../infra/db/json-columns.js';
import type { Db } from '../../infra/db/prisma.js';
import { workflowInput } from '../../infra/temporal/generation-start.js';
import { DEFAULT_PROJECT_MAX_RUNNING_GENERATIONS, waitsForSlot } from '../../infra/generations/waiting.js';
import { recallForStart, withRecall } from '../memory/recall.js';
import { newWebhookSecret } from '../webhook-secret.js';
import { agentWithConfiguration } from './agent-configuration.js';
import { contextBlock, type Channel } from './context.js';
import { insertGeneration, type NewGeneration } from './insert-generation.js';
import { initialMessages } from './plan.js';
import { runConfiguration, type CreateLimits } from './run-configuration.js';
import { offerSessionCache } from './session-cache-tools.js';
import { checkSessionTurn } from './session-access.js';
import { chooseSession, conversationFacts, placeTurn } from './session-turns.js';
import { chooseStrategy } from '../../contracts/generation/double-texting.js';

/** A request's identity for Idempotency-Key reuse (generate and fork). */
export function canonicalHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

export type { CreateLimits };

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
   * The workflow input when the caller must start the workflow now: absent for a generation that
   * waits (behind a busy session, or for a slot of its project), or a replayed key whose row
   * already left `queued`.
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
  /**
   * The policy a turn of an existing session is checked against (domain/generations/session-access.ts):
   * the calling key's, a scheduled run's creator key's. null only where the caller has made sure
   * the session is its own (public chat: the visitor's, api/public-chat/turn.ts resolveConversation).
   */
  policy: Policy | null;
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
  const { agent } = configured;

  // Delivery options do not change what is generated, so they are not part of the request identity.
  const { async: _a, stream: _s, waitSeconds: _w, queue: _q, multitaskStrategy: _m, ...identity } = body;
  const requestHash = canonicalHash({ agentId, ...identity });
  if (idempotencyKey) {
    const existing = await ctx.db.generation.findUnique({
      where: { projectId_idempotencyKey: { projectId: auth.projectId, idempotencyKey } },
    });
    if (existing) return reuse(existing, requestHash, auth);
  }
  if (!agent.active) throw new ApiError(409, 'conflict', 'The agent is not active');

  const callbackSecret = body.callbackUrl ? newWebhookSecret() : undefined;
  const { plan, snapshotWith } = await runConfiguration(ctx.db, ctx.limits, auth.projectId, configured, body);
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
  const snapshot = snapshotWith(messages);
  const sessionChoice = await chooseSession(ctx.db, auth.projectId, agent, body, auth.policy);
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
  const maxRunning = ctx.limits.maxRunningGenerations ?? DEFAULT_PROJECT_MAX_RUNNING_GENERATIONS;
  try {
    // A session turn is placed in a transaction with its row; any other generation is one statement.
    // Both ask for a slot of the project in the write that stores the row (infra/generations/waiting.ts).
    generation = !sessionChoice
      ? await insertGeneration(ctx.db, row, messages, maxRunning)
      : await ctx.db.$transaction(async (tx) => {
          // First: the project's lock comes before the session's, as in every release.
          const waitsForSlotOfProject = await waitsForSlot(tx, auth.projectId, generationId, maxRunning);
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
              waitingForTurn: placement.waiting || waitsForSlotOfProject,
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
      if (existing) return reuse(existing, requestHash, auth);
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

function reuse(existing: Generation, requestHash: string, auth: GenerationStarter): CreateResult {
  if (existing.requestHash !== requestHash) {
    throw new ApiError(422, 'idempotency_mismatch', 'This Idempotency-Key was already used with a different request');
  }
  // A replayed turn shows the session as the turn did; a replayed first turn opened it, which needs
  // only the generate right — for the key that opened it (another key replaying it reads a session).
  if (existing.sessionId && (existing.sessionTurn !== 1 || existing.createdByKeyId !== auth.keyId))
    checkSessionTurn(auth.policy, auth.projectId, existing.agentId, existing.sessionId);
  // The first request may have died between storing the generation and starting its workflow:
  // starting again is safe (same workflow id) and completes the hand-off.
  const start = existing.status === 'queued' && !existing.waitingForTurn ? workflowInput(existing) : undefined;
  return { generation: existing, created: false, ...(start ? { start } : {}) };
}
