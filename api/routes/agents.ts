import { Router } from 'express';
import { conflict, notFound, unprocessable } from '../../contracts/errors.js';
import { newId } from '../../contracts/ids.js';
import { createAgentSchema, paginationQuerySchema, type AgentView, type CreateAgent } from '../../contracts/schemas/index.js';
import type { Agent } from '../../generated/prisma/client.js';
import { Prisma } from '../../infra/db/prisma.js';
import type { AppContext } from '../context.js';
import { authorize, handler, parseInput } from '../http.js';
import { afterCursor, newestFirst, page } from '../pagination.js';

export function slugify(name: string): string {
  const s = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return s || 'agent';
}

export function agentView(a: Agent): AgentView {
  return {
    id: a.id,
    projectId: a.projectId,
    aiProviderId: a.aiProviderId,
    name: a.name,
    slug: a.slug,
    description: a.description,
    instructions: a.instructions,
    model: a.model,
    temperature: a.temperature,
    toolIds: a.toolIds,
    activeToolIds: a.activeToolIdsSet ? a.activeToolIds : null,
    toolChoice: (a.toolChoice as AgentView['toolChoice']) ?? null,
    stepRules: (a.stepRules as AgentView['stepRules']) ?? null,
    stopConditions: (a.stopConditions as AgentView['stopConditions']) ?? null,
    maxSteps: a.maxSteps,
    boundaryPolicy: a.boundaryPolicy ?? null,
    guardrails: (a.guardrails as AgentView['guardrails']) ?? null,
    conversational: a.conversational,
    memory: (a.memory as AgentView['memory']) ?? null,
    contextWindow: a.contextWindow,
    approvalTimeoutSeconds: a.approvalTimeoutSeconds,
    active: a.active,
    publicChat: (a.publicChat as AgentView['publicChat']) ?? null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** Cross-reference checks that need the database (422 on failure, nothing written). */
async function checkReferences(ctx: AppContext, projectId: string, body: CreateAgent): Promise<void> {
  if (body.maxSteps !== undefined && body.maxSteps > ctx.env.MAX_STEPS_CAP) {
    throw unprocessable(`maxSteps ${body.maxSteps} exceeds the configured cap of ${ctx.env.MAX_STEPS_CAP}`, { path: 'body.maxSteps' });
  }
  const provider = await ctx.db.aiProvider.findFirst({ where: { id: body.aiProviderId, projectId }, select: { id: true } });
  if (!provider) throw unprocessable(`AI provider ${body.aiProviderId} does not exist in this project`, { path: 'body.aiProviderId' });

  const toolIds = [...new Set(body.toolIds)];
  const tools = await ctx.db.agentTool.findMany({ where: { id: { in: toolIds }, projectId }, select: { id: true, name: true, type: true } });
  const missing = toolIds.filter((id) => !tools.some((t) => t.id === id));
  if (missing.length) throw unprocessable(`Unknown toolIds: ${missing.join(', ')}`, { path: 'body.toolIds', missing });

  const attached = new Set(toolIds);
  const outside = (body.activeToolIds ?? []).filter((id) => !attached.has(id));
  if (outside.length) throw unprocessable(`activeToolIds must be a subset of toolIds; not attached: ${outside.join(', ')}`, { path: 'body.activeToolIds' });
  for (const [i, rule] of (body.stepRules ?? []).entries()) {
    const bad = (rule.activeToolIds ?? []).filter((id) => !attached.has(id));
    if (bad.length) throw unprocessable(`stepRules[${i}].activeToolIds must be a subset of toolIds; not attached: ${bad.join(', ')}`, { path: `body.stepRules.${i}.activeToolIds` });
  }

  // Two tools that would show the model the same name (MCP tools: the same prefix) collide.
  const byName = new Map<string, string>();
  for (const t of tools) {
    const key = t.type === 'mcp' ? `mcp:${t.name}` : t.name;
    const other = byName.get(key);
    if (other) throw unprocessable(`Tools ${other} and ${t.id} would both be shown to the model as "${t.name}"`, { path: 'body.toolIds', tools: [other, t.id] });
    byName.set(key, t.id);
  }
}

export function agentsRouter(ctx: AppContext): Router {
  const r = Router();

  r.post('/', handler(async (req, res) => {
    const auth = authorize(req, 'agents:CreateAgent', 'agents/*');
    const body = parseInput(createAgentSchema, req.body, 'body');
    await checkReferences(ctx, auth.projectId, body);
    const slug = body.slug ?? slugify(body.name);
    if (await ctx.db.agent.findFirst({ where: { projectId: auth.projectId, slug }, select: { id: true } })) {
      throw conflict(`An agent with slug "${slug}" already exists in this project`, { path: 'body.slug' });
    }
    const json = (v: unknown) => (v === undefined ? Prisma.DbNull : (v as object));
    const row = await ctx.db.agent.create({
      data: {
        id: newId('agent'),
        projectId: auth.projectId,
        aiProviderId: body.aiProviderId,
        name: body.name,
        slug,
        description: body.description ?? null,
        instructions: body.instructions ?? null,
        model: body.model ?? null,
        temperature: body.temperature ?? null,
        toolIds: [...new Set(body.toolIds)],
        activeToolIds: body.activeToolIds ?? [],
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
      },
    });
    res.status(201).json(agentView(row));
  }));

  r.get('/', handler(async (req, res) => {
    const auth = authorize(req, 'agents:ListAgents', 'agents/*');
    const q = parseInput(paginationQuerySchema, req.query, 'query');
    const rows = await ctx.db.agent.findMany({ where: { projectId: auth.projectId, ...afterCursor(q.cursor) }, orderBy: newestFirst, take: q.limit + 1 });
    const { items, nextCursor } = page(rows, q.limit);
    res.json({ data: items.map(agentView), nextCursor });
  }));

  r.get('/:agentId', handler(async (req, res) => {
    const auth = authorize(req, 'agents:GetAgent', `agents/${req.params.agentId}`);
    const row = await ctx.db.agent.findFirst({ where: { id: String(req.params.agentId), projectId: auth.projectId } });
    if (!row) throw notFound('Agent');
    res.json(agentView(row));
  }));

  return r;
}
