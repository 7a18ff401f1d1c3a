import { describe, expect, it } from 'vitest';
import { durationSeconds } from '../../contracts/schemas/approval-deadlines.js';
import { isUnprocessableRule } from '../../contracts/schemas/common.js';
import { approvalHookConfigSchema } from '../../contracts/schemas/hooks.js';
import { planHook } from '../../domain/generations/plan-hooks.js';
import type { Hook } from '../../generated/prisma/client.js';

describe('approval deadline fields', () => {
  it('expiresAfter: seconds or an ISO-8601 duration of days, hours, minutes, seconds', () => {
    expect(durationSeconds(90)).toBe(90);
    expect(durationSeconds('PT10M')).toBe(600);
    expect(durationSeconds('P2D')).toBe(2 * 86400);
    expect(durationSeconds('P1DT12H30M5S')).toBe(86400 + 12 * 3600 + 30 * 60 + 5);
    for (const bad of ['P', 'PT', 'P1DT', 'P1M', 'P1Y', '10m', 'PT1.5H']) expect(durationSeconds(bad)).toBeNull();
  });

  it('cross-field rules are 422 issues; the opt-ins make them valid', () => {
    const issues = (config: unknown) => {
      const r = approvalHookConfigSchema.safeParse(config);
      return r.success ? [] : r.error.issues;
    };
    for (const config of [
      { expiresAfter: 60, onExpiry: 'approve' },
      { expiresAfter: 60, timeoutSeconds: 60 },
      { expiresAfter: 60, onExpiry: 'escalate' },
      { expiresAfter: 'PT1M', remindBefore: 60 },
      { remindBefore: 5 },
      { expiresAfter: 'P366D' },
    ]) {
      const found = issues(config);
      expect(found.length, JSON.stringify(config)).toBeGreaterThan(0);
      expect(
        found.every((i) => isUnprocessableRule(i)),
        JSON.stringify(found),
      ).toBe(true);
    }
    expect(issues({ expiresAfter: 'PT1M', onExpiry: 'approve', allowAutoApprove: true })).toEqual([]);
    expect(
      issues({
        expiresAfter: 'PT1H',
        remindBefore: 600,
        onExpiry: 'escalate',
        escalation: { approvers: ['key_abcdefgh12'], expiresAfter: 'P1D' },
      }),
    ).toEqual([]);
    // A duration that is not one is a plain schema error (400), not a rule.
    expect(issues({ expiresAfter: 'P1M' }).some((i) => isUnprocessableRule(i))).toBe(false);
  });
});

describe('approval deadline plan', () => {
  const hook = (config: unknown) =>
    ({ id: 'hook_1', type: 'approval', event: 'PreToolUse', matcher: '*', config }) as unknown as Hook;

  it('approves at expiry only where the stored hook allows it; otherwise the deadline denies', () => {
    const allowed = planHook(hook({ expiresAfter: 60, onExpiry: 'approve', allowAutoApprove: true }));
    expect(allowed).toMatchObject({ approvalTimeoutSeconds: 60, approvalDeadline: { onExpiry: 'approve' } });
    // A stored config without the opt-in (written before the 422 rule, or edited in the database).
    const stored = planHook(hook({ expiresAfter: 60, onExpiry: 'approve' }));
    expect(stored).toMatchObject({ approvalDeadline: { onExpiry: 'deny' } });
    const escalated = planHook(
      hook({
        expiresAfter: 60,
        onExpiry: 'escalate',
        escalation: { approvers: ['ops'], expiresAfter: 'PT1H', onExpiry: 'approve' },
      }),
    );
    expect(escalated).toMatchObject({
      approvalDeadline: { onExpiry: 'escalate', escalation: { expiresAfterSeconds: 3600, onExpiry: 'deny' } },
    });
  });
});
