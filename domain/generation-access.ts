import type { TraceView } from '../contracts/schemas/index.js';
import { ApiError, notFound } from '../contracts/errors.js';
import type { Generation, Session } from '../generated/prisma/client.js';
import { loadGenerationRow } from '../infra/db/generation-row.js';
import type { Db } from '../infra/db/prisma.js';
import { loadTrace } from '../infra/db/trace-view.js';
import type { AuthInfo } from './auth-info.js';
import { isDenied } from './policy.js';

/**
 * The one read path for generation content (docs/permissions.md, "Agent-level Deny"): REST,
 * `/mcp`, platform actions, traces and sessions all ask `withheldAgent` whether a key may see what
 * the generations of an agent hold. Addressed by id (a generation, an approval, a trace's root, a
 * session) a withheld agent is a 403; in a list or a trace tree its rows are left out.
 */

/** The action whose Deny on an agent withholds its generations' content on every path. */
export const GENERATION_READ_ACTION = 'agents:GetAgentGeneration';

/** Who asks: the key's project and its policy (for an agent's platform tool, with its boundaries' Denies). */
export type Reader = Pick<AuthInfo, 'projectId' | 'policy'>;

/**
 * The action for which the key is denied the generations of `agentId` through a request authorized
 * for `action`, or null when it is not. A Deny of `action` on the agent counts (denying an agent
 * denies its generations), and so does a Deny of reading generations: every path that shows a
 * generation's content shows what GET /v1/generations/{id} would, so it is refused where that is.
 */
export function withheldAgent(reader: Reader, action: string, agentId: string): string | null {
  const resource = `${reader.projectId}:agents/${agentId}`;
  if (isDenied(reader.policy, action, resource)) return action;
  if (isDenied(reader.policy, GENERATION_READ_ACTION, resource)) return GENERATION_READ_ACTION;
  return null;
}

/** 403 when the generations of `agentId` are withheld from the key (see `withheldAgent`). */
export function checkAgentNotDenied(reader: Reader, action: string, agentId: string): void {
  const denied = withheldAgent(reader, action, agentId);
  if (denied !== null)
    throw new ApiError(403, 'forbidden', `This API key is not allowed to perform ${denied} on agent ${agentId}`, {
      action: denied,
    });
}

/**
 * The generation in the key's project (and of `agentId` when given), or 404; 403 when the key is
 * denied `action` (or reading generations) on the generation's agent.
 */
export async function findGeneration(
  ctx: { db: Db },
  reader: Reader,
  action: string,
  id: string,
  agentId?: string,
): Promise<Generation> {
  const g = await loadGenerationRow(ctx.db, id, reader.projectId, agentId);
  if (!g) throw notFound('Generation');
  checkAgentNotDenied(reader, action, g.agentId);
  return g;
}

/**
 * The ids of the project's agents whose generations are withheld from the key for `action`: lists
 * leave out their rows (generations, approvals, traces, sessions) rather than refusing the list.
 */
export async function deniedAgentIds(ctx: { db: Db }, reader: Reader, action: string): Promise<string[]> {
  if (!reader.policy.statements.some((s) => s.effect === 'Deny')) return [];
  const agents = await ctx.db.agent.findMany({ where: { projectId: reader.projectId }, select: { id: true } });
  return agents.filter((a) => withheldAgent(reader, action, a.id) !== null).map((a) => a.id);
}

/**
 * Prisma's filter on an `agentId` column: the caller's own filter (if any) and never a withheld
 * agent. Both go in one condition, so a query's `agentId` cannot replace the exclusion.
 */
export function agentFilter(denied: string[], agentId?: string): { agentId?: { equals?: string; notIn?: string[] } } {
  if (!denied.length && agentId === undefined) return {};
  return {
    agentId: { ...(agentId !== undefined ? { equals: agentId } : {}), ...(denied.length ? { notIn: denied } : {}) },
  };
}

/**
 * A trace of the key's project (404 when there is none). The trace belongs to its root generation:
 * a withheld root agent is a 403, like GET of that generation. Below the root, the generations of
 * withheld agents are left out of the tree with the generations they started, and the totals
 * count what is shown.
 */
export async function readTrace(ctx: { db: Db }, reader: Reader, action: string, traceId: string): Promise<TraceView> {
  const trace = await ctx.db.trace.findFirst({ where: { id: traceId, projectId: reader.projectId } });
  if (!trace) throw notFound('Trace');
  const root = await ctx.db.generation.findFirst({
    where: { id: trace.rootGenerationId, projectId: reader.projectId },
    select: { agentId: true },
  });
  if (!root) throw notFound('Trace');
  checkAgentNotDenied(reader, action, root.agentId);
  const denied = await deniedAgentIds(ctx, reader, action);
  const view = await loadTrace(ctx.db, reader.projectId, traceId, new Set(denied));
  if (!view) throw notFound('Trace');
  return view;
}

/** A session of the key's project (404), 403 when its agent's generations (its turns) are withheld. */
export async function findSession(ctx: { db: Db }, reader: Reader, action: string, id: string): Promise<Session> {
  const session = await ctx.db.session.findFirst({ where: { id, projectId: reader.projectId } });
  if (!session) throw notFound('Session');
  checkAgentNotDenied(reader, action, session.agentId);
  return session;
}
