import type { Generation } from '../../generated/prisma/client.js';
import { hotQuery, sql } from './hot-sql.js';
import type { Db } from './prisma.js';
import { temporalUiLink } from '../temporal/ui-link.js';
import type { GenerationView, RequiredAction, StepEntry } from '../../contracts/schemas/index.js';

/** The public generation object, built from its row and trace: used by the API and by the worker for
 * the `done` stream event and webhook payloads. */
export function generationView(g: Generation, steps: StepEntry[]): GenerationView {
  return {
    id: g.id,
    generationId: g.id,
    object: 'generation',
    agentId: g.agentId,
    projectId: g.projectId,
    traceId: g.traceId,
    sessionId: g.sessionId,
    parentGenerationId: g.parentGenerationId,
    status: g.status as GenerationView['status'],
    stopReason: g.stopReason as GenerationView['stopReason'],
    text: g.text,
    output: g.output ?? null,
    requiredAction: (g.requiredAction as RequiredAction | null) ?? null,
    steps,
    toolsUsed: g.toolsUsed,
    iterationCount: g.iterationCount,
    usage: {
      promptTokens: g.promptTokens,
      completionTokens: g.completionTokens,
      totalTokens: g.promptTokens + g.completionTokens,
    },
    error: (g.error as GenerationView['error']) ?? null,
    metadata: (g.metadata as GenerationView['metadata']) ?? null,
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
    completedAt: g.completedAt ? g.completedAt.toISOString() : null,
    temporalUiUrl: temporalUiLink(g.id),
  };
}

/** The trace, in order: read with every generation view (the pool under Prisma: docs/performance.md). */
export async function loadSteps(db: Db, generationId: string): Promise<StepEntry[]> {
  const rows = await hotQuery<{ data: StepEntry }>(
    db,
    sql`SELECT "data" FROM "GenerationStep" WHERE "generationId" = ${generationId} ORDER BY "seq" ASC`,
  );
  return rows.map((r) => r.data);
}

export async function loadGenerationView(db: Db, projectId: string, id: string): Promise<GenerationView | null> {
  const g = await db.generation.findFirst({ where: { id, projectId } });
  if (!g) return null;
  return generationView(g, await loadSteps(db, id));
}
