import { describe, expect, it } from 'vitest';
import { approvalDeadlineOf, FORK_EXPIRY_REASON, type LoopPlan } from '../../contracts/generation/index.js';
import type { GenerationSnapshot } from '../../contracts/snapshot.js';
import { authorityNow, generateRight } from '../../domain/deferred-authority.js';
import {
  detachedCallRefusal,
  detachedSettingRefusal,
  originChoices,
} from '../../domain/generations/fork-configuration.js';
import type { Db } from '../../infra/db/prisma.js';

/** A key table of canned rows: the rule reads one key by id and project. */
function keys(rows: Array<{ id: string; projectId: string; policy: unknown; revokedAt: Date | null }>) {
  return {
    apiKey: {
      findFirst: async ({ where }: { where: { id: string; projectId: string } }) =>
        rows.find((r) => r.id === where.id && r.projectId === where.projectId) ?? null,
    },
  } as unknown as Pick<Db, 'apiKey'>;
}

const allowGenerate = { statements: [{ effect: 'Allow', action: ['agents:CreateAgentGeneration'], resource: ['*'] }] };
const right = generateRight('prj_1', 'agt_1');

describe('authorityNow: deferred work acts only with a key that still holds the right', () => {
  const db = keys([
    { id: 'key_ok', projectId: 'prj_1', policy: allowGenerate, revokedAt: null },
    { id: 'key_gone', projectId: 'prj_1', policy: allowGenerate, revokedAt: new Date() },
    {
      id: 'key_narrow',
      projectId: 'prj_1',
      policy: { statements: [{ effect: 'Allow', action: ['agents:GetAgent'], resource: ['*'] }] },
      revokedAt: null,
    },
    { id: 'key_bad', projectId: 'prj_1', policy: { nope: true }, revokedAt: null },
  ]);

  it('a key that exists, stands and allows the action acts', async () => {
    const a = await authorityNow(db, { projectId: 'prj_1', keyId: 'key_ok' }, right);
    expect(a).toMatchObject({ ok: true, auth: { projectId: 'prj_1', keyId: 'key_ok' } });
  });
  it('no key, a revoked key, a key of another project: refused with the reason', async () => {
    expect(await authorityNow(db, { projectId: 'prj_1', keyId: null }, right)).toMatchObject({
      ok: false,
      code: 'principal_missing',
    });
    expect(await authorityNow(db, { projectId: 'prj_1', keyId: 'key_gone' }, right)).toMatchObject({
      ok: false,
      code: 'principal_revoked',
      message: 'The API key key_gone it acts for is revoked',
    });
    expect(await authorityNow(db, { projectId: 'prj_2', keyId: 'key_ok' }, right)).toMatchObject({
      code: 'principal_revoked',
    });
  });
  it('a key whose policy no longer allows the action, or no longer parses, is refused', async () => {
    const narrow = await authorityNow(db, { projectId: 'prj_1', keyId: 'key_narrow' }, right);
    expect(narrow).toMatchObject({ ok: false, code: 'principal_not_allowed' });
    expect(narrow.ok ? '' : narrow.message).toContain('agents:CreateAgentGeneration on prj_1:agents/agt_1');
    expect(await authorityNow(db, { projectId: 'prj_1', keyId: 'key_bad' })).toMatchObject({
      code: 'principal_not_allowed',
    });
  });
  it('without a right, only the key standing is checked', async () => {
    expect(await authorityNow(db, { projectId: 'prj_1', keyId: 'key_narrow' })).toMatchObject({ ok: true });
  });
});

describe('approvalDeadlineOf: the fork rule’s approvals never approve at a deadline', () => {
  const fork: LoopPlan['fork'] = { fromStep: 1, toolsUsed: [], initialMessages: 1 };
  const hook = {
    approvalDeadline: {
      onExpiry: 'escalate' as const,
      escalation: { expiresAfterSeconds: 60, onExpiry: 'approve' as const },
    },
  };
  it('keeps the hook’s policy outside a fork or for a tool that is not at-most-once', () => {
    expect(approvalDeadlineOf({}, hook, { atMostOnce: true })).toBe(hook.approvalDeadline);
    expect(approvalDeadlineOf({ fork }, hook, {})).toBe(hook.approvalDeadline);
    expect(approvalDeadlineOf({ fork }, undefined, { atMostOnce: true })).toBeUndefined();
  });
  it('turns approve into deny at either stage, with the reason', () => {
    expect(approvalDeadlineOf({ fork }, hook, { atMostOnce: true })).toEqual({
      onExpiry: 'escalate',
      escalation: { expiresAfterSeconds: 60, onExpiry: 'deny', expiryReason: FORK_EXPIRY_REASON },
    });
    expect(approvalDeadlineOf({ fork }, { approvalDeadline: { onExpiry: 'approve' } }, { atMostOnce: true })).toEqual({
      onExpiry: 'deny',
      expiryReason: FORK_EXPIRY_REASON,
    });
  });
});

describe('a fork plans today’s configuration with its origin’s choices', () => {
  const origin = {
    plan: {
      maxSteps: 7,
      toolChoice: { type: 'tool', toolName: 'lookup' },
      activeToolIds: ['agt_tool_aaaaaaaa'],
      stepRules: [{ step: 2, activeToolIds: ['agt_tool_bbbbbbbb'] }],
      stopConditions: [],
      remainingDepth: 3,
      tools: [],
    },
    modelParameters: { temperature: 0.2 },
    endUserId: 'user-1',
  } as unknown as GenerationSnapshot;

  it('originChoices carries the run-level choices and nothing of authority', () => {
    expect(originChoices(origin)).toMatchObject({
      maxSteps: 7,
      toolChoice: { type: 'tool', toolName: 'lookup' },
      activeToolIds: ['agt_tool_aaaaaaaa'],
      modelParameters: { temperature: 0.2 },
      endUserId: 'user-1',
      maxCallDepth: 4,
    });
  });
  it('a live setting naming a detached tool id is refused, naming it', () => {
    expect(detachedSettingRefusal(origin, ['agt_tool_aaaaaaaa', 'agt_tool_bbbbbbbb'])).toBeNull();
    expect(detachedSettingRefusal(origin, ['agt_tool_aaaaaaaa'])).toMatch(/agt_tool_bbbbbbbb/);
  });
  it('a kept call or the forced choice of a tool no longer offered is refused; MCP tools by their discovering tool', () => {
    const today = { tools: [{ type: 'http', name: 'lookup' }] } as unknown as GenerationSnapshot;
    const discoveredTools = { tools: [{ name: 'docs_search', toolId: 'agt_tool_mcp00000' }] };
    const row = { snapshot: origin, discoveredTools };
    expect(detachedCallRefusal(row, today, ['agt_tool_mcp00000'], ['lookup', 'docs_search'])).toBeNull();
    expect(detachedCallRefusal(row, today, [], ['docs_search'])).toMatch(/docs_search/);
    expect(detachedCallRefusal(row, today, [], ['charge'])).toMatch(/kept conversation calls tool charge/);
    const none = { tools: [] } as unknown as GenerationSnapshot;
    expect(detachedCallRefusal(row, none, [], [])).toMatch(/tool choice forces tool lookup/);
  });
});
