import { describe, expect, it } from 'vitest';
import {
  adminPolicy,
  isAdminPolicy,
  isAllowed,
  policySchema,
  wildcardMatch,
  type Policy,
} from '../../domain/policy.js';

const allow = (action: string[], resource: string[] = ['*']): Policy['statements'][number] => ({
  effect: 'Allow',
  action,
  resource,
});
const deny = (action: string[], resource: string[] = ['*']): Policy['statements'][number] => ({
  effect: 'Deny',
  action,
  resource,
});
const policy = (...statements: Policy['statements']): Policy => ({ statements });

describe('isAllowed', () => {
  it('allows a request matched by an Allow statement', () => {
    const p = policy(allow(['agents:GetAgent'], ['prj_a:agents/agt_1']));
    expect(isAllowed(p, 'agents:GetAgent', 'prj_a:agents/agt_1')).toBe(true);
  });

  it('denies when nothing matches (action or resource)', () => {
    const p = policy(allow(['agents:GetAgent'], ['prj_a:agents/agt_1']));
    expect(isAllowed(p, 'agents:DeleteAgent', 'prj_a:agents/agt_1')).toBe(false);
    expect(isAllowed(p, 'agents:GetAgent', 'prj_a:agents/agt_2')).toBe(false);
    expect(isAllowed(p, 'agents:GetAgent', 'prj_b:agents/agt_1')).toBe(false);
  });

  it('matches whole strings, not prefixes or substrings', () => {
    const p = policy(allow(['agents:GetAgent'], ['prj_a:agents/agt_1']));
    expect(isAllowed(p, 'agents:GetAgentGeneration', 'prj_a:agents/agt_1')).toBe(false);
    expect(isAllowed(p, 'agents:GetAgent', 'prj_a:agents/agt_10')).toBe(false);
    expect(isAllowed(p, 'xagents:GetAgent', 'prj_a:agents/agt_1')).toBe(false);
  });

  it('lets Deny win over Allow, whatever the statement order', () => {
    const a = allow(['agents:*'], ['prj_a:*']);
    const d = deny(['agents:DeleteAgent'], ['prj_a:agents/agt_1']);
    for (const p of [policy(a, d), policy(d, a)]) {
      expect(isAllowed(p, 'agents:DeleteAgent', 'prj_a:agents/agt_1')).toBe(false);
      expect(isAllowed(p, 'agents:DeleteAgent', 'prj_a:agents/agt_2')).toBe(true);
      expect(isAllowed(p, 'agents:GetAgent', 'prj_a:agents/agt_1')).toBe(true);
    }
  });

  it('a Deny alone grants nothing', () => {
    expect(isAllowed(policy(deny(['agents:DeleteAgent'])), 'agents:GetAgent', 'prj_a:agents/agt_1')).toBe(false);
  });

  it('supports wildcards in actions', () => {
    const p = policy(allow(['agents:*']));
    expect(isAllowed(p, 'agents:GetAgent', 'prj_a:agents/agt_1')).toBe(true);
    expect(isAllowed(p, 'agents:CreateAgentGeneration', 'prj_a:agents/agt_1')).toBe(true);
    expect(isAllowed(p, 'aiProviders:GetAiProvider', 'prj_a:ai-providers/aip_1')).toBe(false);

    const getters = policy(allow(['*:Get*']));
    expect(isAllowed(getters, 'aiProviders:GetAiProvider', 'x')).toBe(true);
    expect(isAllowed(getters, 'agents:ListAgents', 'x')).toBe(false);
  });

  it('`*` as the action matches every action', () => {
    expect(isAllowed(adminPolicy, 'agents:DeleteAgent', 'prj_a:agents/agt_1')).toBe(true);
    expect(isAllowed(adminPolicy, 'aiProviders:CreateAiProvider', 'prj_z:ai-providers/*')).toBe(true);
  });

  it('supports wildcards in resources', () => {
    const p = policy(allow(['*'], ['prj_a:agents/*']));
    expect(isAllowed(p, 'agents:GetAgent', 'prj_a:agents/agt_1')).toBe(true);
    expect(isAllowed(p, 'agents:ListAgents', 'prj_a:agents/*')).toBe(true);
    expect(isAllowed(p, 'agents:GetAgentTool', 'prj_a:tools/agt_tool_1')).toBe(false);
    expect(isAllowed(p, 'agents:GetAgent', 'prj_b:agents/agt_1')).toBe(false);
  });

  it('treats regex metacharacters in patterns literally', () => {
    const dot = policy(allow(['*'], ['prj_a:files/a.b']));
    expect(isAllowed(dot, 'x:Y', 'prj_a:files/a.b')).toBe(true);
    expect(isAllowed(dot, 'x:Y', 'prj_a:files/aXb')).toBe(false);

    const plus = policy(allow(['*'], ['prj_a:files/a+']));
    expect(isAllowed(plus, 'x:Y', 'prj_a:files/a+')).toBe(true);
    expect(isAllowed(plus, 'x:Y', 'prj_a:files/aaa')).toBe(false);

    const others = '(a|b)?[c]{1}^$\\';
    const p = policy(allow(['*'], [`prj_a:${others}`]));
    expect(isAllowed(p, 'x:Y', `prj_a:${others}`)).toBe(true);
    expect(isAllowed(p, 'x:Y', 'prj_a:a')).toBe(false);
    expect(isAllowed(p, 'x:Y', 'prj_a:c')).toBe(false);
  });

  it('a wildcard matches any characters, including line breaks (a Deny cannot be sidestepped)', () => {
    // Resources are built from raw path parameters (`agents/${req.params.agentId}`), and `%0A`
    // decodes to a newline: `*` must still match, or a Deny on `agents/*` stops applying.
    const p = policy(allow(['*']), deny(['*'], ['prj_a:agents/*']));
    expect(isAllowed(p, 'agents:GetAgent', 'prj_a:agents/agt_1')).toBe(false);
    expect(isAllowed(p, 'agents:GetAgent', 'prj_a:agents/agt_1\nx')).toBe(false);
    expect(isAllowed(p, 'agents:GetAgent', 'prj_a:agents/\r\n')).toBe(false);
    expect(wildcardMatch('a*b', 'a\n\u2028b')).toBe(true);
  });

  it('an empty wildcard segment matches the empty string', () => {
    expect(wildcardMatch('prj_a:agents/*', 'prj_a:agents/')).toBe(true);
    expect(wildcardMatch('*', '')).toBe(true);
  });
});

describe('isAdminPolicy', () => {
  it('is true only for a policy that allows every action on every resource with no Deny', () => {
    expect(isAdminPolicy(adminPolicy)).toBe(true);
    expect(isAdminPolicy(policy(allow(['agents:*']), allow(['*'])))).toBe(true);
    expect(isAdminPolicy(policy(allow(['*'], ['prj_a:*', '*'])))).toBe(true);
    expect(isAdminPolicy(policy(allow(['*']), deny(['agents:DeleteAgent'])))).toBe(false);
    expect(isAdminPolicy(policy(allow(['*'], ['prj_a:*'])))).toBe(false);
    expect(isAdminPolicy(policy(allow(['*:*'])))).toBe(false);
    expect(isAdminPolicy(policy(allow(['agents:*', 'apiKeys:*', 'aiProviders:*', 'projects:*'])))).toBe(false);
    expect(isAdminPolicy(policy(deny(['*'])))).toBe(false);
    expect(isAdminPolicy({ statements: 'nope' })).toBe(false);
    expect(isAdminPolicy(null)).toBe(false);
  });
});

describe('policySchema', () => {
  it('accepts well-formed statements and defaults the resource to *', () => {
    const parsed = policySchema.parse({
      statements: [{ effect: 'Allow', action: ['agents:GetAgent', 'agents:*', '*'] }],
    });
    expect(parsed.statements[0]!.resource).toEqual(['*']);
  });

  it.each([
    ['no colon', 'agentsGetAgent'],
    ['empty operation', 'agents:'],
    ['empty service', ':GetAgent'],
    ['two colons', 'agents:Get:Agent'],
    ['digits', 'agents:Get1'],
    ['spaces', 'agents: GetAgent'],
    ['regex syntax', 'agents:.*'],
    ['empty', ''],
  ])('rejects an action with %s (%j)', (_label, action) => {
    expect(policySchema.safeParse({ statements: [{ effect: 'Allow', action: [action] }] }).success).toBe(false);
  });

  it('rejects unknown effects, empty action lists, unknown keys and empty policies', () => {
    expect(policySchema.safeParse({ statements: [{ effect: 'allow', action: ['*'] }] }).success).toBe(false);
    expect(policySchema.safeParse({ statements: [{ effect: 'Allow', action: [] }] }).success).toBe(false);
    expect(policySchema.safeParse({ statements: [{ effect: 'Allow', action: ['*'], condition: {} }] }).success).toBe(
      false,
    );
    expect(policySchema.safeParse({ statements: [] }).success).toBe(false);
    expect(policySchema.safeParse({ statements: [{ effect: 'Allow', action: ['*'], resource: [''] }] }).success).toBe(
      false,
    );
  });
});
