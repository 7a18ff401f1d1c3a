import type { StepEntry, TraceNode, TraceSummary, TraceView } from '../../contracts/schemas/index.js';
import type { Generation, Trace } from '../../generated/prisma/client.js';
import type { Db } from './prisma.js';

/**
 * Traces as the API shows them: a trace is the tree of generations started by one top-level
 * generation (its root), each child linked to the parent's tool call that started it.
 */
export function traceSummary(t: Trace, root: Generation): TraceSummary {
  return {
    id: t.id,
    object: 'trace',
    projectId: t.projectId,
    rootGenerationId: t.rootGenerationId,
    agentId: root.agentId,
    status: root.status as TraceSummary['status'],
    createdAt: t.createdAt.toISOString(),
    completedAt: root.completedAt ? root.completedAt.toISOString() : null,
  };
}

/** The generation a trace node hangs below: its parent, or the origin it was forked from. */
const above = (g: Generation): string | null => g.parentGenerationId ?? g.forkedFromGenerationId;

/** The root and every generation reachable from it (children and forks) through agents not withheld. */
function shownBelow(root: Generation, all: Generation[], withheld: ReadonlySet<string>): Generation[] {
  if (withheld.size === 0) return all;
  const childrenOf = new Map<string, Generation[]>();
  for (const g of all) {
    const up = above(g);
    if (up === null) continue;
    childrenOf.set(up, [...(childrenOf.get(up) ?? []), g]);
  }
  const shown = new Set<string>();
  const next = [root];
  for (let g = next.pop(); g; g = next.pop()) {
    shown.add(g.id);
    next.push(...(childrenOf.get(g.id) ?? []).filter((c) => !withheld.has(c.agentId)));
  }
  return all.filter((g) => shown.has(g.id));
}

function node(g: Generation, steps: StepEntry[]): TraceNode {
  return {
    generationId: g.id,
    agentId: g.agentId,
    parentGenerationId: g.parentGenerationId,
    parentToolCallId: g.parentToolCallId,
    status: g.status as TraceNode['status'],
    stopReason: g.stopReason as TraceNode['stopReason'],
    error: (g.error as TraceNode['error']) ?? null,
    createdAt: g.createdAt.toISOString(),
    completedAt: g.completedAt ? g.completedAt.toISOString() : null,
    durationMs: g.completedAt ? g.completedAt.getTime() - g.createdAt.getTime() : null,
    iterationCount: g.iterationCount,
    usage: {
      promptTokens: g.promptTokens,
      completionTokens: g.completionTokens,
      totalTokens: g.promptTokens + g.completionTokens,
    },
    steps,
    children: [],
    forkedFrom:
      g.forkedFromGenerationId !== null && g.forkedFromStep !== null
        ? { generationId: g.forkedFromGenerationId, step: g.forkedFromStep }
        : null,
    forks: [],
  };
}

/**
 * The whole tree of a trace of the project, with totals; null when there is no such trace (or its
 * root is of a `withheld` agent). The generations of `withheld` agents are left out with the
 * generations they started (domain/generation-access.ts decides which agents those are), and the
 * totals count what is shown.
 */
export async function loadTrace(
  db: Db,
  projectId: string,
  traceId: string,
  withheld: ReadonlySet<string> = new Set(),
): Promise<TraceView | null> {
  const trace = await db.trace.findFirst({ where: { id: traceId, projectId } });
  if (!trace) return null;
  const stored = await db.generation.findMany({
    where: { traceId, projectId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const root = stored.find((g) => g.id === trace.rootGenerationId);
  if (!root || withheld.has(root.agentId)) return null;
  const generations = shownBelow(root, stored, withheld);
  const stepRows = await db.generationStep.findMany({
    where: { generationId: { in: generations.map((g) => g.id) } },
    orderBy: [{ generationId: 'asc' }, { seq: 'asc' }],
    select: { generationId: true, data: true },
  });
  const stepsOf = new Map<string, StepEntry[]>();
  for (const r of stepRows) {
    const list = stepsOf.get(r.generationId) ?? [];
    list.push(r.data as unknown as StepEntry);
    stepsOf.set(r.generationId, list);
  }
  const nodes = new Map(generations.map((g) => [g.id, node(g, stepsOf.get(g.id) ?? [])]));
  for (const g of generations) {
    if (g.parentGenerationId !== null) nodes.get(g.parentGenerationId)?.children.push(nodes.get(g.id)!);
    else if (g.forkedFromGenerationId !== null) nodes.get(g.forkedFromGenerationId)?.forks.push(nodes.get(g.id)!);
  }
  const all = [...nodes.values()];
  const promptTokens = all.reduce((n, x) => n + x.usage.promptTokens, 0);
  const completionTokens = all.reduce((n, x) => n + x.usage.completionTokens, 0);
  const rootNode = nodes.get(root.id)!;
  return {
    ...traceSummary(trace, root),
    root: rootNode,
    totals: {
      generations: all.length,
      steps: all.reduce((n, x) => n + x.steps.length, 0),
      iterations: all.reduce((n, x) => n + x.iterationCount, 0),
      usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens },
      durationMs: rootNode.durationMs,
    },
  };
}
