import { ApiError } from '../../contracts/errors.js';
import type { Generation } from '../../generated/prisma/client.js';
import { readApprovalHookConfig, readSnapshot } from '../../infra/db/json-columns.js';
import type { Db } from '../../infra/db/prisma.js';
import type { AuthInfo } from '../auth-info.js';

/** Longest creator chain followed: keys minted by keys minted by … the requester. */
const MAX_KEY_CHAIN = 64;

/**
 * The key and every key above it in its creator chain (the key that minted it, that key's creator,
 * …): the principal a key acts for. Keys are never deleted without their project, so the chain is
 * complete; it ends at a key with no recorded creator.
 */
async function keyAndCreators(db: Db, projectId: string, keyId: string): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ id: string }>>`
    WITH RECURSIVE chain(id, creator, depth) AS (
      SELECT "id", "createdByKeyId", 0 FROM "ApiKey" WHERE "id" = ${keyId} AND "projectId" = ${projectId}
      UNION ALL
      SELECT k."id", k."createdByKeyId", c.depth + 1
      FROM "ApiKey" k JOIN chain c ON k."id" = c.creator
      WHERE k."projectId" = ${projectId} AND c.depth < ${MAX_KEY_CHAIN}
    )
    SELECT id FROM chain`;
  return [keyId, ...rows.map((r) => r.id)];
}

/**
 * Who may decide an approval: every approval hook of the generation's snapshot (the configuration it
 * started with, not the live hooks) that matches the tool applies — `approvers` lists the API key
 * ids that may decide (`escalation.approvers` instead, once the approval is escalated), `requesterMayNotApprove` excludes the requester as a principal: the key that
 * started the generation and every key it minted, directly or through keys it minted (a key minted
 * by a key counts as its creator). Any one refusing is a 403; a generation whose starter is unknown
 * is refused too (fail closed).
 */
export async function checkApprover(
  db: Db,
  g: Generation,
  approval: { toolName: string; escalatedAt: Date | null },
  auth: AuthInfo,
): Promise<void> {
  const { toolName } = approval;
  const hooks = readSnapshot(g.snapshot).hooks.filter(
    (h) => h.type === 'approval' && h.event === 'PreToolUse' && (h.matcher === null || h.matcher === toolName),
  );
  let principal: string[] | undefined;
  for (const hook of hooks) {
    const config = readApprovalHookConfig(hook.config);
    // After its first deadline an escalated approval is decided by the escalation group alone.
    const approvers =
      approval.escalatedAt !== null && config.escalation ? config.escalation.approvers : config.approvers;
    if (approvers !== undefined && !approvers.includes(auth.keyId)) {
      throw new ApiError(403, 'forbidden', `This API key is not an approver of hook ${hook.id}`, { hookId: hook.id });
    }
    if (config.requesterMayNotApprove !== true) continue;
    // A public-chat visitor holds no API key, so any approver key is someone other than the requester.
    if (g.channel === 'public_chat') continue;
    const requester = g.createdByKeyId;
    principal ??= requester === null ? [] : await keyAndCreators(db, auth.projectId, auth.keyId);
    if (requester === null || principal.includes(requester)) {
      throw new ApiError(
        403,
        'forbidden',
        `Hook ${hook.id} does not let the API key that started the generation, or a key minted by it, decide its approvals`,
        { hookId: hook.id },
      );
    }
  }
}
