import { policySchema, policyStatementSchema, type Policy } from '../../contracts/schemas/policy.js';

/**
 * A request is allowed when some statement allows it and none denies it (Deny wins; nothing
 * matching = deny). Actions are `service:Operation`; resources are `<projectId>:<type>/<id>` (e.g.
 * `prj_x:agents/agt_y`), or `<projectId>:<type>/*` for collection operations.
 */
export { policySchema, policyStatementSchema, type Policy };

export const adminPolicy: Policy = { statements: [{ effect: 'Allow', action: ['*'], resource: ['*'] }] };

const patternCache = new Map<string, RegExp>();
export function wildcardMatch(pattern: string, value: string): boolean {
  let re = patternCache.get(pattern);
  if (!re) {
    // `s`: `*` matches any characters, line breaks included (else a Deny on `x/*` misses `x/a\nb`).
    if (patternCache.size >= 10_000) patternCache.clear(); // patterns come from stored policies: keep the cache bounded
    re = new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 's');
    patternCache.set(pattern, re);
  }
  return re.test(value);
}

export function isAllowed(policy: Policy, action: string, resource: string): boolean {
  let allowed = false;
  for (const s of policy.statements) {
    const matches = s.action.some((a) => wildcardMatch(a, action)) && s.resource.some((r) => wildcardMatch(r, resource));
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
        const covered = allows.some((h) => h.action.some((a) => wildcardMatch(a, action)) && h.resource.some((r) => wildcardMatch(r, resource)));
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
