import { conflict, notFound, unprocessable, ApiError } from '../../contracts/errors.js';
import type { StoredMessage } from '../../contracts/conversation.js';
import { forkConversation, forkPlan, replaysTraceEntry, toolsCalledIn } from '../../contracts/generation/fork.js';
import type { GenerationInput } from '../../contracts/generation/index.js';
import { newId } from '../../contracts/ids.js';
import type { ForkRequest } from '../../contracts/schemas/index.js';
import { deliveryOf } from '../../contracts/tool-delivery.js';
import type { Generation, Prisma } from '../../generated/prisma/client.js';
import { readSnapshot } from '../../infra/db/json-columns.js';
import type { Db } from '../../infra/db/prisma.js';
import { workflowInput } from '../../infra/temporal/generation-start.js';
import { agentWithConfiguration } from './agent-configuration.js';
import { canonicalHash } from './create.js';
import { detachedCallRefusal, detachedSettingRefusal, originChoices } from './fork-configuration.js';
import { runConfiguration, type CreateLimits } from './run-configuration.js';

/** The origin's states a fork may start from: it has settled, so its steps no longer change. */
const FORKABLE = new Set(['completed', 'failed', 'cancelled']);

export interface ForkResult {
  generation: Generation;
  /**
   * The workflow input: the caller starts it (a start that never happens is the reconciler's).
   * Absent for a repeated request whose fork has left `queued`: it already runs.
   */
  start?: GenerationInput;
}

/**
 * Stores a fork of `origin` (docs/fork.md, docs/adr/0047): a new generation (status `queued`) in
 * the origin's trace and, in the same transaction, the origin's conversation up to `fromStep`
 * (edits applied) and its trace entries of those steps marked `replayed`. Its workflow starts at
 * step `fromStep + 1`; nothing of the replayed steps is called again because their replies and
 * results are already in the conversation.
 *
 * The fork keeps what the origin recorded, never the authority the origin ran with: its provider,
 * model, tools and their secrets, hooks, webhooks and boundary policy are the agent's current ones,
 * resolved as generate resolves them (./run-configuration.ts); the origin's run-level choices
 * (step limit, tool choice, active tools, step rules, stop conditions, model parameters, end user)
 * stay. A kept tool call or a live setting that names a tool no longer attached is a 422.
 */
export async function forkGeneration(
  deps: { db: Db; limits: CreateLimits },
  auth: { projectId: string; keyId: string | null },
  origin: Generation,
  body: ForkRequest,
  idempotencyKey?: string,
): Promise<ForkResult> {
  const { db } = deps;
  // An Idempotency-Key makes a repeated fork request answer with the fork it stored, as generate does.
  const requestHash = canonicalHash({ forkOf: origin.id, ...body });
  const stored = idempotencyKey ? await sameKey(db, auth.projectId, idempotencyKey, requestHash) : null;
  if (stored) return stored;
  if (!FORKABLE.has(origin.status))
    throw conflict(
      `The generation is ${origin.status}; only a completed, failed or cancelled generation can be forked`,
    );
  if (origin.parentGenerationId !== null)
    throw unprocessable('A child generation cannot be forked: fork the top-level generation of its trace', {
      path: 'params.generationId',
    });
  const configured = await agentWithConfiguration(db, auth.projectId, origin.agentId);
  if (!configured) throw notFound('Agent');
  if (!configured.agent.active) throw new ApiError(409, 'conflict', 'The agent is not active');

  const snapshot = readSnapshot(origin.snapshot);
  const rows = await db.generationMessage.findMany({
    where: { generationId: origin.id },
    orderBy: { seq: 'asc' },
    select: { content: true },
  });
  const conversation = forkConversation({
    messages: rows.map((r) => r.content as unknown as StoredMessage),
    initialMessages: snapshot.plan.fork?.initialMessages ?? snapshot.firstMessageSeq,
    fromStep: body.fromStep,
    edits: body.messages ?? [],
    append: (body.appendMessages ?? []).map((m) => m.content),
  });
  if ('refused' in conversation) throw unprocessable(conversation.refused, { path: conversation.path });
  const { messages } = conversation;

  const fork = {
    fromStep: body.fromStep,
    toolsUsed: toolsCalledIn(messages),
    initialMessages: snapshot.plan.fork?.initialMessages ?? snapshot.firstMessageSeq,
  };
  const detachedSetting = detachedSettingRefusal(snapshot, configured.agent.toolIds);
  if (detachedSetting) throw unprocessable(detachedSetting, { path: 'params.generationId' });
  const current = await runConfiguration(db, deps.limits, auth.projectId, configured, originChoices(snapshot));
  const today = current.snapshotWith([]);
  const detachedCall = detachedCallRefusal({ ...origin, snapshot }, today, configured.agent.toolIds, fork.toolsUsed);
  if (detachedCall) throw unprocessable(detachedCall, { path: 'body.fromStep' });
  // Chosen by the origin's request and the origin's prompt, not by today's agent.
  current.plan.requireToolUse = snapshot.plan.requireToolUse;
  const plan = forkPlan(current.plan, fork, (name) => deliveryOf(today, name, []) === 'at_most_once');
  const forkSnapshot = {
    ...today,
    agent: { ...today.agent, instructions: snapshot.agent.instructions },
    plan,
    firstMessageSeq: messages.length,
  };

  const traceRows = await db.generationStep.findMany({
    where: { generationId: origin.id, step: { gte: 1, lte: body.fromStep } },
    orderBy: { seq: 'asc' },
  });
  const replayed = traceRows.filter((t) => replaysTraceEntry({ step: t.step, seq: Number(t.seq) }, body.fromStep));

  const id = newId('generation');
  const generation = await db
    .$transaction(async (tx) => {
      const g = await tx.generation.create({
        data: {
          id,
          projectId: origin.projectId,
          agentId: origin.agentId,
          traceId: origin.traceId,
          status: 'queued',
          snapshot: forkSnapshot as unknown as Prisma.InputJsonValue,
          ...(origin.metadata !== null ? { metadata: origin.metadata as Prisma.InputJsonValue } : {}),
          createdByKeyId: auth.keyId,
          channel: 'api',
          forkedFromGenerationId: origin.id,
          forkedFromStep: body.fromStep,
          idempotencyKey: idempotencyKey ?? null,
          requestHash,
        },
      });
      await tx.generationMessage.createMany({
        data: messages.map((m, seq) => ({
          generationId: id,
          key: String(seq),
          seq,
          role: m.role,
          content: m as unknown as Prisma.InputJsonValue,
        })),
      });
      if (replayed.length > 0)
        await tx.generationStep.createMany({
          data: replayed.map((t) => ({
            generationId: id,
            key: t.key,
            seq: t.seq,
            step: t.step,
            type: t.type,
            data: { ...(t.data as Prisma.JsonObject), replayed: true },
          })),
        });
      return g;
    })
    .catch(async (err: unknown) => {
      // Two requests raced with the same Idempotency-Key (a unique violation): the other one stored it.
      const code = (err as { code?: string }).code;
      const raced =
        idempotencyKey && (code === 'P2002' || code === '23505')
          ? await sameKey(db, auth.projectId, idempotencyKey, requestHash)
          : null;
      if (raced) return raced.generation;
      throw err;
    });
  return { generation, start: workflowInput(generation) };
}

/** The fork stored under this key, or null; the key with another request is a 422. */
async function sameKey(db: Db, projectId: string, idempotencyKey: string, requestHash: string) {
  const existing = await db.generation.findUnique({
    where: { projectId_idempotencyKey: { projectId, idempotencyKey } },
  });
  if (!existing) return null;
  if (existing.requestHash !== requestHash)
    throw new ApiError(422, 'idempotency_mismatch', 'This Idempotency-Key was already used with a different request');
  // Starting again is safe (same workflow id) and completes a hand-off the first request did not.
  return { generation: existing, ...(existing.status === 'queued' ? { start: workflowInput(existing) } : {}) };
}
