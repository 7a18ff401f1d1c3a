import { LRUCache } from 'lru-cache';
import { type Prisma, type Db } from '../infra/db/prisma.js';
import type { ChangeFeed } from '../infra/events/change-feed.js';
import type { GenerationSnapshot, StoredMcpTool } from '../contracts/snapshot.js';
import type { StoredMessage } from '../contracts/conversation.js';
import type { StepEntry } from '../contracts/schemas/index.js';
import {
  traceOrder,
  type FinishInput,
  type StatusWrite,
  type ToolCallInput,
  type ToolResultStatus,
} from '../contracts/generation/index.js';
import { generationView, loadSteps, loadViewRowIfSettled } from '../infra/db/generation-view.js';
import { hotQuery, sql } from '../infra/db/hot-sql.js';
import { readSnapshot } from '../infra/db/json-columns.js';
import { EventLog } from './event-log.js';
import { writeFinalState } from './final-write.js';
import { statusChange, statusEvents, writeStatusRecord } from './status-write.js';
import { writeStepRecord, type StepRecord } from './step-record.js';
import { deepFreeze } from './deep-freeze.js';

export type { StoredMessage };

/** The most replies one answer is read from: the last one and the length-cut ones it continues. */
export const ANSWER_PARTS = 5;

/**
 * A run's answer from its assistant messages, newest first: the newest one's text after the
 * replies cut off by the length limit that it continues (a cut-off reply and its continuations
 * form one answer); null when none of them has text.
 */
export function answerText(newestFirst: Array<Pick<StoredMessage, 'content' | 'finishReason'>>): string | null {
  const texts: string[] = [];
  for (const [i, m] of newestFirst.slice(0, ANSWER_PARTS).entries()) {
    if (i > 0 && m.finishReason !== 'length') break;
    if (m.content) texts.unshift(m.content);
  }
  return texts.length ? texts.join('') : null;
}

/** A tool call's result as recorded: message content plus what its event and trace entry show. */
export interface ToolResultRecord {
  generationId: string;
  step: number;
  seq: number;
  toolCallId: string;
  toolName: string;
  status: ToolResultStatus;
  content: string;
  durationMs?: number;
  /** `unknown`: an at-most-once call was interrupted and not repeated. */
  outcome?: 'unknown';
}

function toolResultWrites(r: ToolResultRecord): {
  event: Record<string, unknown>;
  trace: { key: string; order: number; entry: Omit<StepEntry, 'at'> };
} {
  let result: unknown = r.content;
  try {
    result = JSON.parse(r.content);
  } catch {
    // plain text result
  }
  const base = { step: r.step, toolCallId: r.toolCallId, toolName: r.toolName, status: r.status, result };
  return {
    event: { ...base, ...(r.outcome ? { outcome: r.outcome } : {}) },
    trace: {
      key: `s${r.step}:observe:${r.toolCallId}`,
      order: traceOrder.observe(r.step, r.seq),
      entry: {
        ...base,
        type: 'observe',
        ...(r.durationMs === undefined ? {} : { durationMs: r.durationMs }),
        ...(r.outcome ? { outcome: r.outcome } : {}),
      },
    },
  };
}

/** The writes of tool results: their messages, `tool_result` events and `observe` trace entries. */
function toolResultsRecord(generationId: string, results: ToolResultRecord[]): StepRecord {
  const record: StepRecord = { generationId, messages: [], events: [], traces: [] };
  for (const r of results) {
    const { event, trace } = toolResultWrites(r);
    const content: StoredMessage = { role: 'tool', tool_call_id: r.toolCallId, content: r.content, status: r.status };
    record.messages.push({ seq: r.seq, content });
    record.events.push({ type: 'tool_result', data: event, key: `tool_result:${r.toolCallId}` });
    record.traces.push(trace);
  }
  return record;
}

/**
 * A message row's content. Messages are written only by this store (and the API's start, from
 * validated input), so the hot path reads them without re-validating every turn.
 */
function storedMessage(content: Prisma.JsonValue): StoredMessage {
  return content as unknown as StoredMessage;
}

/** Generations whose immutable facts are kept parsed per worker (a few KB each). */
const FACTS_CACHE_SIZE = 1000;

/** What never changes once a generation's workflow runs: its snapshot and its place in a session. */
interface GenerationFacts {
  snapshot: GenerationSnapshot;
  session: SessionPlace;
}

/** A session turn (both null outside a session); the turn is numbered when the generation is created. */
export interface SessionPlace {
  sessionId: string | null;
  sessionTurn: number | null;
}

/**
 * Persistence used by activities. Every write is keyed (generation id + a key derived from the
 * workflow's deterministic counters), so an activity retried after a crash overwrites instead of
 * duplicating.
 */
export class GenerationStore {
  readonly events: EventLog;
  private readonly facts = new LRUCache<string, GenerationFacts>({ max: FACTS_CACHE_SIZE });

  constructor(
    private readonly db: Db,
    private readonly feed: ChangeFeed,
  ) {
    this.events = new EventLog(db, feed);
  }

  /**
   * The snapshot and session place are written once, when the generation is created, so a copy
   * read by this worker stays valid: the bounded cache saves queries and a parse per activity. A
   * miss reads the row again; nothing is shared across generations.
   */
  private async factsOf(generationId: string): Promise<GenerationFacts> {
    let facts = this.facts.get(generationId);
    if (!facts) {
      const [row] = await hotQuery<{
        snapshot: Prisma.JsonValue;
        sessionId: string | null;
        sessionTurn: number | null;
      }>(this.db, sql`SELECT "snapshot", "sessionId", "sessionTurn" FROM "Generation" WHERE "id" = ${generationId}`);
      if (!row) throw new Error(`generation ${generationId} not found`);
      facts = {
        snapshot: deepFreeze(readSnapshot(row.snapshot)),
        session: { sessionId: row.sessionId, sessionTurn: row.sessionTurn },
      };
      this.facts.set(generationId, facts);
    }
    return facts;
  }

  /**
   * The generation's snapshot, shared by every activity of this worker: it is frozen, so a caller
   * that tried to change it would throw (ESM is strict mode) rather than change it for the next
   * activity. Copying it per activity instead cost about 3% of the worker's CPU (docs/performance.md).
   */
  async snapshot(generationId: string): Promise<GenerationSnapshot> {
    return (await this.factsOf(generationId)).snapshot;
  }

  /** The generation's session and turn (cached with the snapshot). */
  async session(generationId: string): Promise<SessionPlace> {
    return { ...(await this.factsOf(generationId)).session };
  }

  /** Who a generation acts for: its project and the API key of the top-level caller. */
  async caller(generationId: string): Promise<{ projectId: string; keyId: string | null }> {
    const row = await this.db.generation.findUniqueOrThrow({
      where: { id: generationId },
      select: { projectId: true, createdByKeyId: true },
    });
    return { projectId: row.projectId, keyId: row.createdByKeyId };
  }

  /** Raw SQL: read on every model and tool call (the hot path skips Prisma's query compiler). */
  async messagesBefore(generationId: string, seq: number): Promise<StoredMessage[]> {
    const rows = await hotQuery<{ content: Prisma.JsonValue }>(
      this.db,
      sql`SELECT "content" FROM "GenerationMessage" WHERE "generationId" = ${generationId} AND "seq" < ${seq} ORDER BY "seq"`,
    );
    return rows.map((r) => storedMessage(r.content));
  }

  async messageAt(generationId: string, seq: number): Promise<StoredMessage | null> {
    const rows = await hotQuery<{ content: Prisma.JsonValue }>(
      this.db,
      sql`SELECT "content" FROM "GenerationMessage" WHERE "generationId" = ${generationId} AND "key" = ${String(seq)}`,
    );
    return rows[0] ? storedMessage(rows[0].content) : null;
  }

  async putMessage(generationId: string, seq: number, message: StoredMessage): Promise<void> {
    const content = message as unknown as object;
    await this.db.generationMessage.upsert({
      where: { generationId_key: { generationId, key: String(seq) } },
      create: { generationId, key: String(seq), seq, role: message.role, content },
      update: { role: message.role, content },
    });
  }

  async putTrace(generationId: string, key: string, order: number, entry: Omit<StepEntry, 'at'>): Promise<void> {
    const data = { ...entry, at: new Date().toISOString() } as object;
    await this.db.generationStep.upsert({
      where: { generationId_key: { generationId, key } },
      create: { generationId, key, seq: order, step: entry.step, type: entry.type, data },
      update: { seq: order, step: entry.step, type: entry.type, data },
    });
  }

  /**
   * A tool result, its `tool_result` event and its `observe` trace entry, written in one
   * statement: a crash leaves all three or none, so a recorded result (which is never executed
   * again) always has its event and trace entry.
   */
  async recordToolResult(r: ToolResultRecord): Promise<void> {
    await writeStepRecord(this.db, this.feed, toolResultsRecord(r.generationId, [r]), 'events');
  }

  /** A tool result decided without running the tool (unknown, denied, refused), keyed like any result. */
  readonly recordResultOf = (
    input: ToolCallInput,
    status: ToolResultStatus,
    content: string,
    extra: { durationMs?: number; outcome?: 'unknown' } = {},
  ): Promise<void> => {
    const { generationId, step, seq, toolCallId, toolName } = input;
    return this.recordToolResult({ generationId, step, seq, toolCallId, toolName, status, content, ...extra });
  };

  /**
   * The results that answer a pause (client tool outputs, a clarification) and the status write
   * that leaves it, in one statement.
   */
  async recordPauseResults(generationId: string, results: ToolResultRecord[], status: StatusWrite): Promise<void> {
    await writeStepRecord(
      this.db,
      this.feed,
      { ...toolResultsRecord(generationId, results), status: { write: status, events: statusEvents(status, null) } },
      statusChange(status),
    );
  }

  /**
   * For a result found already recorded (a retried activity): writes its event and trace entry if
   * missing (results recorded before the three writes were one transaction), changing nothing
   * that exists — a PostToolUse hook may have replaced the stored result since.
   */
  async completeRecordedResult(r: ToolResultRecord): Promise<void> {
    const { event, trace } = toolResultWrites(r);
    const seq = await EventLog.insert(this.db, r.generationId, 'tool_result', event, `tool_result:${r.toolCallId}`);
    const data = { ...trace.entry, at: new Date().toISOString() } as object;
    await this.db.generationStep.upsert({
      where: { generationId_key: { generationId: r.generationId, key: trace.key } },
      create: { generationId: r.generationId, key: trace.key, seq: trace.order, step: r.step, type: 'observe', data },
      update: {},
    });
    if (seq !== null) await this.events.published(r.generationId, 'events');
  }

  /**
   * Marks an at-most-once call as started; false when an earlier attempt already had, or when a
   * later turn is rolling this generation back (docs/double-texting.md). The share lock waits for
   * a rollback's placement in progress and re-reads the row, so a rollback never passes a call
   * that started.
   */
  async markCallStarted(generationId: string, toolCallId: string): Promise<boolean> {
    const rows = await this.db.$queryRaw<Array<{ toolCallId: string }>>`
      INSERT INTO "ToolCallAttempt" ("generationId", "toolCallId")
      SELECT g."id", ${toolCallId} FROM "Generation" g
      WHERE g."id" = ${generationId} AND g."multitaskStop" IS DISTINCT FROM 'rolled_back'
      FOR SHARE
      ON CONFLICT DO NOTHING RETURNING "toolCallId"`;
    return rows.length === 1;
  }

  async traceEntry(generationId: string, key: string): Promise<Record<string, unknown> | null> {
    const row = await this.db.generationStep.findUnique({
      where: { generationId_key: { generationId, key } },
      select: { data: true },
    });
    return (row?.data as Record<string, unknown> | null) ?? null;
  }

  /** The status write (docs/adr/0020); the `start` event of a first write names the session. */
  async writeStatus(write: StatusWrite): Promise<void> {
    const first = write.status === 'running' && write.stateVersion === 1;
    const sessionId = first ? (await this.session(write.generationId)).sessionId : null;
    await writeStatusRecord(this.db, this.feed, write, sessionId);
  }

  async progress(
    generationId: string,
    fields: { iterationCount: number; promptTokens: number; completionTokens: number },
  ): Promise<void> {
    await this.db.generation.update({ where: { id: generationId }, data: fields });
  }

  async lastAssistantText(generationId: string): Promise<string | null> {
    const rows = await hotQuery<{ content: Prisma.JsonValue }>(
      this.db,
      sql`SELECT "content" FROM "GenerationMessage" WHERE "generationId" = ${generationId} AND "role" = 'assistant'
          ORDER BY "seq" DESC LIMIT ${ANSWER_PARTS}`,
    );
    return answerText(rows.map((r) => storedMessage(r.content)));
  }

  async saveDiscoveredTools(generationId: string, tools: unknown[], definitionsHash: string): Promise<void> {
    await this.db.generation.update({
      where: { id: generationId },
      data: { discoveredTools: { tools, definitionsHash } as object },
    });
  }

  async discoveredTools(generationId: string): Promise<StoredMcpTool[]> {
    const row = await this.db.generation.findUnique({ where: { id: generationId }, select: { discoveredTools: true } });
    return (row?.discoveredTools as { tools?: StoredMcpTool[] } | null)?.tools ?? [];
  }

  async finalText(generationId: string): Promise<string | null> {
    const row = await this.db.generation.findUnique({ where: { id: generationId }, select: { text: true } });
    return row?.text ?? null;
  }

  /** A PostToolUse hook replaced a result: show the replacement in the observe entry too. */
  async replaceObservedResult(generationId: string, step: number, toolCallId: string, result: unknown): Promise<void> {
    const key = `s${step}:observe:${toolCallId}`;
    const row = await this.db.generationStep.findUnique({ where: { generationId_key: { generationId, key } } });
    if (!row) return;
    await this.db.generationStep.update({
      where: { generationId_key: { generationId, key } },
      data: { data: { ...(row.data as object), result: result as object, modifiedByHook: true } },
    });
  }

  async finish(input: FinishInput): Promise<void> {
    const text =
      input.text !== undefined
        ? input.text
        : input.status === 'completed'
          ? await this.lastAssistantText(input.generationId)
          : null;
    const { generationId, iterationCount: step } = input;
    // The view for `done` comes with the write; when an older write is retried after the row moved
    // on, it is read: the view's columns and the trace in one read through the pool.
    let view = await writeFinalState(this.db, input, text);
    if (!view) {
      const read = await loadViewRowIfSettled(this.db, generationId, input.stateVersion - 1);
      if (!read) throw new Error(`generation ${generationId} not found`);
      view = generationView(read.row, read.steps ?? (await loadSteps(this.db, generationId)));
    }
    await this.events.append(generationId, 'done', { step, generation: view }, 'done');
  }
}
