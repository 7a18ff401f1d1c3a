import type { Router } from 'express';
import { conflict, unprocessable } from '../../contracts/errors.js';
import { KNOWLEDGE_SEARCH_TOOL } from '../../contracts/generation/index.js';
import { newId, randomToken } from '../../contracts/ids.js';
import {
  createAgentSchema,
  type AgentView,
  type CreateAgent,
  type CreatedAgentView,
} from '../../contracts/schemas/index.js';
import type { Agent } from '../../generated/prisma/client.js';
import { Prisma } from '../../infra/db/prisma.js';
import { hashKey, keyPrefix } from '../auth/keys.js';
import type { AppContext } from '../context.js';
import { found, type AuthInfo } from '../http.js';
import { agentRoutes } from './agents.operations.js';
import { addReads, type PageQuery } from './crud.js';
import { ApiRouter } from '../routing.js';
import { compact, patched } from '../services/merge-patch.js';
import { collisionError, findCollision } from '../services/tool-names.js';
import { agentView } from '../../domain/views.js';

export function slugify(name: string): string {
  const s = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return s || 'agent';
}

/**
 * The stored agent as a create request would have sent it (the base a merge patch applies to):
 * its view without the fields the server sets, nulls dropped.
 */
function agentAsInput(a: Agent): Record<string, unknown> {
  const {
    id: _id,
    projectId: _projectId,
    publicChatKeyPrefix: _prefix,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    ...fields
  } = agentView(a);
  return compact(fields);
}

const json = (v: unknown) => (v === undefined || v === null ? Prisma.DbNull : (v as Prisma.InputJsonValue));

/** Every column an agent request sets (PUT and PATCH write all of them). */
function agentColumns(body: CreateAgent, slug: string) {
  return {
    aiProviderId: body.aiProviderId,
    name: body.name,
    slug,
    description: body.description ?? null,
    instructions: body.instructions ?? null,
    model: body.model ?? null,
    temperature: body.temperature ?? null,
    toolIds: [...new Set(body.toolIds)],
    activeToolIds: body.activeToolIds ? [...new Set(body.activeToolIds)] : [],
    activeToolIdsSet: body.activeToolIds !== undefined,
    toolChoice: json(body.toolChoice),
    stepRules: json(body.stepRules),
    stopConditions: json(body.stopConditions),
    maxSteps: body.maxSteps ?? 20,
    boundaryPolicy: json(body.boundaryPolicy),
    guardrails: json(body.guardrails),
    conversational: body.conversational,
    memory: json(body.memory),
    contextWindow: body.contextWindow ?? null,
    approvalTimeoutSeconds: body.approvalTimeoutSeconds,
    active: body.active,
    publicChat: json(body.publicChat),
    extra: {
      allowClarification: body.allowClarification,
      ...(body.knowledgeBaseIds.length ? { knowledgeBaseIds: [...new Set(body.knowledgeBaseIds)] } : {}),
      ...(body.requireApprovalFor ? { requireApprovalFor: body.requireApprovalFor } : {}),
      welcomeMessage: body.welcomeMessage,
      branding: body.branding,
      contextResolvers: [...new Set(body.contextResolvers)],
      ...(body.businessHours ? { businessHours: body.businessHours } : {}),
      ...(body.modelParameters ? { modelParameters: body.modelParameters } : {}),
      ...(body.compaction ? { compaction: body.compaction } : {}),
      ...(body.memoryRecall ? { memoryRecall: body.memoryRecall } : {}),
      ...(body.builtins !== undefined
        ? { builtins: body.builtins === 'all' ? 'all' : [...new Set(body.builtins)] }
        : {}),
    },
  };
}

/** A public-chat key (`ag_…`): shown once, stored as a hash with a lookup prefix. */
function newPublicChatKey() {
  const key = `ag_${randomToken(40)}`;
  return { key, prefix: keyPrefix(key), hash: hashKey(key) };
}

/** Cross-reference checks that need the database (422 on failure, nothing written). */
async function checkReferences(ctx: AppContext, projectId: string, body: CreateAgent): Promise<void> {
  if (body.maxSteps !== undefined && body.maxSteps > ctx.env.MAX_STEPS_CAP) {
    throw unprocessable(`maxSteps ${body.maxSteps} exceeds the configured cap of ${ctx.env.MAX_STEPS_CAP}`, {
      path: 'body.maxSteps',
    });
  }
  const provider = await ctx.db.aiProvider.findFirst({
    where: { id: body.aiProviderId, projectId },
    select: { id: true },
  });
  if (!provider)
    throw unprocessable(`AI provider ${body.aiProviderId} does not exist in this project`, {
      path: 'body.aiProviderId',
    });
  const compactionProviderId = body.compaction?.aiProviderId;
  if (
    compactionProviderId &&
    !(await ctx.db.aiProvider.findFirst({ where: { id: compactionProviderId, projectId }, select: { id: true } }))
  )
    throw unprocessable(`AI provider ${compactionProviderId} does not exist in this project`, {
      path: 'body.compaction.aiProviderId',
    });

  const toolIds = [...new Set(body.toolIds)];
  const tools = await ctx.db.agentTool.findMany({
    where: { id: { in: toolIds }, projectId },
    select: { id: true, name: true, type: true },
  });
  const missing = toolIds.filter((id) => !tools.some((t) => t.id === id));
  if (missing.length) throw unprocessable(`Unknown toolIds: ${missing.join(', ')}`, { path: 'body.toolIds', missing });

  const attached = new Set(toolIds);
  const outside = (body.activeToolIds ?? []).filter((id) => !attached.has(id));
  if (outside.length)
    throw unprocessable(`activeToolIds must be a subset of toolIds; not attached: ${outside.join(', ')}`, {
      path: 'body.activeToolIds',
    });
  for (const [i, rule] of (body.stepRules ?? []).entries()) {
    const bad = (rule.activeToolIds ?? []).filter((id) => !attached.has(id));
    if (bad.length)
      throw unprocessable(
        `stepRules[${i}].activeToolIds must be a subset of toolIds; not attached: ${bad.join(', ')}`,
        { path: `body.stepRules.${i}.activeToolIds` },
      );
  }
  const kbIds = [...new Set(body.knowledgeBaseIds)];
  const kbs = await ctx.db.knowledgeBase.findMany({ where: { id: { in: kbIds }, projectId }, select: { id: true } });
  const missingKbs = kbIds.filter((id) => !kbs.some((k) => k.id === id));
  if (missingKbs.length)
    throw unprocessable(`Unknown knowledgeBaseIds: ${missingKbs.join(', ')}`, {
      path: 'body.knowledgeBaseIds',
      missing: missingKbs,
    });
  const shadowing = tools.find((t) => t.name === KNOWLEDGE_SEARCH_TOOL && t.type !== 'mcp');
  if (kbIds.length && shadowing)
    throw unprocessable(
      `Tool ${shadowing.id} is named ${KNOWLEDGE_SEARCH_TOOL}, the builtin offered with knowledge bases; rename it`,
      { path: 'body.toolIds', toolId: shadowing.id },
    );
  const ordered = toolIds.map((id) => tools.find((t) => t.id === id)!);
  const collision = findCollision(ordered);
  if (collision) throw collisionError(collision, 'body.toolIds');
}

/** `goal` is one alias: it becomes `instructions`, and both in one request name one field twice. */
function goalAsInstructions<T extends { goal?: string | null | undefined; instructions?: string | null | undefined }>(
  body: T,
): Omit<T, 'goal'> {
  const { goal, ...rest } = body;
  if (goal === undefined) return rest;
  if (rest.instructions !== undefined)
    throw unprocessable('goal is another name for instructions: give one of them', { path: 'body.goal' });
  return { ...rest, instructions: goal };
}

export function agentsRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/agents', ctx);
  /** The agent the path names, in the key's project. */
  const find = async ({ auth, params }: { auth: AuthInfo; params: { agentId: string } }) =>
    found(await ctx.db.agent.findFirst({ where: { id: params.agentId, projectId: auth.projectId } }), 'Agent');
  const checkSlug = async (projectId: string, slug: string, exceptId?: string) => {
    const other = await ctx.db.agent.findFirst({
      where: { projectId, slug, ...(exceptId ? { id: { not: exceptId } } : {}) },
      select: { id: true },
    });
    if (other)
      throw conflict(`An agent with slug "${slug}" already exists in this project`, {
        path: 'body.slug',
        agentId: other.id,
      });
  };
  /** PUT and PATCH: the full new configuration, validated, then written over the row. */
  const replace = async (current: Agent, body: CreateAgent): Promise<AgentView> => {
    await checkReferences(ctx, current.projectId, body);
    const slug = body.slug ?? current.slug;
    await checkSlug(current.projectId, slug, current.id);
    return agentView(await ctx.db.agent.update({ where: { id: current.id }, data: agentColumns(body, slug) }));
  };

  r.add(agentRoutes.create, async ({ auth, body: request }) => {
    const body = goalAsInstructions(request);
    await checkReferences(ctx, auth.projectId, body);
    const slug = body.slug ?? slugify(body.name);
    await checkSlug(auth.projectId, slug);
    const chatKey = body.publicChat?.enabled ? newPublicChatKey() : null;
    const row = await ctx.db.agent.create({
      data: {
        id: newId('agent'),
        projectId: auth.projectId,
        ...agentColumns(body, slug),
        ...(chatKey ? { publicKeyPrefix: chatKey.prefix, publicKeyHash: chatKey.hash } : {}),
      },
    });
    const view: CreatedAgentView = agentView(row);
    return chatKey ? { ...view, publicChatKey: chatKey.key } : view;
  });

  const page = (query: PageQuery) => ctx.db.agent.findMany(query);
  addReads(r, agentRoutes, { page, find }, agentView);

  r.add(agentRoutes.replace, async (input) => replace(await find(input), goalAsInstructions(input.body)));

  r.add(agentRoutes.patch, async (input) => {
    const current = await find(input);
    return replace(current, patched(createAgentSchema, agentAsInput(current), goalAsInstructions(input.body)));
  });

  r.add(agentRoutes.delete, async (input) => {
    const current = await find(input);
    // `agent` tools run this agent as a child: deleting it would break them silently.
    const callers = await ctx.db.agentTool.findMany({
      where: { projectId: current.projectId, type: 'agent', agentId: current.id },
      select: { id: true },
      take: 20,
    });
    if (callers.length) {
      throw conflict(`Agent ${current.id} is called by agent tools: ${callers.map((t) => t.id).join(', ')}`, {
        tools: callers.map((t) => t.id),
      });
    }
    await ctx.db.agent.delete({ where: { id: current.id } });
  });

  r.add(agentRoutes.regenerateKey, async (input) => {
    const current = await find(input);
    const chatKey = newPublicChatKey();
    await ctx.db.agent.update({
      where: { id: current.id },
      data: { publicKeyPrefix: chatKey.prefix, publicKeyHash: chatKey.hash },
    });
    return { agentId: current.id, publicChatKey: chatKey.key, publicChatKeyPrefix: chatKey.prefix };
  });

  return r.router;
}
