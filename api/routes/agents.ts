import type { Router } from 'express';
import { conflict, unprocessable } from '../../contracts/errors.js';
import { refusedBuiltinError } from '../../contracts/builtins/index.js';
import { KNOWLEDGE_SEARCH_TOOL } from '../../contracts/generation/index.js';
import { newId, randomToken } from '../../contracts/ids.js';
import {
  createAgentSchema,
  type AgentView,
  type CreateAgent,
  type CreatedAgentView,
} from '../../contracts/schemas/index.js';
import { Prisma } from '../../infra/db/prisma.js';
import { hashKey, keyPrefix } from '../auth/keys.js';
import type { AppContext } from '../context.js';
import { found, type AuthInfo } from '../http.js';
import { planOwnedTools, type OwnedToolsInput, type OwnedToolsPlan } from './agent-owned-tools.js';
import { agentRoutes } from './agents.operations.js';
import { addReads, type PageQuery } from './crud.js';
import { ApiRouter } from '../routing.js';
import { compact, patched } from '../services/merge-patch.js';
import { collisionError, findCollision } from '../services/tool-names.js';
import { agentView, withOwnedTools, type AgentWithTools } from '../../domain/views.js';

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
 * its view without the fields the server sets, nulls dropped. The owned tools are left out: a
 * PATCH that does not name customTools or mcpServers leaves them as they are.
 */
function agentAsInput(a: AgentWithTools): Record<string, unknown> {
  const {
    id: _id,
    projectId: _projectId,
    publicChatKeyPrefix: _prefix,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    customTools: _customTools,
    mcpServers: _mcpServers,
    ...fields
  } = agentView(a);
  return compact(fields);
}

const json = (v: unknown) => (v === undefined || v === null ? Prisma.DbNull : (v as Prisma.InputJsonValue));

/** Every column an agent request sets (PUT and PATCH write all of them); toolIds as checkReferences resolved them. */
function agentColumns(body: CreateAgent, slug: string, toolIds: string[]) {
  return {
    aiProviderId: body.aiProviderId,
    name: body.name,
    slug,
    description: body.description ?? null,
    instructions: body.instructions ?? null,
    model: body.model ?? null,
    temperature: body.temperature ?? null,
    toolIds,
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
      ...(body.multitaskStrategy ? { multitaskStrategy: body.multitaskStrategy } : {}),
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

/**
 * Cross-reference checks that need the database (422 on failure, nothing written). Returns the
 * agent's toolIds: the shared tools the request names, then its own tools (`owned`).
 */
async function checkReferences(
  ctx: AppContext,
  projectId: string,
  body: CreateAgent,
  owned: OwnedToolsPlan,
  agentId?: string,
): Promise<string[]> {
  const named = Array.isArray(body.builtins) ? body.builtins : [];
  for (const [i, name] of named.entries()) {
    const refused = refusedBuiltinError(name, `body.builtins.${i}`);
    if (refused) throw refused;
  }
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

  // The agent's own tools are attached by customTools and mcpServers, whatever toolIds says.
  const sharedIds = [...new Set(body.toolIds)].filter((id) => !owned.ownIds.has(id));
  const tools = await ctx.db.agentTool.findMany({
    where: { id: { in: sharedIds }, projectId },
    select: { id: true, name: true, type: true, ownerAgentId: true },
  });
  const missing = sharedIds.filter((id) => !tools.some((t) => t.id === id));
  if (missing.length) throw unprocessable(`Unknown toolIds: ${missing.join(', ')}`, { path: 'body.toolIds', missing });
  const foreign = tools.find((t) => t.ownerAgentId !== null && t.ownerAgentId !== agentId);
  if (foreign)
    throw unprocessable(
      `Tool ${foreign.id} belongs to agent ${foreign.ownerAgentId} (defined inline there); define a tool of this agent instead`,
      { path: 'body.toolIds', toolId: foreign.id, ownerAgentId: foreign.ownerAgentId },
    );
  const toolIds = [...sharedIds, ...owned.tools.map((t) => t.id)];

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
  const ordered = [
    ...sharedIds.map((id) => ({ ...tools.find((t) => t.id === id)!, path: 'body.toolIds' })),
    ...owned.tools,
  ];
  const shadowing = ordered.find((t) => t.name === KNOWLEDGE_SEARCH_TOOL && t.type !== 'mcp');
  if (kbIds.length && shadowing)
    throw unprocessable(
      `Tool ${shadowing.id} is named ${KNOWLEDGE_SEARCH_TOOL}, the builtin offered with knowledge bases; rename it`,
      { path: shadowing.path, toolId: shadowing.id },
    );
  const collision = findCollision(ordered);
  // Named at the inline entry when one of the two is defined on the agent.
  if (collision) throw collisionError(collision, (collision[1] as (typeof ordered)[number]).path);
  return toolIds;
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
    found(
      await ctx.db.agent.findFirst({
        where: { id: params.agentId, projectId: auth.projectId },
        include: withOwnedTools,
      }),
      'Agent',
    );
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
  /**
   * The agent row and its own tools in one transaction: a write refused part-way changes nothing.
   * `row` creates or updates the agent (it exists before its tools, which reference it).
   */
  const save = (agentId: string, owned: OwnedToolsPlan, row: (tx: Prisma.TransactionClient) => Promise<unknown>) =>
    ctx.db.$transaction(async (tx) => {
      await row(tx);
      await owned.write(tx, agentId);
      return tx.agent.findUniqueOrThrow({ where: { id: agentId }, include: withOwnedTools });
    });
  /** PUT and PATCH: the full new configuration, validated, then written over the row. */
  const replace = async (
    auth: AuthInfo,
    current: AgentWithTools,
    body: CreateAgent,
    ownedInput: OwnedToolsInput,
  ): Promise<AgentView> => {
    const owned = planOwnedTools(ctx, auth, current, ownedInput);
    const toolIds = await checkReferences(ctx, current.projectId, body, owned, current.id);
    const slug = body.slug ?? current.slug;
    await checkSlug(current.projectId, slug, current.id);
    const data = agentColumns(body, slug, toolIds);
    return agentView(await save(current.id, owned, (tx) => tx.agent.update({ where: { id: current.id }, data })));
  };

  r.add(agentRoutes.create, async ({ auth, body: request }) => {
    const body = goalAsInstructions(request);
    const owned = planOwnedTools(ctx, auth, undefined, body);
    const toolIds = await checkReferences(ctx, auth.projectId, body, owned);
    const slug = body.slug ?? slugify(body.name);
    await checkSlug(auth.projectId, slug);
    const chatKey = body.publicChat?.enabled ? newPublicChatKey() : null;
    const id = newId('agent');
    const data = {
      id,
      projectId: auth.projectId,
      ...agentColumns(body, slug, toolIds),
      ...(chatKey ? { publicKeyPrefix: chatKey.prefix, publicKeyHash: chatKey.hash } : {}),
    };
    const view: CreatedAgentView = agentView(await save(id, owned, (tx) => tx.agent.create({ data })));
    return chatKey ? { ...view, publicChatKey: chatKey.key } : view;
  });

  const page = (query: PageQuery) => ctx.db.agent.findMany({ ...query, include: withOwnedTools });
  addReads(r, agentRoutes, { page, find }, agentView);

  // PUT: the whole agent, so omitted customTools / mcpServers (defaults []) mean none.
  r.add(agentRoutes.replace, async (input) =>
    replace(input.auth, await find(input), goalAsInstructions(input.body), input.body),
  );

  r.add(agentRoutes.patch, async (input) => {
    const current = await find(input);
    const sent = input.body;
    const body = patched(createAgentSchema, agentAsInput(current), goalAsInstructions(sent));
    // The merged body has the lists' defaults ([]); only a list the patch itself sends replaces a set.
    return replace(input.auth, current, body, {
      customTools: sent.customTools === undefined ? undefined : body.customTools,
      mcpServers: sent.mcpServers === undefined ? undefined : body.mcpServers,
    });
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
    // Schedules run this agent unattended (docs/schedules.md): delete them first, knowingly.
    const schedules = await ctx.db.schedule.findMany({
      where: { agentId: current.id },
      select: { id: true },
      take: 20,
    });
    if (schedules.length) {
      throw conflict(`Agent ${current.id} has schedules: ${schedules.map((s) => s.id).join(', ')}`, {
        schedules: schedules.map((s) => s.id),
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
