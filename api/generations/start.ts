import { createHash } from 'node:crypto';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { ApiError, notFound, unprocessable } from '../../contracts/errors.js';
import { newId } from '../../contracts/ids.js';
import { hookEventSchema, type GenerateRequest, type StepRule, type StopCondition, type ToolChoice } from '../../contracts/schemas/index.js';
import {
  readAgentOptions,
  readApprovalHookConfig,
  readGuardrails,
  readHttpHookConfig,
  readRuleHookConfig,
  readSnapshot,
  type Guardrails,
} from '../../infra/db/json-columns.js';
import type { GenerationSnapshot, SnapshotHook, SnapshotTool, StoredHeaderValue } from '../../contracts/snapshot.js';
import type { Agent, AgentTool, Generation, Hook } from '../../generated/prisma/client.js';
import { promptRequiresTool } from '../../workflows/loop/hooks.js';
import {
  CLARIFY_TOOL,
  canonicalJson,
  type GenerationInput,
  type LoopPlan,
  type PlannedHook,
} from '../../contracts/generation/index.js';
import { generationWorkflowType } from '../../workflows/definitions.js';
import type { generationWorkflow } from '../../workflows/generation.js';
import type { AppContext } from '../context.js';
import { newWebhookSecret } from '../routes/webhooks.js';
import type { AuthInfo } from '../http.js';

/** Replaces `{{name}}` with `variables[name]`; unknown placeholders stay as written. */
export function renderInstructions(template: string, variables: Record<string, string> = {}): string {
  return template.replace(/\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(variables, name) ? variables[name]! : whole));
}

function canonicalHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

function snapshotTool(t: AgentTool): SnapshotTool {
  return {
    id: t.id,
    type: t.type as SnapshotTool['type'],
    name: t.name,
    description: t.description,
    parameters: (t.parameters as Record<string, unknown> | null) ?? null,
    execute: (t.execute as { url: string; headers?: Record<string, StoredHeaderValue> } | null) ?? null,
    mcp: (t.mcp as SnapshotTool['mcp']) ?? null,
    enabled: t.enabled,
    timeoutSeconds: t.timeoutSeconds,
    readOnly: t.readOnly,
    maxResultChars: t.maxResultChars,
  };
}

function checkSubset(ids: string[] | undefined, allowed: Set<string>, path: string): void {
  const bad = (ids ?? []).filter((id) => !allowed.has(id));
  if (bad.length) throw unprocessable(`${path} must be a subset of the agent's toolIds; not attached: ${bad.join(', ')}`, { path });
}

/** The builtin agent_clarify tool: offered unless the agent turns it off (`allowClarification`). */
export const clarifyTool: SnapshotTool = {
  id: `builtin:${CLARIFY_TOOL}`,
  type: 'builtin',
  name: CLARIFY_TOOL,
  description: 'Ask the user a clarifying question when the request is ambiguous or information is missing. The run pauses until the user answers.',
  parameters: {
    type: 'object',
    properties: {
      question: { type: 'string', description: 'The question to ask the user' },
      reason: { type: 'string', description: 'Why the answer is needed' },
    },
    required: ['question'],
  },
  execute: null,
  timeoutSeconds: 30,
  readOnly: false,
  maxResultChars: 50_000,
};

export function clarificationEnabled(agent: Agent): boolean {
  return readAgentOptions(agent.extra).allowClarification;
}

export function planHook(h: Hook): PlannedHook {
  const base = { id: h.id, event: hookEventSchema.parse(h.event), matcher: h.matcher };
  if (h.type === 'rule') return { ...base, type: 'rule', rule: readRuleHookConfig(h.config) };
  if (h.type === 'approval') {
    const { timeoutSeconds } = readApprovalHookConfig(h.config);
    return { ...base, type: 'approval', ...(timeoutSeconds === undefined ? {} : { approvalTimeoutSeconds: timeoutSeconds }) };
  }
  return { ...base, type: 'http', timeoutSeconds: readHttpHookConfig(h.config).timeoutSeconds };
}

function userPromptText(body: GenerateRequest): string {
  return [body.prompt ?? '', ...(body.messages ?? []).filter((m) => m.role === 'user').map((m) => m.content)].join('\n');
}

/** Request overrides merged over the agent config; validated against the agent's tools. */
export function buildPlan(
  agent: Agent,
  tools: AgentTool[],
  body: GenerateRequest,
  opts: { maxStepsCap: number; modelAttempts: number; modelTimeoutSeconds: number; hooks?: Hook[] },
): LoopPlan {
  const attached = new Set(agent.toolIds);
  checkSubset(body.activeToolIds, attached, 'body.activeToolIds');
  for (const [i, rule] of (body.stepRules ?? []).entries()) checkSubset(rule.activeToolIds, attached, `body.stepRules.${i}.activeToolIds`);
  const maxSteps = body.maxSteps ?? agent.maxSteps;
  if (maxSteps > opts.maxStepsCap) throw unprocessable(`maxSteps ${maxSteps} exceeds the configured cap of ${opts.maxStepsCap}`, { path: 'body.maxSteps' });
  return {
    tools: [
      ...tools.map((t) => ({
        id: t.id,
        name: t.name,
        type: t.type as LoopPlan['tools'][number]['type'],
        readOnly: t.readOnly,
        hasExecutor: t.type !== 'http' || t.execute !== null,
        timeoutSeconds: t.timeoutSeconds,
      })),
      ...(clarificationEnabled(agent)
        ? [{ id: clarifyTool.id, name: clarifyTool.name, type: 'builtin' as const, readOnly: false, hasExecutor: true, timeoutSeconds: 30, alwaysOffered: true }]
        : []),
    ],
    toolChoice: body.toolChoice ?? (agent.toolChoice as ToolChoice | null) ?? 'auto',
    activeToolIds: body.activeToolIds ?? (agent.activeToolIdsSet ? agent.activeToolIds : null),
    stepRules: body.stepRules ?? (agent.stepRules as StepRule[] | null) ?? [],
    stopConditions: body.stopConditions ?? (agent.stopConditions as StopCondition[] | null) ?? [],
    maxSteps,
    modelRetry: { maximumAttempts: opts.modelAttempts, startToCloseSeconds: opts.modelTimeoutSeconds },
    hooks: (opts.hooks ?? []).map(planHook),
    approvalTimeoutSeconds: agent.approvalTimeoutSeconds,
    requireToolUse: promptRequiresTool(userPromptText(body), guardrailsOf(agent).requireToolFor),
    reviewFinalText: guardrailsOf(agent).blockPatterns.length > 0 || (opts.hooks ?? []).some((h) => h.event === 'PreResponse'),
  };
}

export function guardrailsOf(agent: Agent): Guardrails {
  return readGuardrails(agent.guardrails);
}

type StoredMessageRow = { role: string; content: object };

function initialMessages(agent: Agent, body: GenerateRequest): StoredMessageRow[] {
  const rows: StoredMessageRow[] = [];
  const given = body.messages ?? [];
  if (agent.instructions && !given.some((m) => m.role === 'system')) {
    rows.push({ role: 'system', content: { role: 'system', content: renderInstructions(agent.instructions, body.variables) } });
  }
  for (const m of given) {
    if (m.role === 'assistant') {
      rows.push({
        role: 'assistant',
        content: {
          role: 'assistant',
          content: m.content ?? null,
          ...(m.toolCalls?.length
            ? { tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments ?? {}) } })) }
            : {}),
        },
      });
    } else if (m.role === 'tool') {
      rows.push({ role: 'tool', content: { role: 'tool', tool_call_id: m.toolCallId, content: m.content } });
    } else {
      rows.push({ role: m.role, content: { role: m.role, content: m.role === 'system' ? renderInstructions(m.content, body.variables) : m.content } });
    }
  }
  if (body.prompt !== undefined) rows.push({ role: 'user', content: { role: 'user', content: body.prompt } });
  return rows;
}

export interface StartResult {
  generation: Generation;
  /** false when an Idempotency-Key matched an existing generation. */
  created: boolean;
  /** With callbackUrl, on creation only: the secret its deliveries are signed with. */
  callbackSecret?: string;
}

export async function startGeneration(ctx: AppContext, auth: AuthInfo, agentId: string, body: GenerateRequest, idempotencyKey: string | undefined): Promise<StartResult> {
  const agent = await ctx.db.agent.findFirst({ where: { id: agentId, projectId: auth.projectId } });
  if (!agent) throw notFound('Agent');

  // Delivery options do not change what is generated, so they are not part of the request identity.
  const { async: _a, stream: _s, waitSeconds: _w, ...identity } = body;
  const requestHash = canonicalHash({ agentId, ...identity });
  if (idempotencyKey) {
    const existing = await ctx.db.generation.findUnique({ where: { projectId_idempotencyKey: { projectId: auth.projectId, idempotencyKey } } });
    if (existing) return reuse(ctx, existing, requestHash);
  }
  if (!agent.active) throw new ApiError(409, 'conflict', 'The agent is not active');

  const provider = await ctx.db.aiProvider.findFirst({ where: { id: agent.aiProviderId, projectId: auth.projectId } });
  if (!provider) throw unprocessable('The agent\'s AI provider no longer exists');
  const toolRows = await ctx.db.agentTool.findMany({ where: { id: { in: agent.toolIds }, projectId: auth.projectId } });
  const tools = agent.toolIds.map((id) => toolRows.find((t) => t.id === id)).filter((t): t is AgentTool => t !== undefined);
  const hooks = await ctx.db.hook.findMany({ where: { agentId: agent.id, projectId: auth.projectId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  const webhooks = await ctx.db.webhook.findMany({ where: { agentId: agent.id, projectId: auth.projectId, active: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  const callbackSecret = body.callbackUrl ? newWebhookSecret() : undefined;
  const plan = buildPlan(agent, tools, body, {
    maxStepsCap: ctx.env.MAX_STEPS_CAP,
    modelAttempts: ctx.env.MODEL_CALL_MAX_ATTEMPTS,
    modelTimeoutSeconds: ctx.env.MODEL_CALL_TIMEOUT_SECONDS,
    hooks,
  });
  if (body.callbackUrl || webhooks.length > 0) plan.webhooks = { maxAttempts: ctx.env.WEBHOOK_MAX_ATTEMPTS };
  if (readAgentOptions(agent.extra).requireApprovalFor === 'destructive') plan.approveDestructive = true;
  const generationId = newId('generation');
  const traceId = newId('trace');
  const messages = initialMessages(agent, body);
  const snapshot: GenerationSnapshot = {
    agent: {
      id: agent.id,
      name: agent.name,
      instructions: agent.instructions ? renderInstructions(agent.instructions, body.variables) : null,
      temperature: agent.temperature,
    },
    model: agent.model ?? provider.defaultModel,
    provider: {
      id: provider.id,
      kind: provider.kind as GenerationSnapshot['provider']['kind'],
      baseUrl: provider.baseUrl,
      apiKeyEncrypted: provider.apiKeyEncrypted,
      defaultModel: provider.defaultModel,
      headers: (provider.headers as Record<string, string> | null) ?? null,
    },
    tools: [...tools.map(snapshotTool), ...(clarificationEnabled(agent) ? [clarifyTool] : [])],
    hooks: hooks.map((h): SnapshotHook => ({ id: h.id, event: h.event, type: h.type as SnapshotHook['type'], matcher: h.matcher, config: (h.config ?? {}) as Record<string, unknown> })),
    guardrails: guardrailsOf(agent),
    webhooks: webhooks.map((w) => ({ id: w.id, url: w.url, events: w.events, secretEncrypted: w.secretEncrypted })),
    plan,
    firstMessageSeq: messages.length,
  };
  let generation: Generation;
  try {
    generation = await ctx.db.$transaction(async (tx) => {
      await tx.trace.create({ data: { id: traceId, projectId: auth.projectId, rootGenerationId: generationId } });
      const g = await tx.generation.create({
        data: {
          id: generationId,
          projectId: auth.projectId,
          agentId: agent.id,
          traceId,
          status: 'queued',
          snapshot: snapshot as unknown as object,
          ...(body.metadata ? { metadata: body.metadata as object } : {}),
          idempotencyKey: idempotencyKey ?? null,
          requestHash,
          callbackUrl: body.callbackUrl ?? null,
          callbackSecretEnc: callbackSecret ? ctx.secrets.encrypt(callbackSecret) : null,
        },
      });
      await tx.generationMessage.createMany({
        data: messages.map((m, i) => ({ generationId, key: String(i), seq: i, role: m.role, content: m.content })),
      });
      return g;
    });
  } catch (err) {
    // Two requests raced with the same Idempotency-Key: the other one won.
    const code = (err as { code?: string }).code;
    if (idempotencyKey && code === 'P2002') {
      const existing = await ctx.db.generation.findUnique({ where: { projectId_idempotencyKey: { projectId: auth.projectId, idempotencyKey } } });
      if (existing) return reuse(ctx, existing, requestHash);
    }
    throw err;
  }

  const input: GenerationInput = { generationId, projectId: auth.projectId, agentId: agent.id, traceId, plan, firstMessageSeq: messages.length };
  await startWorkflow(ctx, generation, input);
  return { generation, created: true, ...(callbackSecret ? { callbackSecret } : {}) };
}

async function startWorkflow(ctx: AppContext, generation: Generation, input: GenerationInput): Promise<void> {
  try {
    await ctx.temporal.workflow.start<typeof generationWorkflow>(generationWorkflowType, {
      workflowId: generation.id,
      taskQueue: ctx.env.TEMPORAL_TASK_QUEUE,
      args: [input],
      memo: { projectId: generation.projectId, agentId: generation.agentId, traceId: generation.traceId },
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return;
    ctx.logger.error({ err, generationId: generation.id }, 'could not start the generation workflow');
    await ctx.db.generation.update({
      where: { id: generation.id },
      data: { status: 'failed', stopReason: 'error', error: { code: 'start_failed', message: 'The workflow could not be started' }, completedAt: new Date(), stateVersion: 1_000_000 },
    });
    throw new ApiError(503, 'unavailable', 'The orchestration service is unavailable; the generation was not started');
  }
}

async function reuse(ctx: AppContext, existing: Generation, requestHash: string): Promise<StartResult> {
  if (existing.requestHash !== requestHash) {
    throw new ApiError(422, 'idempotency_mismatch', 'This Idempotency-Key was already used with a different request');
  }
  // The first request may have died between storing the generation and starting its workflow:
  // starting again is safe (same workflow id) and completes the hand-off.
  if (existing.status === 'queued') {
    const snapshot = readSnapshot(existing.snapshot);
    await startWorkflow(ctx, existing, {
      generationId: existing.id,
      projectId: existing.projectId,
      agentId: existing.agentId,
      traceId: existing.traceId,
      plan: snapshot.plan,
      firstMessageSeq: snapshot.firstMessageSeq,
    });
  }
  return { generation: existing, created: false };
}
