import { ApiError } from '../contracts/errors.js';
import type { StoredMessage } from '../contracts/conversation.js';
import type { z } from 'zod';
import type {
  GenerationStatus,
  listSessionsQuerySchema,
  SessionDetailView,
  SessionMessageView,
  SessionView,
  StopReason,
} from '../contracts/schemas/index.js';
import type { Session } from '../generated/prisma/client.js';
import type { Db } from '../infra/db/prisma.js';
import { ACTIVE_STATUSES, lockSession } from '../infra/sessions/turns.js';
import { agentFilter, deniedAgentIds, type Reader } from './generation-access.js';
import { listPage } from './pagination.js';

/**
 * What `/v1/sessions` and the session platform actions (list-sessions, get-session,
 * list-session-messages, delete-session) do, with the same views. A session is one agent's: its
 * turns are generations of that agent, withheld with them (domain/generation-access.ts; callers
 * load a session with `findSession`, which applies that rule).
 */

export function sessionView(s: Session): SessionView {
  return {
    id: s.id,
    object: 'session',
    projectId: s.projectId,
    agentId: s.agentId,
    sessionKey: s.externalKey,
    turnCount: s.turnCount,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

function messageView(turn: number, generationId: string, m: StoredMessage, at: Date): SessionMessageView {
  return {
    turn,
    generationId,
    role: m.role,
    content: m.content,
    ...(m.tool_calls?.length
      ? {
          toolCalls: m.tool_calls.map((c) => {
            let args: unknown = c.function.arguments;
            try {
              args = JSON.parse(c.function.arguments);
            } catch {
              // kept as sent
            }
            return { id: c.id, name: c.function.name, arguments: args };
          }),
        }
      : {}),
    ...(m.tool_call_id ? { toolCallId: m.tool_call_id } : {}),
    createdAt: at.toISOString(),
  };
}

const turnsOf = (db: Db, sessionId: string) =>
  db.generation.findMany({ where: { sessionId }, orderBy: [{ sessionTurn: 'asc' }, { createdAt: 'asc' }] });

/** A page of the project's sessions, newest first; sessions of withheld agents are left out. */
export async function listSessions(
  db: Db,
  reader: Reader,
  action: string,
  query: z.infer<typeof listSessionsQuerySchema>,
) {
  const denied = await deniedAgentIds({ db }, reader, action);
  const where = {
    projectId: reader.projectId,
    ...agentFilter(denied, query.agentId || undefined),
    ...(query.sessionKey ? { externalKey: query.sessionKey } : {}),
  };
  return listPage(
    query,
    ({ after, ...window }) => db.session.findMany({ where: { ...where, ...after }, ...window }),
    sessionView,
  );
}

/** A session with its turns (each turn's prompt, text, usage), the total usage and the active turn. */
export async function sessionDetail(db: Db, session: Session): Promise<SessionDetailView> {
  const turns = await turnsOf(db, session.id);
  // The turn's user input: the last user message it started with.
  const userRows = await db.generationMessage.findMany({
    where: { generationId: { in: turns.map((t) => t.id) }, role: 'user' },
    orderBy: { seq: 'asc' },
    select: { generationId: true, seq: true, content: true },
  });
  const prompt = (generationId: string): string | null => {
    const own = userRows.filter((u) => u.generationId === generationId);
    return (own.length ? (own[0]!.content as unknown as StoredMessage).content : null) ?? null;
  };
  const usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  for (const t of turns) {
    usage.promptTokens += t.promptTokens;
    usage.completionTokens += t.completionTokens;
    usage.totalTokens += t.promptTokens + t.completionTokens;
  }
  const active = turns.find((t) => ACTIVE_STATUSES.includes(t.status) && !t.waitingForTurn);
  return {
    ...sessionView(session),
    turns: turns.map((t) => ({
      turn: t.sessionTurn ?? 0,
      generationId: t.id,
      status: t.status as GenerationStatus,
      stopReason: t.stopReason as StopReason | null,
      prompt: prompt(t.id),
      text: t.text,
      usage: {
        promptTokens: t.promptTokens,
        completionTokens: t.completionTokens,
        totalTokens: t.promptTokens + t.completionTokens,
      },
      createdAt: t.createdAt.toISOString(),
      completedAt: t.completedAt ? t.completedAt.toISOString() : null,
    })),
    usage,
    activeGenerationId: active?.id ?? null,
  };
}

/** The session's conversation in order: every turn's messages but the system prompt. */
export async function sessionMessages(db: Db, session: Session): Promise<{ data: SessionMessageView[] }> {
  const turns = await turnsOf(db, session.id);
  const rows = await db.generationMessage.findMany({
    where: { generationId: { in: turns.map((t) => t.id) }, role: { not: 'system' } },
    orderBy: { seq: 'asc' },
  });
  const data: SessionMessageView[] = [];
  for (const t of turns) {
    for (const row of rows.filter((m) => m.generationId === t.id))
      data.push(messageView(t.sessionTurn ?? 0, t.id, row.content as unknown as StoredMessage, row.createdAt));
  }
  return { data };
}

/**
 * Deletes a session with its turns (generations, their messages, steps, events, approvals and
 * traces). Refused (409 session_busy) while a turn is active or queued.
 */
export async function deleteSession(db: Db, session: Session): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockSession(tx, session.id);
    const busy = await tx.generation.findFirst({
      where: { sessionId: session.id, status: { in: ACTIVE_STATUSES } },
      orderBy: [{ waitingForTurn: 'asc' }, { sessionTurn: 'asc' }],
      select: { id: true, status: true },
    });
    if (busy)
      throw new ApiError(
        409,
        'session_busy',
        `Session ${session.id} has generation ${busy.id} (${busy.status}); cancel it or wait until it settles`,
        { generationId: busy.id, status: busy.status },
      );
    const turns = await tx.generation.findMany({
      where: { sessionId: session.id },
      select: { id: true, traceId: true },
    });
    // A turn's trace is its own (top-level generation): deleting it removes the generation
    // with its messages, steps and events.
    await tx.approval.deleteMany({ where: { generationId: { in: turns.map((t) => t.id) } } });
    await tx.trace.deleteMany({ where: { id: { in: turns.map((t) => t.traceId) }, projectId: session.projectId } });
    await tx.generation.deleteMany({ where: { sessionId: session.id } });
    await tx.session.delete({ where: { id: session.id } });
  });
}
