import { describe, expect, it } from 'vitest';
import { boundedPolicy, isAllowed, uncoveredGrants, type Policy } from '../../domain/policy.js';

const p = (...statements: Policy['statements']): Policy => ({ statements });
const allow = (action: string[], resource = ['*']) => ({ effect: 'Allow' as const, action, resource });
const deny = (action: string[], resource = ['*']) => ({ effect: 'Deny' as const, action, resource });

describe('minting keys without escalation', () => {
  it('an admin key may grant anything', () => {
    expect(uncoveredGrants(p(allow(['*'])), p(allow(['*'])))).toEqual([]);
    expect(uncoveredGrants(p(allow(['*'])), p(allow(['agents:Get*'], ['prj_a:agents/*'])))).toEqual([]);
  });

  it('a narrower holder may grant only what its patterns cover, as text', () => {
    const holder = p(allow(['agents:*'], ['prj_a:agents/*']));
    expect(uncoveredGrants(holder, p(allow(['agents:GetAgent'], ['prj_a:agents/agt_1'])))).toEqual([]);
    expect(uncoveredGrants(holder, p(allow(['agents:Get*'], ['prj_a:agents/*'])))).toEqual([]);
    expect(uncoveredGrants(holder, p(allow(['*'], ['prj_a:agents/*'])))).toEqual([
      { action: '*', resource: 'prj_a:agents/*' },
    ]);
    expect(uncoveredGrants(holder, p(allow(['agents:GetAgent'], ['*'])))).toEqual([
      { action: 'agents:GetAgent', resource: '*' },
    ]);
    expect(uncoveredGrants(holder, p(allow(['aiProviders:GetAiProvider'], ['prj_a:agents/x'])))).toHaveLength(1);
  });

  it('each (action, resource) pair must be covered by one statement', () => {
    const holder = p(allow(['agents:GetAgent'], ['prj_a:agents/*']), allow(['tools:GetTool'], ['prj_a:tools/*']));
    // GetAgent on tools/* is covered by neither statement, although each half is covered by one.
    expect(uncoveredGrants(holder, p(allow(['agents:GetAgent'], ['prj_a:tools/*'])))).toHaveLength(1);
  });

  it("Deny statements in the request need no cover; the holder's Deny statements are inherited", () => {
    const holder = p(allow(['*']), deny(['agents:DeleteAgent']));
    const requested = p(allow(['agents:*']), deny(['agents:UpdateAgent']));
    expect(uncoveredGrants(holder, requested)).toEqual([]);
    const stored = boundedPolicy(holder, requested);
    expect(isAllowed(stored, 'agents:GetAgent', 'prj_a:agents/agt_1')).toBe(true);
    expect(isAllowed(stored, 'agents:DeleteAgent', 'prj_a:agents/agt_1')).toBe(false);
    expect(isAllowed(stored, 'agents:UpdateAgent', 'prj_a:agents/agt_1')).toBe(false);
  });

  it('whatever the holder may not do, a key it mints may not do either (sampled)', () => {
    const holder = p(
      allow(['agents:Get*', 'agents:List*'], ['prj_a:agents/*']),
      deny(['agents:GetAgent'], ['prj_a:agents/secret']),
    );
    const requested = p(allow(['agents:Get*'], ['prj_a:agents/*']));
    expect(uncoveredGrants(holder, requested)).toEqual([]);
    const minted = boundedPolicy(holder, requested);
    for (const action of ['agents:GetAgent', 'agents:GetAgentTool', 'agents:ListAgents', 'agents:DeleteAgent']) {
      for (const resource of ['prj_a:agents/secret', 'prj_a:agents/agt_1', 'prj_a:tools/x']) {
        if (isAllowed(minted, action, resource))
          expect(isAllowed(holder, action, resource), `${action} ${resource}`).toBe(true);
      }
    }
  });
});
