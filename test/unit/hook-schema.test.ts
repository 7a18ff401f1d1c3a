import { describe, expect, it } from 'vitest';
import { createHookSchema, hookTypesByEvent } from '../../contracts/schemas/hooks.js';

const configs = {
  http: { url: 'https://hooks.example.com/h' },
  rule: { conditions: [{ path: 'sql', operator: 'CONTAINS', value: 'DROP' }], decision: 'deny' },
  approval: {},
} as const;
const events = ['OnRunStart', 'PreToolUse', 'PostToolUse', 'PreResponse', 'OnRunComplete'] as const;

describe('hook schema', () => {
  it.each(events.flatMap((event) => (['http', 'rule', 'approval'] as const).map((type) => [event, type] as const)))(
    '%s × %s',
    (event, type) => {
      const result = createHookSchema.safeParse({ event, type, config: configs[type] });
      const expected = hookTypesByEvent[event].includes(type);
      expect(result.success).toBe(expected);
      if (!expected) expect(result.error!.issues[0]!.path).toEqual(['type']);
    },
  );

  it('http works on every event; approval and rule only before a tool call', () => {
    for (const e of events) expect(hookTypesByEvent[e]).toContain('http');
    expect(events.filter((e) => hookTypesByEvent[e].includes('approval'))).toEqual(['PreToolUse']);
    expect(events.filter((e) => hookTypesByEvent[e].includes('rule'))).toEqual(['PreToolUse']);
  });

  it('matcher only on tool events', () => {
    expect(
      createHookSchema.safeParse({ event: 'PostToolUse', type: 'http', matcher: 'search', config: configs.http })
        .success,
    ).toBe(true);
    const bad = createHookSchema.safeParse({
      event: 'PreResponse',
      type: 'http',
      matcher: 'search',
      config: configs.http,
    });
    expect(bad.error!.issues[0]!.path).toEqual(['matcher']);
  });

  it('rule conditions: operators and values', () => {
    const rule = (condition: object) =>
      createHookSchema.safeParse({
        event: 'PreToolUse',
        type: 'rule',
        config: { conditions: [condition], decision: 'deny' },
      });
    expect(rule({ path: 'a.b', operator: 'STARTS_WITH', value: '/etc' }).success).toBe(true);
    expect(rule({ path: 'a', operator: 'IN', value: ['x', 1, true] }).success).toBe(true);
    expect(rule({ path: 'a', operator: 'MATCHES', value: '^DROP\\s' }).success).toBe(true);
    const badRegex = rule({ path: 'a', operator: 'MATCHES', value: '[z-a]' });
    expect(badRegex.error!.issues[0]!.path).toEqual(['config', 'conditions', 0, 'value']);
    expect(badRegex.error!.issues[0]!.message).toMatch(/invalid regular expression/);
    expect(rule({ path: 'a', operator: 'IN', value: 'x' }).success).toBe(false);
    expect(rule({ path: 'a', operator: 'CONTAINS', value: 3 }).success).toBe(false);
    expect(rule({ path: 'a..b', operator: 'CONTAINS', value: 'x' }).success).toBe(false);
    expect(rule({ path: 'a', operator: 'EQUALS', value: 'x' }).success).toBe(false);
  });

  it('http config defaults and bounds', () => {
    const parsed = createHookSchema.parse({ event: 'OnRunComplete', type: 'http', config: configs.http });
    expect(parsed.config).toEqual({ url: 'https://hooks.example.com/h', timeoutSeconds: 5 });
    expect(
      createHookSchema.safeParse({
        event: 'OnRunComplete',
        type: 'http',
        config: { ...configs.http, timeoutSeconds: 61 },
      }).success,
    ).toBe(false);
    expect(
      createHookSchema.safeParse({ event: 'OnRunComplete', type: 'http', config: { ...configs.http, secret: 'short' } })
        .success,
    ).toBe(false);
    expect(
      createHookSchema.safeParse({ event: 'OnRunComplete', type: 'http', config: { ...configs.http, extra: 1 } })
        .success,
    ).toBe(false);
  });
});
