import { newId } from '../contracts/ids.js';
import type {
  ChildStartInput,
  ChildStartResult,
  GenerationInput,
  ToolCallInput,
  ToolResultStatus,
} from '../contracts/generation/index.js';
import { generateRequestSchema, type GenerateRequest } from '../contracts/schemas/index.js';
import type { AgentTool, Generation } from '../generated/prisma/client.js';
import { readAgentOptions, readSnapshot } from '../infra/db/json-columns.js';
import type { Db } from '../infra/db/prisma.js';
import { buildPlan, buildSnapshot, compactionProvider, initialMessages } from '../domain/generations/plan.js';
import { platformAction } from '../contracts/platform-actions.js';
import { authorizePlatformAction, boundaryPoliciesOf, PlatformDenied } from '../domain/platform-actions/authorize.js';
import { authorityNow } from '../domain/deferred-authority.js';

/** Deployment limits a child's plan is built with (the same ones the API applies to top-level runs). */
export interface ChildLimits {
  maxStepsCap: number;
  webhookMaxAttempts: number;
}

export type RecordResult = (input: ToolCallInput, status: ToolResultStatus, content: string) => Promise<void>;

/** Why a nested call is refused before anything starts (the model sees this as the call's error). */
export class ChildRefusal extends Error {
  constructor(
    message: string,
    readonly status: ToolResultStatus = 'error',
  ) {
    super(message);
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The child's request from the model's arguments: `prompt` (or, for a tool with its own
 * parameters, the arguments as JSON) and optional string `variables`; validated like a generate
 * request.
 */
export function childRequest(args: unknown): GenerateRequest {
  const given = isRecord(args) ? args : {};
  const prompt = typeof given.prompt === 'string' && given.prompt.trim() ? given.prompt : JSON.stringify(args ?? {});
  const parsed = generateRequestSchema.safeParse({
    prompt,
    ...(isRecord(given.variables) ? { variables: given.variables } : {}),
  });
  if (!parsed.success)
    throw new ChildRefusal(
      `Invalid arguments for the agent: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

/**
 * Creates the child generation of one tool call (once: a retry finds the row it created) with
 * the configuration of its own agent as it is now, the parent's trace and the identity (API key)
 * of the top-level caller. Returns its workflow input, or null after recording why it was refused.
 */
export async function prepareChildGeneration(
  deps: { db: Db; limits: ChildLimits; record: RecordResult },
  input: ChildStartInput,
  target: (parent: Generation) => Promise<string>,
): Promise<ChildStartResult> {
  const { db } = deps;
  const existing = await db.generation.findUnique({
    where: {
      parentGenerationId_parentToolCallId: {
        parentGenerationId: input.generationId,
        parentToolCallId: input.toolCallId,
      },
    },
  });
  if (existing) return { child: childInput(existing, input) };
  const parent = await db.generation.findUniqueOrThrow({ where: { id: input.generationId } });
  try {
    const agentId = await target(parent);
    return { child: childInput(await createChild(db, deps.limits, parent, agentId, input), input) };
  } catch (err) {
    if (!(err instanceof ChildRefusal)) throw err;
    await deps.record(input, err.status, JSON.stringify({ error: err.message }));
    return { child: null };
  }
}

/**
 * The agent a call runs: an `agent` tool's own target, or platform create-agent-generation's
 * `agentId` argument once the caller's key ∩ every boundary policy up the chain allows it.
 */
export function childTarget(db: Db, input: ToolCallInput): (parent: Generation) => Promise<string> {
  return async (parent) => {
    const snapshot = readSnapshot(parent.snapshot);
    const tool = snapshot.tools.find((t) => t.name === input.toolName && (t.type === 'agent' || t.type === 'platform'));
    if (tool?.type === 'agent' && tool.agentId) return tool.agentId;
    const spec = tool?.action ? platformAction(tool.action) : undefined;
    if (!spec) throw new ChildRefusal(`Tool ${input.toolName} does not name an agent`);
    const args = isRecord(input.arguments) ? input.arguments : {};
    try {
      await authorizePlatformAction(
        db,
        { projectId: parent.projectId, keyId: parent.createdByKeyId, boundaryPolicies: boundaryPoliciesOf(snapshot) },
        spec,
        args,
      );
    } catch (err) {
      if (err instanceof PlatformDenied) throw new ChildRefusal(err.message, 'denied');
      throw err;
    }
    if (typeof args.agentId !== 'string') throw new ChildRefusal('agentId is required');
    return args.agentId;
  };
}

function childInput(g: Generation, call: ToolCallInput): GenerationInput {
  const { plan, firstMessageSeq } = readSnapshot(g.snapshot);
  return {
    generationId: g.id,
    projectId: g.projectId,
    agentId: g.agentId,
    traceId: g.traceId,
    plan,
    firstMessageSeq,
    parent: { generationId: call.generationId, toolCallId: call.toolCallId },
  };
}

async function createChild(
  db: Db,
  limits: ChildLimits,
  parent: Generation,
  agentId: string,
  input: ChildStartInput,
): Promise<Generation> {
  const projectId = parent.projectId;
  // A child starts later, on the top-level caller's behalf (domain/deferred-authority.ts): that key
  // must still stand. A public-chat chain has no key (its agent key was checked at its start).
  if (parent.createdByKeyId !== null) {
    const authority = await authorityNow(db, { projectId, keyId: parent.createdByKeyId });
    if (!authority.ok) throw new ChildRefusal(authority.message, 'denied');
  }
  const agent = await db.agent.findFirst({ where: { id: agentId, projectId } });
  if (!agent) throw new ChildRefusal(`Agent ${agentId} does not exist`);
  if (!agent.active) throw new ChildRefusal(`Agent ${agentId} is not active`);
  const body = childRequest(input.arguments);
  const provider = await db.aiProvider.findFirst({ where: { id: agent.aiProviderId, projectId } });
  if (!provider) throw new ChildRefusal(`The AI provider of agent ${agentId} no longer exists`);
  const toolRows = await db.agentTool.findMany({ where: { id: { in: agent.toolIds }, projectId } });
  const tools = agent.toolIds
    .map((id) => toolRows.find((t) => t.id === id))
    .filter((t): t is AgentTool => t !== undefined);
  const hooks = await db.hook.findMany({
    where: { agentId: agent.id, projectId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const webhooks = await db.webhook.findMany({
    where: { agentId: agent.id, projectId, active: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const parentPlan = readSnapshot(parent.snapshot).plan;
  let plan;
  try {
    plan = buildPlan(agent, tools, body, {
      maxStepsCap: limits.maxStepsCap,
      modelAttempts: parentPlan.modelRetry.maximumAttempts,
      modelTimeoutSeconds: parentPlan.modelRetry.startToCloseSeconds,
      hooks,
    });
  } catch (err) {
    throw new ChildRefusal(err instanceof Error ? err.message : String(err));
  }
  plan.remainingDepth = input.remainingDepth;
  // A child's tools run where its parent's do.
  if (parentPlan.toolTaskQueue) plan.toolTaskQueue = parentPlan.toolTaskQueue;
  if (webhooks.length > 0) plan.webhooks = { maxAttempts: limits.webhookMaxAttempts };
  if (readAgentOptions(agent.extra).requireApprovalFor === 'destructive') plan.approveDestructive = true;
  const messages = initialMessages(agent, body);
  let compactionRow;
  try {
    compactionRow = await compactionProvider(db, projectId, agent);
  } catch (err) {
    throw new ChildRefusal(err instanceof Error ? err.message : String(err));
  }
  const snapshot = buildSnapshot(
    agent,
    provider,
    { tools, hooks, webhooks, compactionProvider: compactionRow },
    body,
    plan,
    messages,
  );
  snapshot.contextWindow = agent.contextWindow;
  // The child acts under every boundary above it as well as its own agent's.
  const inherited = boundaryPoliciesOf(readSnapshot(parent.snapshot));
  if (inherited.length) snapshot.agent.inheritedBoundaryPolicies = inherited;
  const generationId = newId('generation');
  try {
    return await db.$transaction(async (tx) => {
      const g = await tx.generation.create({
        data: {
          id: generationId,
          projectId,
          agentId: agent.id,
          traceId: parent.traceId,
          parentGenerationId: parent.id,
          parentToolCallId: input.toolCallId,
          status: 'queued',
          snapshot: snapshot as unknown as object,
          createdByKeyId: parent.createdByKeyId,
        },
      });
      await tx.generationMessage.createMany({
        data: messages.map((m, i) => ({ generationId, key: String(i), seq: i, role: m.role, content: m.content })),
      });
      return g;
    });
  } catch (err) {
    // A retry raced with the attempt that created it: use that row.
    if ((err as { code?: string }).code !== 'P2002') throw err;
    return db.generation.findUniqueOrThrow({
      where: {
        parentGenerationId_parentToolCallId: { parentGenerationId: parent.id, parentToolCallId: input.toolCallId },
      },
    });
  }
}

/** The settled child as the parent's tool result: its answer, or an error naming how it ended. */
export async function recordChildResult(
  deps: { db: Db; record: RecordResult },
  input: ToolCallInput & { childGenerationId: string },
): Promise<void> {
  const child = await deps.db.generation.findUniqueOrThrow({ where: { id: input.childGenerationId } });
  const ref = { generationId: child.id, agentId: child.agentId };
  if (child.status === 'completed') {
    const answer =
      child.output !== null && child.output !== undefined
        ? JSON.stringify(child.output)
        : (child.text ?? JSON.stringify({ ...ref, text: null }));
    await deps.record(input, 'success', answer);
    return;
  }
  const error = (child.error as { code?: string; message?: string } | null) ?? null;
  const message =
    child.status === 'cancelled'
      ? 'The agent generation was cancelled'
      : child.status === 'failed'
        ? `The agent generation failed: ${error?.message ?? child.stopReason ?? 'unknown error'}`
        : `The agent generation ended without an answer (status ${child.status})`;
  await deps.record(input, 'error', JSON.stringify({ error: message, ...ref, status: child.status }));
}
