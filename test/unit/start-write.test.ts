import { describe, expect, it } from 'vitest';
import { plannedTool } from '../support/planned-tool.js';
import type { PlannedHook, PlannedTool } from '../../contracts/generation/index.js';
import { startWriteInModelCall } from '../../workflows/loop/start-write.js';

const http = plannedTool('lookup', { readOnly: true });
const hook = (event: PlannedHook['event'], type: PlannedHook['type']): PlannedHook => ({
  id: `hook_${event}_${type}`,
  event,
  type,
  matcher: null,
});

describe('startWriteInModelCall (docs/adr/0032)', () => {
  it('lets the first model call make the start write when it is the run’s first activity', () => {
    expect(startWriteInModelCall({ hooks: [], tools: [http], maxSteps: 10 })).toBe(true);
    // Hooks of other events, and rule hooks at the start, run no activity before the model call.
    expect(
      startWriteInModelCall({
        hooks: [hook('PreToolUse', 'http'), hook('OnRunStart', 'rule')],
        tools: [],
        maxSteps: 1,
      }),
    ).toBe(true);
  });

  it('keeps the start write its own activity when an http OnRunStart hook or MCP discovery comes first', () => {
    expect(startWriteInModelCall({ hooks: [hook('OnRunStart', 'http')], tools: [http], maxSteps: 10 })).toBe(false);
    const mcp: PlannedTool = { ...http, name: 'docs', type: 'mcp' };
    expect(startWriteInModelCall({ hooks: [], tools: [http, mcp], maxSteps: 10 })).toBe(false);
  });

  it('keeps it when no model call may run at all', () => {
    expect(startWriteInModelCall({ hooks: [], tools: [], maxSteps: 0 })).toBe(false);
  });
});
