import { describe, expect, it } from 'vitest';
import { approvalExpiry } from '../../domain/approval-expiry.js';

/** A generation snapshot with these hooks (the rest as small as the stored shape allows). */
const withHooks = (hooks: Array<{ event: string; type: string; matcher: string | null; config: object }>) => ({
  snapshot: {
    agent: { id: 'agt_1', name: 'a', instructions: null, temperature: null },
    model: 'm',
    provider: {
      id: 'p',
      kind: 'openai_compatible',
      baseUrl: null,
      apiKeyEncrypted: null,
      defaultModel: 'm',
      headers: null,
    },
    tools: [],
    hooks: hooks.map((h, i) => ({ id: `hook_${i}`, ...h })),
    guardrails: {},
    plan: { tools: [] },
    firstMessageSeq: 0,
  },
});

describe("approvalExpiry: what an approval's deadlines decide, from the generation's snapshot", () => {
  it('reads the first approval hook matching the tool, as the workflow picks it', () => {
    const g = withHooks([
      { event: 'PostToolUse', type: 'approval', matcher: null, config: { onExpiry: 'approve' } },
      {
        event: 'PreToolUse',
        type: 'rule',
        matcher: null,
        config: { conditions: [{ path: 'sql', operator: 'CONTAINS', value: 'DROP' }], decision: 'deny' },
      },
      { event: 'PreToolUse', type: 'approval', matcher: 'other_tool', config: { onExpiry: 'approve' } },
      {
        event: 'PreToolUse',
        type: 'approval',
        matcher: 'database_write',
        config: {
          expiresAfter: 'PT1H',
          onExpiry: 'escalate',
          escalation: { approvers: ['key_abcdefgh12'], expiresAfter: 'P1D', onExpiry: 'approve' },
          allowAutoApprove: true,
        },
      },
      { event: 'PreToolUse', type: 'approval', matcher: null, config: { onExpiry: 'approve', allowAutoApprove: true } },
    ]);
    expect(approvalExpiry(g, 'database_write')).toEqual({ onExpiry: 'escalate', escalationOnExpiry: 'approve' });
    // A hook without a matcher holds every tool.
    expect(approvalExpiry(g, 'refund_order')).toEqual({ onExpiry: 'approve', escalationOnExpiry: null });
  });

  it('is deny without a hook, or with a hook that sets no onExpiry; an escalation denies by default', () => {
    expect(approvalExpiry(withHooks([]), 'database_write')).toEqual({ onExpiry: 'deny', escalationOnExpiry: null });
    const plain = withHooks([{ event: 'PreToolUse', type: 'approval', matcher: null, config: { timeoutSeconds: 60 } }]);
    expect(approvalExpiry(plain, 'x')).toEqual({ onExpiry: 'deny', escalationOnExpiry: null });
    const escalating = withHooks([
      {
        event: 'PreToolUse',
        type: 'approval',
        matcher: null,
        config: { onExpiry: 'escalate', escalation: { approvers: ['key_abcdefgh12'], expiresAfter: 60 } },
      },
    ]);
    expect(approvalExpiry(escalating, 'x')).toEqual({ onExpiry: 'escalate', escalationOnExpiry: 'deny' });
  });
});
