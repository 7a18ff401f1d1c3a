import { ApiError, notFound } from '../contracts/errors.js';
import type { Generation } from '../generated/prisma/client.js';
import { loadGenerationRow } from '../infra/db/generation-row.js';
import type { Db } from '../infra/db/prisma.js';
import type { AuthInfo } from './auth-info.js';
import { isDenied } from './policy.js';

/**
 * 403 when the key's policy denies `action` on the agent `agentId`: requests addressed by a
 * generation (or approval) id are authorized on that resource first, and once the row is loaded
 * its agent's Deny statements apply too, so denying an agent denies its generations.
 */
export function checkAgentNotDenied(auth: AuthInfo, action: string, agentId: string): void {
  if (isDenied(auth.policy, action, `${auth.projectId}:agents/${agentId}`)) {
    throw new ApiError(403, 'forbidden', `This API key is not allowed to perform ${action} on agent ${agentId}`, {
      action,
    });
  }
}

/**
 * The generation in the key's project (and of `agentId` when given), or 404; 403 when the key is
 * denied `action` on the generation's agent.
 */
export async function findGeneration(
  ctx: { db: Db },
  auth: AuthInfo,
  action: string,
  id: string,
  agentId?: string,
): Promise<Generation> {
  const g = await loadGenerationRow(ctx.db, id, auth.projectId, agentId);
  if (!g) throw notFound('Generation');
  checkAgentNotDenied(auth, action, g.agentId);
  return g;
}

/**
 * The ids of the project's agents on which the key is denied `action`: lists leave out their rows
 * (generations, approvals) rather than refusing the whole list.
 */
export async function deniedAgentIds(ctx: { db: Db }, auth: AuthInfo, action: string): Promise<string[]> {
  if (!auth.policy.statements.some((s) => s.effect === 'Deny')) return [];
  const agents = await ctx.db.agent.findMany({ where: { projectId: auth.projectId }, select: { id: true } });
  return agents.filter((a) => isDenied(auth.policy, action, `${auth.projectId}:agents/${a.id}`)).map((a) => a.id);
}
