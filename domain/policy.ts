import { policySchema, policyStatementSchema, type Policy } from '../contracts/schemas/policy.js';

/**
 * A request is allowed when some statement allows it and none denies it (Deny wins; nothing
 * matching = deny). Actions are `service:Operation`; resources are `<projectId>:<type>/<id>` (e.g.
 * `prj_x:agents/agt_y`), or `<projectId>:<type>/*` for collection operations.
 */
export { policySchema, policyStatementSchema, type Policy };

export const adminPolicy: Policy = { statements: [{ effect: 'Allow', action: ['*'], resource: ['*'] }] };

/**
 * Longest resource checked against a policy. Real resources are `<projectId>:<type>/<id>` with ids
 * of at most ~70 characters (path segments are capped at MAX_PATH_SEGMENT_LENGTH before routing);
 * anything longer is denied without matching, so matching cost stays bounded.
 */
export const MAX_RESOURCE_LENGTH = 1000;

/**
 * `*` matches any run of characters (line breaks included); everything else is literal. No regex:
 * patterns come from tenants' policies and are matched against request paths, so this must not
 * backtrack. The literal segments between `*`s are found left to right, each at its leftmost
 * position (always optimal for `*`-only globs), with the first segment anchored at the start and
 * the last at the end: one pass, O(n·m) at worst through indexOf, usually O(n + m).
 */
export function wildcardMatch(pattern: string, value: string): boolean {
  const star = pattern.indexOf('*');
  if (star === -1) return pattern === value;
  const first = pattern.slice(0, star);
  const lastStar = pattern.lastIndexOf('*');
  const last = pattern.slice(lastStar + 1);
  if (value.length < first.length + last.length || !value.startsWith(first) || !value.endsWith(last)) return false;
  const end = value.length - last.length; // middle segments must fit before the anchored suffix
  let pos = first.length;
  let from = star + 1;
  while (from <= lastStar) {
    const next = pattern.indexOf('*', from);
    const segment = pattern.slice(from, next);
    from = next + 1;
    if (!segment) continue;
    const at = value.indexOf(segment, pos);
    if (at === -1 || at + segment.length > end) return false;
    pos = at + segment.length;
  }
  return true;
}

export function isAllowed(policy: Policy, action: string, resource: string): boolean {
  if (resource.length > MAX_RESOURCE_LENGTH || action.length > MAX_RESOURCE_LENGTH) return false;
  let allowed = false;
  for (const s of policy.statements) {
    const matches =
      s.action.some((a) => wildcardMatch(a, action)) && s.resource.some((r) => wildcardMatch(r, resource));
    if (!matches) continue;
    if (s.effect === 'Deny') return false;
    allowed = true;
  }
  return allowed;
}

/**
 * The grants of `requested` that `holder` does not provably have: an Allow (action, resource) pair
 * is covered when one of the holder's Allow statements matches both patterns taken literally (a
 * pattern whose text a holder pattern matches can only expand to strings the holder pattern also
 * matches). Sufficient, not complete: it may refuse an equivalent policy written differently.
 */
export function uncoveredGrants(holder: Policy, requested: Policy): Array<{ action: string; resource: string }> {
  const allows = holder.statements.filter((s) => s.effect === 'Allow');
  const missing: Array<{ action: string; resource: string }> = [];
  for (const s of requested.statements) {
    if (s.effect !== 'Allow') continue;
    for (const action of s.action) {
      for (const resource of s.resource) {
        const covered = allows.some(
          (h) => h.action.some((a) => wildcardMatch(a, action)) && h.resource.some((r) => wildcardMatch(r, resource)),
        );
        if (!covered) missing.push({ action, resource });
      }
    }
  }
  return missing;
}

/**
 * The policy stored for a key minted by `holder`: the requested statements plus the holder's Deny
 * statements, so the new key can never do what its creator is denied.
 */
export function boundedPolicy(holder: Policy, requested: Policy): Policy {
  const denies = holder.statements.filter((s) => s.effect === 'Deny');
  return { statements: [...requested.statements, ...denies] };
}

/**
 * An admin policy allows everything: an Allow statement covers the `*` action on the `*` resource
 * (the same literal coverage as key minting: such a key could mint an admin key) and no Deny
 * statement restricts it. A policy that parses to anything else is not admin.
 */
export function isAdminPolicy(policy: unknown): boolean {
  const parsed = policySchema.safeParse(policy);
  if (!parsed.success) return false;
  return (
    parsed.data.statements.every((s) => s.effect !== 'Deny') && uncoveredGrants(parsed.data, adminPolicy).length === 0
  );
}

/**
 * Whether a Deny statement of `policy` matches `action` on `resource`. Used where a request is
 * authorized on one resource (a generation) that belongs to another (its agent): the agent's Deny
 * statements must hold there too, while an Allow on the agent is not required (a key scoped to
 * `generations/*` still reads generations).
 */
export function isDenied(policy: Policy, action: string, resource: string): boolean {
  if (resource.length > MAX_RESOURCE_LENGTH || action.length > MAX_RESOURCE_LENGTH) return true;
  return policy.statements.some(
    (s) =>
      s.effect === 'Deny' &&
      s.action.some((a) => wildcardMatch(a, action)) &&
      s.resource.some((r) => wildcardMatch(r, resource)),
  );
}
