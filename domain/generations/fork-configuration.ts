import type { GenerateRequest } from '../../contracts/schemas/index.js';
import type { GenerationSnapshot, StoredMcpTool } from '../../contracts/snapshot.js';
import type { Generation } from '../../generated/prisma/client.js';

/**
 * What a fork keeps of its origin's request (docs/fork.md, "What a fork runs with"): the run-level
 * choices the origin was planned with, as a request the agent's current configuration is planned
 * with (./run-configuration.ts). Everything that carries authority — provider, tools and secrets,
 * hooks, webhooks, boundary policy — comes from that configuration, never from here.
 */
export function originChoices(origin: GenerationSnapshot): GenerateRequest {
  const plan = origin.plan;
  return {
    maxSteps: plan.maxSteps,
    toolChoice: plan.toolChoice,
    ...(plan.activeToolIds ? { activeToolIds: plan.activeToolIds } : {}),
    stepRules: plan.stepRules,
    stopConditions: plan.stopConditions,
    ...(origin.modelParameters ? { modelParameters: origin.modelParameters } : {}),
    ...(origin.endUserId ? { endUserId: origin.endUserId } : {}),
    // The plan keeps the levels still allowed below the run; the request counts the run too.
    maxCallDepth: (plan.remainingDepth ?? 9) + 1,
    async: true,
    stream: false,
    waitSeconds: 0,
  } as GenerateRequest;
}

/**
 * Why the fork cannot run today's configuration, or null: a live setting of the origin (active
 * tools, a step rule's tools) names a tool id the agent no longer has. Checked before planning.
 */
export function detachedSettingRefusal(origin: GenerationSnapshot, attachedIds: readonly string[]): string | null {
  const attached = new Set(attachedIds);
  const plan = origin.plan;
  const ids = [...(plan.activeToolIds ?? []), ...plan.stepRules.flatMap((r) => r.activeToolIds ?? [])];
  const detached = ids.find((id) => !attached.has(id));
  return detached ? `The origin's active tools name tool ${detached}, which is no longer attached to the agent` : null;
}

/**
 * Why the fork cannot run today's configuration, or null: a kept tool call or the forced tool
 * choice names a tool the agent no longer offers. A kept call of a detached tool would show the
 * model a tool it can no longer call, and its result came from authority that was withdrawn.
 */
export function detachedCallRefusal(
  origin: Pick<Generation, 'discoveredTools'> & { snapshot: GenerationSnapshot },
  today: GenerationSnapshot,
  attachedIds: readonly string[],
  keptCalls: readonly string[],
): string | null {
  const attached = new Set(attachedIds);
  const discovered = (origin.discoveredTools as { tools?: StoredMcpTool[] } | null)?.tools ?? [];
  const offered = (name: string) =>
    today.tools.some((t) => t.type !== 'mcp' && t.name === name) ||
    discovered.some((t) => t.name === name && attached.has(t.toolId));
  const call = keptCalls.find((name) => !offered(name));
  if (call) return `The kept conversation calls tool ${call}, which is no longer attached to the agent`;
  const choice = origin.snapshot.plan.toolChoice;
  const forced = typeof choice === 'object' ? choice.toolName : null;
  if (forced && !offered(forced))
    return `The origin's tool choice forces tool ${forced}, which is no longer attached to the agent`;
  return null;
}
