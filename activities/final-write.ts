import { endedByToolCall, traceOrder, type FinishInput } from '../contracts/generation/index.js';
import type { GenerationView, StepEntry } from '../contracts/schemas/index.js';
import { generationView, viewColumnsSql, viewRowOf, type ViewRowText } from '../infra/db/generation-view.js';
import { hotQuery, sql } from '../infra/db/hot-sql.js';
import type { Db } from '../infra/db/prisma.js';
import { insertEvents } from './event-log.js';

/**
 * A generation's final write in one statement: the answer's trace entry, the final state (only
 * forward: a retried write of an older state changes nothing), the step's last events and, for a
 * cancel, the approvals nobody can decide any more (they leave the approval inbox with the
 * generation). Returns the generation's view as this write left it, for the `done` event: the
 * row's view columns from the UPDATE, and the trace as the statement found it with this write's
 * entry put in place (a statement does not see its own inserts). Null when the row had already
 * moved past this state.
 */
export async function writeFinalState(db: Db, input: FinishInput, text: string | null): Promise<GenerationView | null> {
  const { generationId, iterationCount: step } = input;
  const answered = text !== null && !endedByToolCall(input.stopReason);
  const at = new Date().toISOString();
  const traces = answered
    ? [{ key: 'answer', seq: traceOrder.answer(step), step, type: 'answer', data: { step, type: 'answer', text, at } }]
    : [];
  const events = [
    ...(step > 0 ? [{ type: 'step_completed' as const, data: { step }, key: `step_completed:${step}` }] : []),
    ...(input.error ? [{ type: 'error' as const, data: { step, error: input.error }, key: 'error' }] : []),
  ];
  const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
  const [row] = await hotQuery<
    ViewRowText & { eventSeq: number; trace: Array<{ key: string; seq: number; data: StepEntry }> }
  >(
    db,
    sql`
    WITH trace AS (
      INSERT INTO "GenerationStep" ("generationId", "key", "seq", "step", "type", "data", "createdAt")
      SELECT ${generationId}, t.value->>'key', (t.value->>'seq')::bigint, (t.value->>'step')::int, t.value->>'type', t.value->'data', now()
      FROM jsonb_array_elements(${JSON.stringify(traces)}::jsonb) AS t(value)
      ON CONFLICT ("generationId", "key") DO UPDATE
      SET "seq" = EXCLUDED."seq", "step" = EXCLUDED."step", "type" = EXCLUDED."type", "data" = EXCLUDED."data"
    ), finished AS (
      UPDATE "Generation"
      SET "status" = ${input.status},
          -- A turn stopped by a later one (docs/double-texting.md) says how: interrupted or rolled_back.
          "stopReason" = CASE WHEN ${input.status}::text = 'cancelled' AND "multitaskStop" IS NOT NULL
                         THEN "multitaskStop" ELSE ${input.stopReason}::text END,
          "text" = ${text}::text,
          "output" = ${json(input.output)}::jsonb, "error" = ${json(input.error)}::jsonb, "requiredAction" = NULL,
          "promptTokens" = ${input.usage.promptTokens}, "completionTokens" = ${input.usage.completionTokens},
          "iterationCount" = ${step}, "toolsUsed" = ${input.toolsUsed}::text[], "stateVersion" = ${input.stateVersion},
          "pauseVersion" = NULL,
          "completedAt" = now(), "updatedAt" = now(), "eventSeq" = "eventSeq" + ${events.length}
      WHERE "id" = ${generationId} AND "stateVersion" < ${input.stateVersion}
      RETURNING "eventSeq", ${viewColumnsSql}
    ), events AS (
      ${insertEvents(generationId, events, 'finished')}
    ), cancelled AS (
      UPDATE "Approval" SET "status" = 'cancelled', "decidedAt" = now(), "reason" = 'The generation was cancelled'
      WHERE "generationId" = ${generationId} AND "status" = 'pending' AND ${input.status === 'cancelled'}
    )
    SELECT finished.*,
      coalesce((SELECT json_agg(json_build_object('key', s."key", 'seq', s."seq", 'data', s."data") ORDER BY s."seq")
        FROM "GenerationStep" s WHERE s."generationId" = ${generationId}), '[]'::json) AS "trace"
    FROM finished`,
  );
  if (!row) return null;
  const { trace, eventSeq: _eventSeq, ...view } = row;
  const written = new Set(traces.map((t) => t.key));
  const steps = [
    ...trace.filter((t) => !written.has(t.key)),
    ...traces.map((t) => ({ key: t.key, seq: t.seq, data: t.data as StepEntry })),
  ]
    .sort((a, b) => Number(a.seq) - Number(b.seq))
    .map((t) => t.data);
  return generationView(viewRowOf(view), steps);
}
