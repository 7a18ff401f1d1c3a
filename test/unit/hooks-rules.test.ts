import { describe, expect, it } from 'vitest';
import {
  conditionHolds,
  evaluateRules,
  hooksFor,
  promptRequiresTool,
  valueAtPath,
} from '../../contracts/generation/hooks.js';
import type { PlannedHook } from '../../contracts/generation/index.js';

const rule = (
  id: string,
  decision: 'deny' | 'allow',
  conditions: NonNullable<PlannedHook['rule']>['conditions'],
  matcher: string | null = null,
): PlannedHook => ({
  id,
  event: 'PreToolUse',
  type: 'rule',
  matcher,
  rule: { decision, conditions, reason: `reason ${id}` },
});

describe('rule hooks', () => {
  it('reads nested argument paths', () => {
    expect(valueAtPath({ a: { b: { c: 3 } } }, 'a.b.c')).toBe(3);
    expect(valueAtPath({ a: 1 }, 'a.b')).toBeUndefined();
  });

  it('implements CONTAINS, STARTS_WITH, MATCHES and IN', () => {
    expect(conditionHolds({ path: 'sql', operator: 'CONTAINS', value: 'DROP' }, { sql: 'x DROP y' })).toBe(true);
    expect(conditionHolds({ path: 'tags', operator: 'CONTAINS', value: 'pii' }, { tags: ['a', 'pii'] })).toBe(true);
    expect(conditionHolds({ path: 'sql', operator: 'STARTS_WITH', value: 'DELETE' }, { sql: 'DELETE FROM t' })).toBe(
      true,
    );
    expect(conditionHolds({ path: 'sql', operator: 'STARTS_WITH', value: 'DELETE' }, { sql: ' select' })).toBe(false);
    expect(conditionHolds({ path: 'email', operator: 'MATCHES', value: '@corp\\.com$' }, { email: 'a@corp.com' })).toBe(
      true,
    );
    expect(conditionHolds({ path: 'table', operator: 'IN', value: ['users', 'payments'] }, { table: 'payments' })).toBe(
      true,
    );
    expect(conditionHolds({ path: 'amount', operator: 'IN', value: [100, 200] }, { amount: 200 })).toBe(true);
    expect(conditionHolds({ path: 'missing', operator: 'CONTAINS', value: 'x' }, {})).toBe(false);
  });

  it('the first matching deny wins; allow rules never override a deny; all conditions must hold', () => {
    const hooks = [
      rule('allow1', 'allow', [{ path: 'table', operator: 'IN', value: ['users'] }]),
      rule('deny1', 'deny', [
        { path: 'table', operator: 'IN', value: ['users'] },
        { path: 'sql', operator: 'STARTS_WITH', value: 'DELETE' },
      ]),
      rule('deny2', 'deny', [{ path: 'table', operator: 'IN', value: ['users'] }]),
    ];
    expect(evaluateRules(hooks, { table: 'users', sql: 'DELETE x' })).toEqual({
      denied: true,
      hookId: 'deny1',
      reason: 'reason deny1',
    });
    expect(evaluateRules(hooks, { table: 'users', sql: 'SELECT' })).toEqual({
      denied: true,
      hookId: 'deny2',
      reason: 'reason deny2',
    });
    expect(evaluateRules(hooks, { table: 'orders' })).toEqual({ denied: false });
  });

  it('selects hooks by event and matcher (no matcher = every tool)', () => {
    const hooks = [
      rule('a', 'deny', [], 'pay'),
      rule('b', 'deny', []),
      { ...rule('c', 'deny', []), event: 'PostToolUse' as const },
    ];
    expect(hooksFor(hooks, 'PreToolUse', 'pay').map((h) => h.id)).toEqual(['a', 'b']);
    expect(hooksFor(hooks, 'PreToolUse', 'read').map((h) => h.id)).toEqual(['b']);
  });

  it('requireToolFor matches the prompt case-insensitively and ignores broken patterns', () => {
    expect(promptRequiresTool('What is the WEATHER?', ['weather'])).toBe(true);
    expect(promptRequiresTool('hello', ['weather', '('])).toBe(false);
  });
});
