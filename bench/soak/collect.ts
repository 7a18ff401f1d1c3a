import pg from 'pg';
import type { Client } from '@temporalio/client';
import type { SoakApi } from './api-client.js';
import type {
  ApprovalDecision,
  GenerationOutcome,
  SessionOutcome,
  StreamOutcome,
  ThroughputSample,
  WorkloadKind,
} from './observations.js';
import type { SoakAgents } from './setup.js';
import type { WorkloadRecord } from './workload.js';

/**
 * Reads back, after the drain, what the invariants are checked on: every generation of the
 * project from PostgreSQL (children included) with whether Temporal still runs its workflow, the
 * sessions' stored conversations, the streams' stored event logs and the approvals' trace entries.
 */
export async function collectOutcomes(
  databaseUrl: string,
  temporal: Client,
  api: SoakApi,
  agents: SoakAgents,
  record: WorkloadRecord,
): Promise<{
  generations: GenerationOutcome[];
  approvals: ApprovalDecision[];
  sessions: SessionOutcome[];
  streams: StreamOutcome[];
}> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const kindOfAgent = new Map<string, WorkloadKind>(
      Object.entries(agents.byKind).map(([kind, id]) => [id, kind as WorkloadKind]),
    );
    kindOfAgent.set(agents.child, 'child_agents');
    const rows = (
      await db.query<{ id: string; status: string; agentId: string }>(
        'SELECT id, status, "agentId" FROM "Generation" ORDER BY "createdAt"',
      )
    ).rows;
    const generations: GenerationOutcome[] = [];
    for (const row of rows) {
      let workflowRunning = false;
      try {
        const description = await temporal.workflow.getHandle(row.id).describe();
        workflowRunning = description.status.name === 'RUNNING';
      } catch {
        // no workflow (never started or already deleted): not running
      }
      generations.push({
        id: row.id,
        kind: kindOfAgent.get(row.agentId) ?? 'plain_tools',
        status: row.status,
        workflowRunning,
      });
    }

    const approvals: ApprovalDecision[] = [];
    for (const a of record.approvals) {
      const { rows: counted } = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM "GenerationStep" WHERE "generationId" = $1 AND key = $2`,
        [a.generationId, `approval:${a.approvalId}:resolved`],
      );
      approvals.push({ ...a, appliedInTrace: Number(counted[0]!.n) });
    }

    const sessions: SessionOutcome[] = [];
    for (const s of record.sessions) {
      const res = await api.call('GET', `/v1/sessions/${s.sessionId}/messages`);
      const messages = (Array.isArray(res.body) ? res.body : (res.body?.data ?? [])) as Array<{
        turn: number;
        role: string;
        content: string | null;
      }>;
      const storedTurns = messages.filter((m) => m.role === 'user').map((m) => m.content ?? '');
      const answered = new Set(
        messages.filter((m) => m.role === 'assistant' && (m.content ?? '').startsWith('done ')).map((m) => m.turn),
      );
      sessions.push({ sessionId: s.sessionId, sentTurns: s.sentTurns, storedTurns, answeredTurns: answered.size });
    }

    const streams: StreamOutcome[] = [];
    for (const s of record.streams) {
      const { rows: stored } = await db.query<{ seq: number; type: string; data: unknown }>(
        'SELECT seq, type, data FROM "GenerationEvent" WHERE "generationId" = $1 ORDER BY seq',
        [s.generationId],
      );
      streams.push({
        ...s,
        stored: stored.map((e) => ({ id: String(e.seq), type: e.type, data: JSON.stringify(e.data) })),
      });
    }
    return { generations, approvals, sessions, streams };
  } finally {
    await db.end();
  }
}

/** Generations started and completed per bucket, from the load generator's own clock. */
export function throughputSamples(record: WorkloadRecord, durationMs: number, bucketMs: number): ThroughputSample[] {
  const samples: ThroughputSample[] = [];
  for (let at = 0; at < durationMs; at += bucketMs) {
    const inBucket = (t: number | undefined) => t !== undefined && t >= at && t < at + bucketMs;
    samples.push({
      at,
      started: record.generations.filter((g) => inBucket(g.startedAt)).length,
      completed: record.generations.filter((g) => g.status === 'completed' && inBucket(g.settledAt)).length,
    });
  }
  return samples;
}
