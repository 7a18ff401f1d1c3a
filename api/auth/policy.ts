import { z } from '../../contracts/schemas/common.js';

/**
 * IAM-style policies: statements `{ effect, action, resource }` with `*` wildcards. A request is
 * allowed when some statement allows it and none denies it (Deny wins; nothing matching = deny).
 * Actions are `service:Operation`; resources are `<projectId>:<type>/<id>` (e.g.
 * `prj_x:agents/agt_y`), or `<projectId>:<type>/*` for collection operations.
 */
export const policyStatementSchema = z
  .object({
    effect: z.enum(['Allow', 'Deny']),
    action: z.array(z.string().regex(/^[a-zA-Z*]+:[a-zA-Z*]+$|^\*$/, 'must look like service:Operation')).min(1).max(100),
    resource: z.array(z.string().min(1).max(500)).min(1).max(100).default(['*']),
  })
  .strict()
  .openapi('PolicyStatement');

export const policySchema = z
  .object({ statements: z.array(policyStatementSchema).min(1).max(100) })
  .strict()
  .openapi('Policy');
export type Policy = z.infer<typeof policySchema>;

export const adminPolicy: Policy = { statements: [{ effect: 'Allow', action: ['*'], resource: ['*'] }] };

const patternCache = new Map<string, RegExp>();
export function wildcardMatch(pattern: string, value: string): boolean {
  let re = patternCache.get(pattern);
  if (!re) {
    // `s`: `*` matches any characters, line breaks included (else a Deny on `x/*` misses `x/a\nb`).
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
