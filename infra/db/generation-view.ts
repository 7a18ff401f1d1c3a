import type { Generation } from '../../generated/prisma/client.js';
import { hotQuery, sql, type SqlQuery } from './hot-sql.js';
import type { Db } from './prisma.js';
import { temporalUiLink } from '../temporal/ui-link.js';
import {
  settledStatuses,
  type GenerationView,
  type RequiredAction,
  type StepEntry,
} from '../../contracts/schemas/index.js';

/** The columns of a generation row that its view shows, and its state version. */
export type GenerationViewRow = Pick<
  Generation,
  | 'id'
  | 'agentId'
  | 'projectId'
  | 'traceId'
  | 'sessionId'
  | 'parentGenerationId'
  | 'forkedFromGenerationId'
  | 'forkedFromStep'
  | 'status'
  | 'stopReason'
  | 'text'
  | 'output'
  | 'requiredAction'
  | 'toolsUsed'
  | 'iterationCount'
  | 'stateVersion'
  | 'pauseVersion'
  | 'promptTokens'
  | 'completionTokens'
  | 'error'
  | 'metadata'
  | 'createdAt'
  | 'updatedAt'
  | 'completedAt'
>;

/** The public generation object, built from its row and trace: used by the API and by the worker for
 * the `done` stream event and webhook payloads. */
export function generationView(g: GenerationViewRow, steps: StepEntry[]): GenerationView {
  return {
    id: g.id,
    generationId: g.id,
    object: 'generation',
    agentId: g.agentId,
    projectId: g.projectId,
    traceId: g.traceId,
    sessionId: g.sessionId,
    parentGenerationId: g.parentGenerationId,
    forkedFrom:
      g.forkedFromGenerationId !== null && g.forkedFromStep !== null
        ? { generationId: g.forkedFromGenerationId, step: g.forkedFromStep }
        : null,
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

/** Timestamp columns hold UTC without a zone (Prisma's convention): read them as ISO text in UTC. */
const isoUtc = (column: string) => `to_char("${column}", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "${column}"`;
const viewColumns = [
  ...[
    'id',
    'agentId',
    'projectId',
    'traceId',
    'sessionId',
    'parentGenerationId',
    'forkedFromGenerationId',
    'forkedFromStep',
    'status',
    'stopReason',
    'text',
    'output',
    'requiredAction',
    'iterationCount',
    'stateVersion',
    'pauseVersion',
    'promptTokens',
    'completionTokens',
    'error',
    'metadata',
  ].map((c) => `"${c}"`),
  // As Prisma reads a scalar list: NULL (rows written before any tool ran) is an empty list.
  `coalesce(to_jsonb("toolsUsed"), '[]'::jsonb) AS "toolsUsed"`,
  isoUtc('createdAt'),
  isoUtc('updatedAt'),
  isoUtc('completedAt'),
].join(', ');

/** The view's columns, for a statement's `RETURNING` (read back with `viewRowOf`). */
export const viewColumnsSql: SqlQuery = { text: viewColumns, values: [] };

export type ViewRowText = Omit<GenerationViewRow, 'createdAt' | 'updatedAt' | 'completedAt'> & {
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
};

/**
 * A generation's view columns through the pool (docs/performance.md): one statement, without the
 * snapshot (the row's largest column, which no view shows) and Prisma's query pipeline. In the
 * project `projectId` when given.
 */
export async function loadViewRow(db: Db, id: string, projectId?: string): Promise<GenerationViewRow | null> {
  const where = projectId === undefined ? sql`"id" = ${id}` : sql`"id" = ${id} AND "projectId" = ${projectId}`;
  const [row] = await hotQuery<ViewRowText>(db, {
    text: `SELECT ${viewColumns} FROM "Generation" WHERE ${where.text}`,
    values: where.values,
  });
  return row ? viewRowOf(row) : null;
}

/** A row read through `viewColumnsSql` (its timestamps as text), as the view takes it. */
export function viewRowOf(row: ViewRowText): GenerationViewRow {
  return {
    ...row,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    completedAt: row.completedAt === null ? null : new Date(row.completedAt),
  };
}

/**
 * A waiter's read (one statement): the view row, and its trace too when the row is settled past
 * `afterVersion` (the only case in which the waiter answers with it); `steps` is null otherwise.
 */
export async function loadViewRowIfSettled(
  db: Db,
  id: string,
  afterVersion: number,
): Promise<{ row: GenerationViewRow; steps: StepEntry[] | null } | null> {
  const settled = [...settledStatuses];
  const [row] = await hotQuery<ViewRowText & { steps: StepEntry[] | null }>(db, {
    text: `SELECT ${viewColumns},
      CASE WHEN "stateVersion" > $2 AND "status" = ANY($3::text[]) THEN
        coalesce((SELECT json_agg(s."data" ORDER BY s."seq") FROM "GenerationStep" s WHERE s."generationId" = $1), '[]'::json)
      END AS "steps"
      FROM "Generation" WHERE "id" = $1`,
    values: [id, afterVersion, settled],
  });
  if (!row) return null;
  const { steps, ...view } = row;
  return { row: viewRowOf(view), steps };
}

/**
 * Runs `update` (an UPDATE of generation `id` without RETURNING) and returns the view of the row
 * it changed, trace included, in the same statement; null when it changed no row.
 */
export async function updateReturningView(db: Db, id: string, update: SqlQuery): Promise<GenerationView | null> {
  const [row] = await hotQuery<ViewRowText & { steps: StepEntry[] }>(
    db,
    sql`WITH changed AS (${update} RETURNING ${viewColumnsSql})
      SELECT changed.*, coalesce((SELECT json_agg(s."data" ORDER BY s."seq") FROM "GenerationStep" s
        WHERE s."generationId" = ${id}), '[]'::json) AS "steps"
      FROM changed`,
  );
  if (!row) return null;
  const { steps, ...view } = row;
  return generationView(viewRowOf(view), steps);
}

export async function loadGenerationView(db: Db, projectId: string, id: string): Promise<GenerationView | null> {
  const g = await loadViewRow(db, id, projectId);
  if (!g) return null;
  return generationView(g, await loadSteps(db, id));
}
