import type { PlatformActionSpec } from '../../contracts/platform-actions.js';
import { policySchema, type Policy } from '../../contracts/schemas/index.js';
import type { Db } from '../../infra/db/prisma.js';
import { isAllowed } from '../../domain/policy.js';

/** Why a platform action may not run; shown to the model as the call's error. */
export class PlatformDenied extends Error {}

/**
 * Effective permission = the caller's key policy ∩ the agent's boundary policy: the key that
 * started the top-level generation (children carry it) must allow the action on the resource, and
 * so must the boundary (none = the caller's policy alone). The key is read at every call, so a key
 * revoked mid-run is denied from then on. Returns the key's policy.
 */
export async function authorizePlatformAction(
  db: Db,
  caller: { projectId: string; keyId: string | null; boundaryPolicy: Policy | null | undefined },
  spec: PlatformActionSpec,
  args: Record<string, unknown>,
): Promise<Policy> {
  const resource = `${caller.projectId}:${spec.resource(args)}`;
  if (!caller.keyId) throw new PlatformDenied('The generation has no calling API key to act for');
  const key = await db.apiKey.findFirst({ where: { id: caller.keyId, projectId: caller.projectId } });
  if (!key || key.revokedAt !== null) throw new PlatformDenied('The API key that started this run is revoked');
  const policy = policySchema.safeParse(key.policy);
  if (!policy.success || !isAllowed(policy.data, spec.policyAction, resource))
    throw new PlatformDenied(`The caller's API key is not allowed to perform ${spec.policyAction} on ${resource}`);
  if (caller.boundaryPolicy && !isAllowed(caller.boundaryPolicy, spec.policyAction, resource))
    throw new PlatformDenied(`The agent's boundary policy does not allow ${spec.policyAction} on ${resource}`);
  return policy.data;
}
