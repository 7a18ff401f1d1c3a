import type { PlatformActionSpec } from '../../contracts/platform-actions.js';
import type { Policy } from '../../contracts/schemas/index.js';
import type { GenerationSnapshot } from '../../contracts/snapshot.js';
import type { Db } from '../../infra/db/prisma.js';
import { isAllowed } from '../../domain/policy.js';
import { authorityNow } from '../deferred-authority.js';

/** Why a platform action may not run; shown to the model as the call's error. */
export class PlatformDenied extends Error {}

/** Who runs a platform action: the key that started the top-level generation, and the boundaries over it. */
export interface PlatformCaller {
  projectId: string;
  keyId: string | null;
  /**
   * The boundary policies of the calling generation's agent and of every generation above it
   * (`boundaryPoliciesOf`); empty over `/mcp`, where the calling key's policy alone decides.
   */
  boundaryPolicies: Policy[];
}

/**
 * The boundaries a generation's platform actions run under: its own agent's and those its parent
 * generations ran under (stored in the snapshot when the child was created), nearest first. A
 * child can never do what any generation above it could not.
 */
export function boundaryPoliciesOf(snapshot: GenerationSnapshot): Policy[] {
  const own = snapshot.agent.boundaryPolicy;
  return [...(own ? [own] : []), ...(snapshot.agent.inheritedBoundaryPolicies ?? [])];
}

/**
 * Effective permission = the caller's key policy ∩ every boundary policy of the chain: the key that
 * started the top-level generation (children carry it) must allow the action on the resource, and
 * so must each boundary (none = the caller's policy alone). The key is read at every call, so a key
 * revoked mid-run is denied from then on. Returns the key's policy.
 */
export async function authorizePlatformAction(
  db: Db,
  caller: PlatformCaller,
  spec: PlatformActionSpec,
  args: Record<string, unknown>,
): Promise<Policy> {
  const resource = `${caller.projectId}:${spec.resource(args)}`;
  // The deferred-work rule (domain/deferred-authority.ts): the key is read at every call, so a key
  // revoked or narrowed mid-run is refused from then on.
  const authority = await authorityNow(db, caller, { action: spec.policyAction, resource });
  if (!authority.ok)
    throw new PlatformDenied(
      authority.code === 'principal_missing'
        ? 'The generation has no calling API key to act for'
        : authority.code === 'principal_revoked'
          ? 'The API key that started this run is revoked'
          : `The caller's API key is not allowed to perform ${spec.policyAction} on ${resource}`,
    );
  if (caller.boundaryPolicies.some((boundary) => !isAllowed(boundary, spec.policyAction, resource)))
    throw new PlatformDenied(
      `The boundary policy of this agent or of a generation above it does not allow ${spec.policyAction} on ${resource}`,
    );
  return authority.auth.policy;
}

/**
 * The caller as a reader of generation content (domain/generation-access.ts): the key's policy
 * with every boundary's Deny statements, so an agent the boundary denies is withheld like one the
 * key denies.
 */
export function readerPolicy(keyPolicy: Policy, boundaries: Policy[]): Policy {
  const denies = boundaries.flatMap((b) => b.statements.filter((s) => s.effect === 'Deny'));
  return { ...keyPolicy, statements: [...keyPolicy.statements, ...denies] };
}
