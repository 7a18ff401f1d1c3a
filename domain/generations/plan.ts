import { builtinDefinition, builtinNeedsApproval } from '../../contracts/builtins/index.js';
import { unprocessable } from '../../contracts/errors.js';
import { CLARIFY_TOOL, type LoopPlan, type PlannedTool } from '../../contracts/generation/index.js';
import {
  type GenerateRequest,
  type StepRule,
  type StopCondition,
  type ToolChoice,
} from '../../contracts/schemas/index.js';
import type {
  GenerationSnapshot,
  SnapshotHook,
  SnapshotModelParameters,
  SnapshotTool,
  StoredHeaderValue,
} from '../../contracts/snapshot.js';
import type { Agent, AgentTool, AiProvider, Hook, Webhook } from '../../generated/prisma/client.js';
import { readAgentOptions, readGuardrails, type Guardrails } from '../../infra/db/json-columns.js';
import { planHook } from './plan-hooks.js';
import type { Db } from '../../infra/db/prisma.js';
import { promptRequiresTool } from '../../contracts/generation/hooks.js';
import { knowledgeSearchTool, plannedKnowledgeSearchTool, type LinkedKnowledgeBase } from './knowledge-tool.js';
import { agentBuiltinPlannedTools, agentBuiltinSnapshotTools } from './agent-builtins.js';
import { platformAction, platformToolName } from '../../contracts/platform-actions.js';
import type { Policy } from '../../contracts/schemas/index.js';
import { storedActions } from '../views.js';

/**
 * What a generation starts from: the loop plan (request overrides merged over the agent), the
 * configuration snapshot and the initial messages. Pure functions of the rows the API read.
 */

/** Replaces `{{name}}` with `variables[name]`; unknown placeholders stay as written. */
export function renderInstructions(template: string, variables: Record<string, string> = {}): string {
  return template.replace(/\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(variables, name) ? variables[name]! : whole,
  );
}

/** A builtin shows the model its own argument schema and description (the tool row may override the text). */
function builtinFields(t: AgentTool): Partial<SnapshotTool> {
  const def = t.type === 'builtin' ? builtinDefinition(t.name) : undefined;
  if (!def) return {};
  return {
    description: t.description ?? def.description,
    parameters: def.parameters,
    config: (t.config as Record<string, unknown> | null) ?? null,
  };
}

/** What the model sends to an agent tool that declares no parameters: the child's input. */
export const agentToolParameters: Record<string, unknown> = {
  type: 'object',
  properties: {
    prompt: { type: 'string', description: 'The task for the agent' },
    variables: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: "Values for the agent's {{variables}}",
    },
  },
  required: ['prompt'],
};

/** A platform tool becomes one tool per action, named `{tool}_{action}`. */
function platformSnapshotTools(t: AgentTool): SnapshotTool[] {
  return storedActions(t).flatMap((name) => {
    const spec = platformAction(name);
    if (!spec) return [];
    return [
      {
        id: t.id,
        type: 'platform' as const,
        name: platformToolName(t.name, name),
        description: t.description ? `${spec.description} ${t.description}` : spec.description,
        parameters: spec.parameters,
        execute: null,
        action: name,
        timeoutSeconds: t.timeoutSeconds,
        readOnly: spec.readOnly,
        maxResultChars: t.maxResultChars,
      },
    ];
  });
}

function snapshotTools(t: AgentTool): SnapshotTool[] {
  return t.type === 'platform' ? platformSnapshotTools(t) : [snapshotTool(t)];
}

function snapshotTool(t: AgentTool): SnapshotTool {
  return {
    id: t.id,
    type: t.type as SnapshotTool['type'],
    name: t.name,
    description: t.description,
    parameters: (t.parameters as Record<string, unknown> | null) ?? (t.type === 'agent' ? agentToolParameters : null),
    execute: (t.execute as { url: string; headers?: Record<string, StoredHeaderValue> } | null) ?? null,
    mcp: (t.mcp as SnapshotTool['mcp']) ?? null,
    enabled: t.enabled,
    ...(t.type === 'agent' ? { agentId: t.agentId } : {}),
    timeoutSeconds: t.timeoutSeconds,
    readOnly: t.readOnly,
    maxResultChars: t.maxResultChars,
    delivery: (t.delivery as SnapshotTool['delivery']) ?? null,
    ...builtinFields(t),
  };
}

function checkSubset(ids: string[] | undefined, allowed: Set<string>, path: string): void {
  const bad = (ids ?? []).filter((id) => !allowed.has(id));
  if (bad.length)
    throw unprocessable(`${path} must be a subset of the agent's toolIds; not attached: ${bad.join(', ')}`, { path });
}

/** The builtin agent_clarify tool: offered unless the agent turns it off (`allowClarification`). */
export const clarifyTool: SnapshotTool = {
  id: `builtin:${CLARIFY_TOOL}`,
  type: 'builtin',
  name: CLARIFY_TOOL,
  description:
    'Ask the user a clarifying question when the request is ambiguous or information is missing. The run pauses until the user answers.',
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

function userPromptText(body: GenerateRequest): string {
  return [body.prompt ?? '', ...(body.messages ?? []).filter((m) => m.role === 'user').map((m) => m.content)].join(
    '\n',
  );
}

/** Request overrides merged over the agent config; validated against the agent's tools. */
export function buildPlan(
  agent: Agent,
  tools: AgentTool[],
  body: GenerateRequest,
  opts: {
    maxStepsCap: number;
    modelAttempts: number;
    modelTimeoutSeconds: number;
    hooks?: Hook[];
    knowledgeBases?: LinkedKnowledgeBase[];
  },
): LoopPlan {
  const attached = new Set(agent.toolIds);
  checkSubset(body.activeToolIds, attached, 'body.activeToolIds');
  for (const [i, rule] of (body.stepRules ?? []).entries())
    checkSubset(rule.activeToolIds, attached, `body.stepRules.${i}.activeToolIds`);
  const maxSteps = body.maxSteps ?? agent.maxSteps;
  if (maxSteps > opts.maxStepsCap)
    throw unprocessable(`maxSteps ${maxSteps} exceeds the configured cap of ${opts.maxStepsCap}`, {
      path: 'body.maxSteps',
    });
  return {
    tools: [
      ...tools.flatMap((t): PlannedTool[] =>
        t.type === 'platform'
          ? platformSnapshotTools(t).map((p) => ({
              id: p.id,
              name: p.name,
              type: 'platform' as const,
              readOnly: p.readOnly,
              hasExecutor: true,
              timeoutSeconds: p.timeoutSeconds,
              action: p.action!,
            }))
          : [
              {
                id: t.id,
                name: t.name,
                type: t.type as LoopPlan['tools'][number]['type'],
                readOnly: t.readOnly,
                hasExecutor: t.type !== 'http' || t.execute !== null,
                timeoutSeconds: t.timeoutSeconds,
                ...(t.type === 'builtin' && builtinNeedsApproval(t.name, t.config as Record<string, unknown> | null)
                  ? { requiresApproval: true }
                  : {}),
              },
            ],
      ),
      ...(clarificationEnabled(agent)
        ? [
            {
              id: clarifyTool.id,
              name: clarifyTool.name,
              type: 'builtin' as const,
              readOnly: false,
              hasExecutor: true,
              timeoutSeconds: 30,
              alwaysOffered: true,
            },
          ]
        : []),
      ...agentBuiltinPlannedTools(agent, tools),
      ...(opts.knowledgeBases?.length ? [plannedKnowledgeSearchTool()] : []),
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
    reviewFinalText:
      guardrailsOf(agent).blockPatterns.length > 0 || (opts.hooks ?? []).some((h) => h.event === 'PreResponse'),
  };
}

export function guardrailsOf(agent: Agent): Guardrails {
  return readGuardrails(agent.guardrails);
}

export type StoredMessageRow = { role: string; content: object };

/** `context`: the agent's context-resolver block (./context.ts), a system message after the instructions. */
export function initialMessages(
  agent: Agent,
  body: GenerateRequest,
  context: string | null = null,
): StoredMessageRow[] {
  const rows: StoredMessageRow[] = [];
  const given = body.messages ?? [];
  if (agent.instructions && !given.some((m) => m.role === 'system')) {
    rows.push({
      role: 'system',
      content: { role: 'system', content: renderInstructions(agent.instructions, body.variables) },
    });
  }
  if (context) rows.push({ role: 'system', content: { role: 'system', content: context } });
  for (const m of given) {
    if (m.role === 'assistant') {
      rows.push({
        role: 'assistant',
        content: {
          role: 'assistant',
          content: m.content ?? null,
          ...(m.toolCalls?.length
            ? {
                tool_calls: m.toolCalls.map((c) => ({
                  id: c.id,
                  type: 'function',
                  function: { name: c.name, arguments: JSON.stringify(c.arguments ?? {}) },
                })),
              }
            : {}),
        },
      });
    } else if (m.role === 'tool') {
      rows.push({ role: 'tool', content: { role: 'tool', tool_call_id: m.toolCallId, content: m.content } });
    } else {
      rows.push({
        role: m.role,
        content: {
          role: m.role,
          content: m.role === 'system' ? renderInstructions(m.content, body.variables) : m.content,
        },
      });
    }
  }
  if (body.prompt !== undefined) rows.push({ role: 'user', content: { role: 'user', content: body.prompt } });
  return rows;
}

function snapshotProvider(provider: AiProvider): GenerationSnapshot['provider'] {
  return {
    id: provider.id,
    kind: provider.kind as GenerationSnapshot['provider']['kind'],
    baseUrl: provider.baseUrl,
    apiKeyEncrypted: provider.apiKeyEncrypted,
    defaultModel: provider.defaultModel,
    headers: (provider.headers as Record<string, string> | null) ?? null,
  };
}

/**
 * The provider of the agent's `compaction.aiProviderId`, read when a generation starts; null when
 * the agent has none (summaries then use its own provider). A provider deleted since is an error.
 */
export async function compactionProvider(
  db: Pick<Db, 'aiProvider'>,
  projectId: string,
  agent: Agent,
): Promise<AiProvider | null> {
  const id = readAgentOptions(agent.extra).compaction?.aiProviderId;
  if (!id) return null;
  const row = await db.aiProvider.findFirst({ where: { id, projectId } });
  if (!row) throw unprocessable(`The AI provider of the agent's compaction settings (${id}) no longer exists`);
  return row;
}

/**
 * The `compaction` part of a snapshot: absent unless the agent sets one. The model defaults to the
 * agent's when the provider is the agent's, else to that provider's defaultModel.
 */
function compactionSnapshot(
  agent: Agent,
  provider: AiProvider,
  other: AiProvider | null,
): Pick<GenerationSnapshot, 'compaction'> {
  const settings = readAgentOptions(agent.extra).compaction;
  if (!settings) return {};
  const p = other ?? provider;
  const fallback = p.id === provider.id ? (agent.model ?? provider.defaultModel) : p.defaultModel;
  return { compaction: { model: settings.model ?? fallback, provider: snapshotProvider(p) } };
}

/** The configuration the generation runs with, captured now: later edits never reach it. */
export function buildSnapshot(
  agent: Agent,
  provider: AiProvider,
  rows: {
    tools: AgentTool[];
    hooks: Hook[];
    webhooks: Webhook[];
    knowledgeBases?: LinkedKnowledgeBase[];
    /** The provider of the agent's `compaction.aiProviderId` (see compactionProvider). */
    compactionProvider?: AiProvider | null;
  },
  body: GenerateRequest,
  plan: LoopPlan,
  messages: StoredMessageRow[],
): GenerationSnapshot {
  const { tools, hooks, webhooks } = rows;
  const knowledgeBases = rows.knowledgeBases ?? [];
  return {
    agent: {
      id: agent.id,
      name: agent.name,
      instructions: agent.instructions ? renderInstructions(agent.instructions, body.variables) : null,
      temperature: agent.temperature,
      boundaryPolicy: (agent.boundaryPolicy as Policy | null) ?? null,
    },
    model: agent.model ?? provider.defaultModel,
    provider: snapshotProvider(provider),
    ...compactionSnapshot(agent, provider, rows.compactionProvider ?? null),
    tools: [
      ...tools.flatMap(snapshotTools),
      ...agentBuiltinSnapshotTools(agent, tools),
      ...(clarificationEnabled(agent) ? [clarifyTool] : []),
      ...(knowledgeBases.length ? [knowledgeSearchTool(knowledgeBases)] : []),
    ],
    ...(knowledgeBases.length ? { knowledgeBases: knowledgeBases.map(({ id, name }) => ({ id, name })) } : {}),
    hooks: hooks.map((h): SnapshotHook => ({
      id: h.id,
      event: h.event,
      type: h.type as SnapshotHook['type'],
      matcher: h.matcher,
      config: (h.config ?? {}) as Record<string, unknown>,
    })),
    guardrails: guardrailsOf(agent),
    webhooks: webhooks.map((w) => ({ id: w.id, url: w.url, events: w.events, secretEncrypted: w.secretEncrypted })),
    plan,
    firstMessageSeq: messages.length,
  };
}

/** Request over agent, field by field; the agent's `temperature` field is the last fallback. */
export function modelParametersFor(agent: Agent, body: GenerateRequest): SnapshotModelParameters {
  const own = readAgentOptions(agent.extra).modelParameters ?? {};
  const merged = { ...own, ...(body.modelParameters ?? {}) };
  const temperature = merged.temperature ?? agent.temperature ?? undefined;
  return { ...merged, ...(temperature === undefined ? {} : { temperature }) };
}
