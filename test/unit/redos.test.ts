import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAllowed, wildcardMatch, type Policy } from '../../domain/policy.js';
import { reviewFinalText } from '../../activities/hooks.js';
import { createAgentSchema } from '../../contracts/schemas/agents.js';
import { createHookSchema, ruleConditionSchema } from '../../contracts/schemas/hooks.js';
import { userRegexProblem, userRegexTest } from '../../contracts/user-regex.js';
import { conditionHolds, evaluateRules, promptRequiresTool } from '../../contracts/generation/hooks.js';
import type { PlannedHook } from '../../contracts/generation/index.js';

/**
 * Tenant-written patterns must not be able to freeze a thread: each pathological pattern/input pair
 * answers within BOUND_MS (a bound, not a benchmark: a backtracking engine takes seconds to forever).
 */
const BOUND_MS = 100;

function timed<T>(fn: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = fn();
  return { value, ms: performance.now() - started };
}

const evil = 'a'.repeat(50_000) + '!';
const starPattern = '*a*a*a*a*a*a*a*a*b';

describe('policy wildcards: linear matching, no regex', () => {
  it(`the "${starPattern}" Deny pattern against a long id answers within ${BOUND_MS} ms`, () => {
    const long = timed(() => wildcardMatch(`prj_a:agents/${starPattern}`, `prj_a:agents/${'a'.repeat(50_000)}`));
    expect(long.value).toBe(false);
    expect(long.ms).toBeLessThan(BOUND_MS);
    // Through isAllowed with the longest resource a request can produce (path segments are capped at 256).
    const policy: Policy = {
      statements: [
        { effect: 'Allow', action: ['*'], resource: ['*'] },
        ...Array.from({ length: 99 }, () => ({
          effect: 'Deny' as const,
          action: ['*'],
          resource: Array.from({ length: 10 }, () => starPattern),
        })),
      ],
    };
    const viaPolicy = timed(() => isAllowed(policy, 'agents:GetAgent', `prj_a:agents/${'a'.repeat(256)}`));
    expect(viaPolicy.value).toBe(true);
    expect(viaPolicy.ms).toBeLessThan(BOUND_MS);
  });

  it('denies resources longer than any request can produce, without matching', () => {
    expect(
      isAllowed(
        { statements: [{ effect: 'Allow', action: ['*'], resource: ['*'] }] },
        'agents:GetAgent',
        `prj_a:agents/${'a'.repeat(2000)}`,
      ),
    ).toBe(false);
  });

  it('agrees with the regex it replaces (`*` = any characters, the rest literal)', () => {
    const asRegex = (pattern: string) =>
      new RegExp(
        `^${pattern
          .split('*')
          .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
        's',
      );
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '*', '.', '\n', '/'), maxLength: 12 });
    fc.assert(
      fc.property(text, text, (pattern, value) => {
        expect(wildcardMatch(pattern, value)).toBe(asRegex(pattern).test(value));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('user regular expressions run on RE2', () => {
  it(`(a+)+$ on 'a'×50 000 + '!' answers within ${BOUND_MS} ms at every call site`, () => {
    userRegexTest('warm-up', 'x'); // module and JIT warm-up is not what is measured
    const cases = {
      helper: () => userRegexTest('(a+)+$', evil),
      requireToolFor: () => promptRequiresTool(evil, ['(a+)+$']),
      matchesCondition: () => conditionHolds({ path: 'q', operator: 'MATCHES', value: '(a|aa)+$' }, { q: evil }),
      ruleHook: () =>
        evaluateRules(
          [
            {
              id: 'h',
              type: 'rule',
              rule: { decision: 'deny', conditions: [{ path: 'q', operator: 'MATCHES', value: '^(\\w+\\s?)*$' }] },
            } as unknown as PlannedHook,
          ],
          {
            q: evil,
          },
        ).denied,
      longPrompt: () => promptRequiresTool(`${'x'.repeat(200_000)}!`, ['(x+x+)+y', '(.*a){20}']),
    };
    for (const [name, fn] of Object.entries(cases)) {
      const { value, ms } = timed(fn);
      expect(value, name).toBe(false);
      expect(ms, name).toBeLessThan(BOUND_MS);
    }
  });

  it(`blockPatterns on a model answer answer within ${BOUND_MS} ms`, async () => {
    const store = {
      snapshot: async () => ({ hooks: [], guardrails: { blockPatterns: ['(a+)+$', '(a|a)+b'], requireToolFor: [] } }),
      lastAssistantText: async () => evil,
    };
    const started = performance.now();
    const result = await reviewFinalText({ generationId: 'gen_x', step: 1, hookIds: [] }, {
      store,
      secrets: null,
      dispatcher: null,
    } as never);
    expect(performance.now() - started).toBeLessThan(BOUND_MS);
    expect(result).toEqual({ text: evil, blocked: null, reason: null });
  });

  it('keeps the meaning of ordinary patterns (case-insensitive guardrails, anchors, classes)', () => {
    expect(promptRequiresTool('What is the WEATHER?', ['weather'])).toBe(true);
    expect(promptRequiresTool('So, HOW MANY?', ['\\bhow many\\b'])).toBe(true);
    expect(conditionHolds({ path: 'sql', operator: 'MATCHES', value: '^\\s*DROP\\b' }, { sql: '  DROP TABLE x' })).toBe(
      true,
    );
    expect(conditionHolds({ path: 'sql', operator: 'MATCHES', value: '^\\s*DROP\\b' }, { sql: '  drop TABLE x' })).toBe(
      false,
    );
    expect(
      userRegexTest('\\b\\d{4}-\\d{4}-\\d{4}-\\d{4}\\b', 'card 1234-5678-9012-3456 ok', { ignoreCase: true }),
    ).toBe(true);
    expect(userRegexTest('a$', 'a\n')).toBe(false);
  });

  it('refuses at write time what RE2 cannot run, naming the pattern and the reason', () => {
    expect(userRegexProblem('^DROP\\s')).toBeNull();
    expect(userRegexProblem('(?<name>a)')).toBeNull();
    expect(userRegexProblem('foo(?=bar)')).toMatch(/"foo\(\?=bar\)".*lookahead and lookbehind/);
    expect(userRegexProblem('(?<!x)y')).toMatch(/lookahead and lookbehind/);
    expect(userRegexProblem('(a)\\1')).toMatch(/"\(a\)\\\\1".*backreferences/);
    expect(userRegexProblem('(unclosed')).toMatch(/invalid regular expression "\(unclosed": missing closing \)/);
    expect(userRegexProblem('[a-z]{1000}x')).toMatch(/too complex/);
    expect(userRegexProblem('a'.repeat(1001))).toMatch(/longer than 1000 characters/);

    const condition = ruleConditionSchema.safeParse({ path: 'q', operator: 'MATCHES', value: 'a(?!b)' });
    expect(condition.error!.issues[0]).toMatchObject({
      path: ['value'],
      message: expect.stringMatching(/invalid regular expression "a\(\?!b\)": lookahead/),
    });
    const agent = createAgentSchema.safeParse({
      name: 'a',
      aiProviderId: 'aip_0123456789',
      guardrails: { blockPatterns: ['ok', '(x)\\1'] },
    });
    expect(agent.error!.issues[0]).toMatchObject({
      path: ['guardrails', 'blockPatterns', 1],
      message: expect.stringMatching(/backreferences/),
    });
  });

  it('bounds the total cost of the patterns matched against one text', () => {
    const heavy = 'a[ab]{400}c'; // ~400 instructions: the NFA fallback costs (text length × program size)
    const ok = createAgentSchema.safeParse({
      name: 'a',
      aiProviderId: 'aip_0123456789',
      guardrails: { requireToolFor: [heavy, heavy] },
    });
    expect(ok.success).toBe(true);
    const agent = createAgentSchema.safeParse({
      name: 'a',
      aiProviderId: 'aip_0123456789',
      guardrails: { requireToolFor: [heavy, heavy, heavy] },
    });
    expect(agent.error!.issues[0]).toMatchObject({
      path: ['guardrails', 'requireToolFor'],
      message: expect.stringMatching(/too complex together/),
    });
    const conditions = [heavy, heavy, heavy].map((value) => ({ path: 'q', operator: 'MATCHES', value }));
    const hook = createHookSchema.safeParse({
      event: 'PreToolUse',
      type: 'rule',
      config: { decision: 'deny', conditions },
    });
    expect(hook.error!.issues[0]).toMatchObject({
      path: ['config', 'conditions'],
      message: expect.stringMatching(/too complex together/),
    });
  });

  it('a stored pattern RE2 cannot compile matches nothing (as broken patterns always did)', () => {
    expect(userRegexTest('a(?=b)', 'ab')).toBe(false);
    expect(promptRequiresTool('hello', ['weather', '('])).toBe(false);
  });
});
