import { describe, expect, it } from 'vitest';
import { pauseOpenedByReply, type ModelToolCall, type PauseInReply } from '../../contracts/generation/index.js';
import type { PlannedHook } from '../../contracts/generation/index.js';
import { clientToolsPausingInReply } from '../../workflows/loop/pause-write.js';
import { plannedTool } from '../support/planned-tool.js';

const call = (id: string, name: string, args: Record<string, unknown> = {}): ModelToolCall => ({
  id,
  name,
  arguments: args,
  argumentsHash: JSON.stringify(args),
});

const pause: PauseInReply = {
  write: { generationId: 'gen_1', stateVersion: 4, iterationCount: 2, answeredUpdateId: 'u1' },
  clientTools: ['checkout', 'locate'],
  recentCalls: [],
};

describe('pauseOpenedByReply (docs/adr/0039)', () => {
  it('a reply calling only listed client tools: the pause-opening write, calls in the reply order', () => {
    const write = pauseOpenedByReply({ toolCalls: [call('k2', 'locate'), call('k1', 'checkout', { cart: 7 })] }, pause);
    expect(write).toEqual({
      generationId: 'gen_1',
      stateVersion: 4,
      iterationCount: 2,
      answeredUpdateId: 'u1',
      status: 'requires_action',
      requiredAction: {
        type: 'submit_tool_outputs',
        toolCalls: [
          { toolCallId: 'k2', toolName: 'locate', arguments: {} },
          { toolCallId: 'k1', toolName: 'checkout', arguments: { cart: 7 } },
        ],
      },
    });
  });

  it('anything the loop must look at first: no write', () => {
    expect(pauseOpenedByReply({ toolCalls: [] }, pause)).toBeNull();
    expect(pauseOpenedByReply({ toolCalls: [call('k1', 'checkout'), call('s1', 'search')] }, pause)).toBeNull();
    expect(pauseOpenedByReply({ toolCalls: [call('k1', 'checkout'), call('k1', 'locate')] }, pause)).toBeNull();
    expect(
      pauseOpenedByReply(
        { toolCalls: [call('k1', 'checkout')], needsSummary: { level: 1, fromSeq: 2 } as never },
        pause,
      ),
    ).toBeNull();
    // The third identical call in a row: the loop stops the run instead of pausing.
    const twice = { ...pause, recentCalls: [0, 1].map(() => ({ name: 'checkout', argumentsHash: '{}' })) };
    expect(pauseOpenedByReply({ toolCalls: [call('k3', 'checkout')] }, twice)).toBeNull();
    expect(pauseOpenedByReply({ toolCalls: [call('k3', 'checkout', { cart: 1 })] }, twice)).not.toBeNull();
  });
});

describe('clientToolsPausingInReply', () => {
  const plan = { hooks: [] as PlannedHook[], stopConditions: [], approveDestructive: false };
  const client = (name: string, extra = {}) => plannedTool(name, { type: 'client', hasExecutor: false, ...extra });

  it('offered client tools nothing else concerns', () => {
    expect(clientToolsPausingInReply(plan, [client('checkout'), plannedTool('search'), client('locate')])).toEqual([
      'checkout',
      'locate',
    ]);
  });

  it('leaves out client tools a hook, an approval or a stop condition concerns', () => {
    const offered = [client('hooked'), client('everyone'), client('approved', { requiresApproval: true })];
    const ruled: PlannedHook = { id: 'h1', event: 'PreToolUse', type: 'http', matcher: 'hooked' };
    const after: PlannedHook = { id: 'h2', event: 'PostToolUse', type: 'http', matcher: 'everyone' };
    expect(clientToolsPausingInReply({ ...plan, hooks: [ruled, after] }, offered)).toEqual(['everyone']);
    const all: PlannedHook = { id: 'h3', event: 'PreToolUse', type: 'http', matcher: null };
    expect(clientToolsPausingInReply({ ...plan, hooks: [all] }, offered)).toEqual([]);
    const stop = { ...plan, stopConditions: [{ type: 'hasToolCall' as const, toolName: 'everyone' }] };
    expect(clientToolsPausingInReply(stop, offered)).toEqual(['hooked']);
    const destructive = [client('wipe', { destructive: true })];
    expect(clientToolsPausingInReply(plan, destructive)).toEqual(['wipe']);
    expect(clientToolsPausingInReply({ ...plan, approveDestructive: true }, destructive)).toEqual([]);
  });
});
