import { ApiError } from '../contracts/errors.js';
import { policySchema } from '../contracts/schemas/policy.js';
import type { Db } from '../infra/db/prisma.js';
import type { AuthInfo } from './auth-info.js';
import { isAllowed } from './policy.js';

/**
 * The one rule for work that runs later on someone's behalf (docs/security.md, "Deferred work"):
 * a schedule's run, a child generation, a platform action of a paused run. Such work is authorized
 * when it runs, not when it was asked for: the API key it acts for must still exist, must not be
 * revoked, must have a policy that parses, and that policy must allow `action` on `resource` now.
 * A key revoked or narrowed since is refused, whatever it could do when the work was set up.
 */

/** Who deferred work acts for: an API key of the project (null: none was recorded). */
export interface Principal {
  projectId: string;
  keyId: string | null;
}

export type RefusalCode = 'principal_missing' | 'principal_revoked' | 'principal_not_allowed';

/** Why the principal may not act: a code callers branch on, and a sentence naming the key and right. */
export interface AuthorityRefusal {
  code: RefusalCode;
  message: string;
}

export type Authority = { ok: true; auth: AuthInfo } | ({ ok: false } & AuthorityRefusal);

/**
 * Reads the principal's key now and checks `right` (`action` on `resource`, `<projectId>:<type>/<id>`);
 * without one, only that the key still stands (a child of an agent tool: the agent's configuration
 * chose the call, the key must still exist).
 */
export async function authorityNow(
  db: Pick<Db, 'apiKey'>,
  principal: Principal,
  right?: { action: string; resource: string },
): Promise<Authority> {
  if (!principal.keyId) return { ok: false, code: 'principal_missing', message: 'No API key is recorded to act for' };
  const key = await db.apiKey.findFirst({
    where: { id: principal.keyId, projectId: principal.projectId },
    select: { id: true, policy: true, revokedAt: true },
  });
  if (!key || key.revokedAt !== null) return { ok: false, ...revokedRefusal(principal.keyId) };
  const policy = policySchema.safeParse(key.policy);
  if (!policy.success || (right && !isAllowed(policy.data, right.action, right.resource)))
    return {
      ok: false,
      code: 'principal_not_allowed',
      message: right
        ? `The API key ${principal.keyId} it acts for is no longer allowed to perform ${right.action} on ${right.resource}`
        : `The API key ${principal.keyId} it acts for has an unreadable policy`,
    };
  return { ok: true, auth: { projectId: principal.projectId, keyId: key.id, policy: policy.data } };
}

export const revokedRefusal = (keyId: string): AuthorityRefusal => ({
  code: 'principal_revoked',
  message: `The API key ${keyId} it acts for is revoked`,
});

/** The right every generation needs on its agent: deferred runs of an agent check it when they start. */
export const GENERATE_ACTION = 'agents:CreateAgentGeneration';

export const agentResource = (projectId: string, agentId: string) => `${projectId}:agents/${agentId}`;

/** The right a run of `agentId` needs, as `authorityNow` takes it. */
export const generateRight = (projectId: string, agentId: string) => ({
  action: GENERATE_ACTION,
  resource: agentResource(projectId, agentId),
});

/** 403 unless the request's own key may start generations of the agent (schedules, forks). */
export function checkMayGenerate(auth: AuthInfo, agentId: string, what: string): void {
  if (!isAllowed(auth.policy, GENERATE_ACTION, agentResource(auth.projectId, agentId)))
    throw new ApiError(403, 'forbidden', `${what} needs ${GENERATE_ACTION} on agent ${agentId}`, {
      action: GENERATE_ACTION,
    });
}
