import { describe, expect, it } from 'vitest';
import { plannedTool } from '../support/planned-tool.js';
import type { PlannedHook } from '../../contracts/generation/index.js';
import { toolsRunInReply } from '../../workflows/loop/tools-in-reply.js';

const tool = plannedTool;
const hook = (event: PlannedHook['event'], matcher: string | null): PlannedHook => ({
  id: `hook_${event}_${matcher}`,
  event,
  type: 'http',
  matcher,
});
const plan = { hooks: [] as PlannedHook[], stopConditions: [], approveDestructive: false };
const names = (tools: ReturnType<typeof toolsRunInReply>) => tools.map((t) => t.name);

describe('toolsRunInReply', () => {
  it('keeps plain http tools with their batching and timeout facts', () => {
    expect(toolsRunInReply([tool('a', { readOnly: true, timeoutSeconds: 5 })], plan)).toEqual([
      { name: 'a', readOnly: true, timeoutSeconds: 5 },
    ]);
  });

  it('leaves out every tool type but http, and http tools without an executor', () => {
    const others = (['client', 'builtin', 'mcp', 'platform', 'agent'] as const).map((type) => tool(type, { type }));
    expect(names(toolsRunInReply([...others, tool('done', { hasExecutor: false }), tool('ok')], plan))).toEqual(['ok']);
  });

  it('leaves out tools a hook, an approval or a stop condition concerns', () => {
    const tools = [tool('pre'), tool('post'), tool('approved', { requiresApproval: true }), tool('stop'), tool('ok')];
    const withRules = {
      hooks: [hook('PreToolUse', 'pre'), hook('PostToolUse', 'post'), hook('OnRunStart', null)],
      stopConditions: [{ type: 'hasToolCall' as const, toolName: 'stop' }],
      approveDestructive: false,
    };
    expect(names(toolsRunInReply(tools, withRules))).toEqual(['ok']);
    expect(toolsRunInReply(tools, { ...plan, hooks: [hook('PostToolUse', null)] })).toEqual([]);
  });

  it('leaves out destructive tools only when the agent asks approval for them', () => {
    const destructive = [tool('d', { destructive: true })];
    expect(names(toolsRunInReply(destructive, plan))).toEqual(['d']);
    expect(toolsRunInReply(destructive, { ...plan, approveDestructive: true })).toEqual([]);
  });
});
